import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { Button } from "../../../components/Button";
import type { SafeguardingAlertFieldsFragment } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { alertTitle, formatDateTime } from "../format";
import { ReviewSafeguardingAlertDocument } from "../graphql";
import styles from "./SafeguardingPanel.module.css";

export const REVIEW_FAILED = "Failed to mark the alert reviewed";
export const NO_OPEN_ALERTS = "No safeguarding alerts to review.";

type SafeguardingPanelProps = {
  alerts: SafeguardingAlertFieldsFragment[];
  /** Open alerts on the server (the list shows the most urgent ones). */
  total: number;
  /** The latest alert that arrived live, announced to screen readers. */
  announcement: string;
  onReviewed: (alert: SafeguardingAlertFieldsFragment) => void;
  onViewChat: (alert: SafeguardingAlertFieldsFragment) => void;
};

/**
 * The school's safeguarding events still to be dealt with, at the top of the dashboard, urgent ones
 * first. Each stays until a teacher marks it reviewed (the server records who and when).
 */
export function SafeguardingPanel({ alerts, total, announcement, onReviewed, onViewChat }: SafeguardingPanelProps) {
  const urgent = alerts.filter((alert) => alert.severity === "urgent").length;
  return (
    <section className={`${styles.panel} ${alerts.length ? styles.open : ""}`} aria-labelledby="safeguarding-heading">
      <h2 id="safeguarding-heading" className={styles.heading}>
        Safeguarding
        {alerts.length ? (
          <span className={styles.count}>
            {" "}
            · {total} to review{urgent ? <strong className={styles.urgentCount}>, {urgent} urgent</strong> : null}
          </span>
        ) : null}
      </h2>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {alerts.length === 0 ? (
        <p className={styles.none}>{NO_OPEN_ALERTS}</p>
      ) : (
        <ul className={styles.list}>
          {alerts.map((alert) => (
            <AlertItem key={alert.id} alert={alert} onReviewed={onReviewed} onViewChat={onViewChat} />
          ))}
        </ul>
      )}
      {total > alerts.length ? (
        <p className={styles.more}>
          Showing the {alerts.length} most urgent of {total}. Review these to see the rest.
        </p>
      ) : null}
    </section>
  );
}

function AlertItem({
  alert,
  onReviewed,
  onViewChat,
}: {
  alert: SafeguardingAlertFieldsFragment;
  onReviewed: (alert: SafeguardingAlertFieldsFragment) => void;
  onViewChat: (alert: SafeguardingAlertFieldsFragment) => void;
}) {
  const [review, { loading }] = useMutation(ReviewSafeguardingAlertDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const urgent = alert.severity === "urgent";
  const titleId = `alert-${alert.id}`;

  async function markReviewed() {
    setFailure(null);
    try {
      const { data } = await review({ variables: { id: alert.id } });
      if (data) {
        onReviewed(data.reviewSafeguardingAlert);
      }
    } catch (error) {
      setFailure(errorMessage(error, REVIEW_FAILED));
    }
  }

  return (
    <li className={`${styles.alert} ${urgent ? styles.urgent : ""}`} aria-labelledby={titleId}>
      <div className={styles.alertHead}>
        {urgent ? <span className={styles.urgentTag}>Urgent</span> : null}
        <h3 id={titleId} className={styles.alertTitle}>
          {alertTitle(alert)}: {alert.studentDisplayName}
        </h3>
        <time className={styles.time} dateTime={alert.createdAt}>
          {formatDateTime(alert.createdAt)}
        </time>
      </div>
      {alert.bookTitle ? <p className={styles.book}>About {alert.bookTitle}</p> : null}
      {alert.messageExcerpt ? (
        <blockquote className={styles.excerpt}>
          <p>{alert.messageExcerpt}</p>
        </blockquote>
      ) : null}
      <p className={styles.reason}>
        {alert.reason}
        {alert.type === "alert" ? "" : alert.blocked ? " · Account restricted" : ` · Strikes: ${alert.strikeCount}`}
      </p>
      {failure ? (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={styles.actions}>
        {alert.chatId ? (
          <Button variant="secondary" onClick={() => onViewChat(alert)}>
            View Chat<span className="visually-hidden"> of {alert.studentDisplayName}</span>
          </Button>
        ) : null}
        <Button onClick={() => void markReviewed()} disabled={loading}>
          {loading ? "Saving…" : "Mark as reviewed"}
          <span className="visually-hidden">
            : {alertTitle(alert)} for {alert.studentDisplayName}
          </span>
        </Button>
      </div>
    </li>
  );
}
