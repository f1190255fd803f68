import { useQuery } from "@apollo/client/react";
import { useId, useState } from "react";
import { Button } from "../../../components/Button";
import { Spinner } from "../../../components/Spinner";
import type { AdminHomeActivityItemFragment } from "../../../gql/graphql";
import { UrgentTag } from "../../safeguarding/components/AlertParts";
import { ActivityIcon } from "./ActivityIcon";
import { ACTIVITY_LABELS, formatLondonDateTime } from "./format";
import { AdminHomeActivityDocument } from "./graphql";
import styles from "./RecentActivity.module.css";

export const ACTIVITY_LOAD_ERROR = "Failed to load recent activity.";
export const OLDER_ACTIVITY_ERROR = "Failed to load older activity.";
export const NO_ACTIVITY = "No activity yet.";
export const ACTIVITY_PAGE_SIZE = 20;

/** Newest first; an item seen on two pages (same time as the page's edge) is listed once. */
function mergeActivity(items: AdminHomeActivityItemFragment[], older: AdminHomeActivityItemFragment[]) {
  const known = new Set(items.map((item) => item.id));
  return [...items, ...older.filter((item) => !known.has(item.id))];
}

function ActivityEntry({ item }: { item: AdminHomeActivityItemFragment }) {
  return (
    <li className={`${styles.item} ${item.urgent ? styles.urgent : ""}`}>
      <span className={`${styles.icon} ${styles[item.kind] ?? ""}`}>
        <ActivityIcon kind={item.kind} />
      </span>
      <div className={styles.text}>
        <p className={styles.head}>
          <span className={styles.kind}>{ACTIVITY_LABELS[item.kind]}</span>
          {item.urgent ? <UrgentTag /> : null}
        </p>
        <p className={styles.summary}>{item.summary}</p>
        <p className={styles.meta}>
          {item.actorName ? <span>By {item.actorName} · </span> : null}
          <time dateTime={item.createdAt}>{formatLondonDateTime(item.createdAt) ?? "Unknown time"}</time>
        </p>
      </div>
    </li>
  );
}

/**
 * The dashboard's 'Recent activity': registrations, published books, reviews, safeguarding events
 * and admin actions, newest first, with older pages on request.
 */
export function RecentActivity() {
  const headingId = useId();
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderFailed, setOlderFailed] = useState(false);
  const { data, error, refetch, fetchMore } = useQuery(AdminHomeActivityDocument, {
    variables: { limit: ACTIVITY_PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const page = data?.adminActivity ?? null;

  async function showOlder() {
    if (!page?.nextBefore || loadingOlder) {
      return;
    }
    setLoadingOlder(true);
    setOlderFailed(false);
    try {
      await fetchMore({
        variables: { before: page.nextBefore, limit: ACTIVITY_PAGE_SIZE },
        updateQuery: (previous, { fetchMoreResult }) => ({
          adminActivity: {
            ...fetchMoreResult.adminActivity,
            items: mergeActivity(previous.adminActivity.items, fetchMoreResult.adminActivity.items),
          },
        }),
      });
    } catch {
      // The button stays for another try; the list keeps what it has.
      setOlderFailed(true);
    } finally {
      setLoadingOlder(false);
    }
  }

  let body;
  if (page) {
    body = (
      <>
        {page.items.length === 0 ? (
          <p className={styles.empty}>{NO_ACTIVITY}</p>
        ) : (
          <ol className={styles.list} aria-labelledby={headingId}>
            {page.items.map((item) => (
              <ActivityEntry key={item.id} item={item} />
            ))}
          </ol>
        )}
        <p className={styles.progress} role="status" aria-live="polite">
          {loadingOlder ? "Loading older activity…" : ""}
        </p>
        {olderFailed ? (
          <p className="notice notice--error" role="alert">
            {OLDER_ACTIVITY_ERROR}
          </p>
        ) : null}
        {page.nextBefore ? (
          <div className={styles.more}>
            <Button variant="secondary" onClick={() => void showOlder()} disabled={loadingOlder}>
              {olderFailed ? "Try Again" : "Show older activity"}
            </Button>
          </div>
        ) : null}
      </>
    );
  } else if (error) {
    body = (
      <div className={styles.error}>
        <p className="notice notice--error" role="alert">
          {ACTIVITY_LOAD_ERROR}
        </p>
        <Button variant="secondary" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </Button>
      </div>
    );
  } else {
    body = <Spinner label="Loading recent activity…" />;
  }

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId}>Recent activity</h2>
      {body}
    </section>
  );
}
