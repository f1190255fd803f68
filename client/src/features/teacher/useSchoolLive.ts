import type { ApolloCache } from "@apollo/client";
import { useSubscription } from "@apollo/client/react";
import type { SafeguardingAlertFieldsFragment } from "../../gql/graphql";
import { SafeguardingAlertsDocument, SchoolActivityDocument } from "./graphql";

function studentRef(cache: ApolloCache, id: string) {
  return cache.identify({ __typename: "SchoolStudent", id });
}

/**
 * The school's live events for the dashboard: a student's chat activity updates their card's chat
 * totals; a safeguarding event updates their strikes and block and is handed to the panel.
 */
export function useSchoolLive(onAlert: (alert: SafeguardingAlertFieldsFragment) => void) {
  useSubscription(SchoolActivityDocument, {
    ignoreResults: true,
    onData: ({ client, data }) => {
      const activity = data.data?.schoolActivity;
      if (!activity) {
        return;
      }
      client.cache.modify({
        id: studentRef(client.cache, activity.chat.userId),
        fields: {
          // Two sends at once may publish out of order: totals only grow.
          chatCount: (current: number) => Math.max(current, activity.studentChatCount),
          messageCount: (current: number) => Math.max(current, activity.studentMessageCount),
          lastChatAt: (current: string | null) =>
            current && current > activity.chat.lastUpdated ? current : activity.chat.lastUpdated,
        },
      });
    },
  });

  useSubscription(SafeguardingAlertsDocument, {
    ignoreResults: true,
    onData: ({ client, data }) => {
      const alert = data.data?.moderationAlerts;
      if (!alert) {
        return;
      }
      // A reviewed alert says nothing new about the student's state (it may be old).
      if (!alert.reviewedAt) {
        client.cache.modify({
          id: studentRef(client.cache, alert.studentId),
          fields: {
            moderation: (current: object) => ({
              ...current,
              strikeCount: alert.strikeCount,
              blocked: alert.blocked,
              ...(alert.blocked ? {} : { blockedAt: null, blockReason: null }),
            }),
          },
        });
      }
      onAlert(alert);
    },
  });
}
