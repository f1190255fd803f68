import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/Button";
import type { SafeguardingAlertFieldsFragment } from "../../../gql/graphql";
import { toggled } from "../../../lib/sets";
import { downloadAlertsCsv } from "../../safeguarding/exportCsv";
import { AlertExcerpt, UrgentTag } from "../../safeguarding/components/AlertParts";
import { ReviewDialog } from "../../safeguarding/components/ReviewDialog";
import { formatDateTime } from "../format";
import styles from "./SafeguardingPanel.module.css";

export const NO_OPEN_ALERTS = "No safeguarding alerts to review.";
export const EXPORT_LABEL = "Export alerts (CSV)";

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
 * first. Each stays until a teacher reviews it with a note (what was done): one at a time, or several
 * selected with one note. The server keeps who, when and the note; every alert, open or reviewed,
 * exports as CSV for the school's own safeguarding system.
 */
export function SafeguardingPanel({ alerts, total, announcement, onReviewed, onViewChat }: SafeguardingPanelProps) {
  const urgent = alerts.filter((alert) => alert.severity === "urgent").length;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [reviewing, setReviewing] = useState<SafeguardingAlertFieldsFragment[] | null>(null);
  const [exportNote, setExportNote] = useState<{ tone: "done" | "failed"; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  // Only alerts still listed count (one reviewed elsewhere drops out of the selection).
  const chosen = alerts.filter((alert) => selected.has(alert.id));

  async function exportCsv() {
    setExporting(true);
    setExportNote(null);
    try {
      const name = await downloadAlertsCsv();
      setExportNote({ tone: "done", text: `Downloaded ${name}` });
    } catch (error) {
      setExportNote({ tone: "failed", text: (error as Error).message });
    } finally {
      setExporting(false);
    }
  }

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
      <div className={styles.toolbar}>
        {alerts.length > 1 ? (
          <Button
            variant="secondary"
            className={styles.reviewSelected}
            aria-disabled={chosen.length === 0}
            onClick={() => chosen.length > 0 && setReviewing(chosen)}
          >
            Review selected ({chosen.length})
          </Button>
        ) : null}
        <Button variant="secondary" aria-disabled={exporting} onClick={() => !exporting && void exportCsv()}>
          {exporting ? "Exporting…" : EXPORT_LABEL}
        </Button>
        <p className={exportNote?.tone === "failed" ? styles.failure : styles.exportNote} role="status">
          {exportNote?.text}
        </p>
      </div>
      {alerts.length === 0 ? (
        <p className={styles.none}>{NO_OPEN_ALERTS}</p>
      ) : (
        <ul className={styles.list}>
          {alerts.map((alert) => (
            <AlertItem
              key={alert.id}
              alert={alert}
              selectable={alerts.length > 1}
              selected={selected.has(alert.id)}
              onSelect={(on) => setSelected((current) => toggled(current, alert.id, on))}
              onReview={() => setReviewing([alert])}
              onViewChat={onViewChat}
            />
          ))}
        </ul>
      )}
      {total > alerts.length ? (
        <p className={styles.more}>
          Showing the {alerts.length} most urgent of {total}. Review these to see the rest.
        </p>
      ) : null}
      {reviewing ? (
        <ReviewDialog
          alerts={reviewing}
          onClose={() => setReviewing(null)}
          onReviewed={(reviewed) => {
            for (const { alert } of reviewed) {
              onReviewed(alert);
            }
            setSelected(new Set());
            setReviewing(null);
          }}
        />
      ) : null}
    </section>
  );
}

function AlertItem({
  alert,
  selectable,
  selected,
  onSelect,
  onReview,
  onViewChat,
}: {
  alert: SafeguardingAlertFieldsFragment;
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onReview: () => void;
  onViewChat: (alert: SafeguardingAlertFieldsFragment) => void;
}) {
  const urgent = alert.severity === "urgent";
  const titleId = `alert-${alert.id}`;
  const title = `${alert.label}: ${alert.studentDisplayName}`;

  return (
    <li className={`${styles.alert} ${urgent ? styles.urgent : ""}`} aria-labelledby={titleId}>
      <div className={styles.alertHead}>
        {selectable ? (
          <input
            type="checkbox"
            className={styles.select}
            checked={selected}
            aria-label={`Select ${title}`}
            onChange={(event) => onSelect(event.target.checked)}
          />
        ) : null}
        {urgent ? <UrgentTag /> : null}
        <h3 id={titleId} className={styles.alertTitle}>
          {title}
        </h3>
        <time className={styles.time} dateTime={alert.createdAt}>
          {formatDateTime(alert.createdAt)}
        </time>
      </div>
      {alert.bookTitle ? <p className={styles.book}>About {alert.bookTitle}</p> : null}
      {alert.messageExcerpt ? <AlertExcerpt text={alert.messageExcerpt} /> : null}
      <p className={styles.reason}>
        {alert.reason}
        {alert.type === "alert" || alert.type === "concern"
          ? ""
          : alert.blocked
            ? " · Account restricted"
            : ` · Strikes: ${alert.strikeCount}`}
      </p>
      <div className={styles.actions}>
        {alert.chatId ? (
          <Button variant="secondary" onClick={() => onViewChat(alert)}>
            View Chat<span className="visually-hidden"> of {alert.studentDisplayName}</span>
          </Button>
        ) : null}
        <Link className={styles.details} to={`/teacher/alerts/${encodeURIComponent(alert.id)}`}>
          Details and notes<span className="visually-hidden">: {title}</span>
        </Link>
        <Button onClick={onReview}>
          Mark as reviewed
          <span className="visually-hidden">
            : {alert.label} for {alert.studentDisplayName}
          </span>
        </Button>
      </div>
    </li>
  );
}
