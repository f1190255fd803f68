import { skipToken, useQuery, useSubscription } from "@apollo/client/react";
import { useCallback, useState } from "react";
import { useOnLiveReconnected } from "../../lib/live-events";
import type { SessionUser } from "../../lib/session";
import { AccountModerationDocument, ChatAccountDocument } from "./graphql";

/**
 * Whether the signed-in student is restricted from sending, kept current while the chat is open: the
 * session user says so first, the server's answer when the pane opens (the session user may be from
 * before a teacher's unblock), then an ACCOUNT_RESTRICTED refusal (markBlocked) or an accountUpdated
 * event (a block, an unblock), whichever came last.
 */
export function useAccountBlocked(user: SessionUser | null) {
  const uid = user?.uid ?? null;
  const [live, setLive] = useState<{ uid: string; blocked: boolean } | null>(null);
  // Not cached: the session's own `me` stays as AuthProvider left it.
  const { data, refetch } = useQuery(ChatAccountDocument, uid === null ? skipToken : { fetchPolicy: "no-cache" });
  // Back from a dropped connection (the server closes a student's sockets when it blocks them): a
  // block or unblock may have happened meanwhile, so the server's answer replaces the last event.
  useOnLiveReconnected(() => {
    if (uid === null) {
      return;
    }
    refetch().then(
      ({ data: fresh }) => {
        if (fresh) {
          setLive({ uid: fresh.me.uid, blocked: fresh.me.moderation.blocked });
        }
      },
      () => undefined,
    );
  });
  useSubscription(
    AccountModerationDocument,
    uid === null
      ? skipToken
      : {
          ignoreResults: true,
          onData: ({ data: event }) => {
            const account = event.data?.accountUpdated;
            if (account) {
              setLive({ uid: account.uid, blocked: account.moderation.blocked });
            }
          },
        },
  );
  const markBlocked = useCallback(() => {
    if (uid !== null) {
      setLive({ uid, blocked: true });
    }
  }, [uid]);

  const liveBlocked = live !== null && live.uid === uid ? live.blocked : undefined;
  const blocked = liveBlocked ?? data?.me.moderation.blocked ?? user?.moderation?.blocked ?? false;
  return { blocked, markBlocked };
}
