import { useQuery } from "@apollo/client/react";
import { useId } from "react";
import { Button } from "../../../components/Button";
import { Spinner } from "../../../components/Spinner";
import type { AdminHomeOverviewQuery } from "../../../gql/graphql";
import { countOf } from "./format";
import { AdminHomeOverviewDocument } from "./graphql";
import styles from "./OverviewStats.module.css";

export const OVERVIEW_LOAD_ERROR = "Failed to load the dashboard numbers.";

type Overview = AdminHomeOverviewQuery["adminOverview"];

type Stat = { label: string; value: number; detail: string; alert?: boolean };

function statsOf(overview: Overview): Stat[] {
  // Archived books count in the total but are neither published nor drafts.
  const archived = overview.totalBooks - overview.publishedBooks - overview.draftBooks;
  return [
    {
      label: "Total users",
      value: overview.totalUsers,
      detail: [
        countOf(overview.students, "student"),
        countOf(overview.teachers, "teacher"),
        countOf(overview.admins, "admin"),
      ].join(" · "),
    },
    {
      label: "Total books",
      value: overview.totalBooks,
      detail: [
        `${overview.publishedBooks.toLocaleString("en-GB")} published`,
        countOf(overview.draftBooks, "draft"),
        ...(archived > 0 ? [`${archived.toLocaleString("en-GB")} archived`] : []),
      ].join(" · "),
    },
    { label: "Active users", value: overview.activeUsers, detail: "In the last 7 days" },
    {
      label: "Open safeguarding alerts",
      value: overview.openAlerts,
      detail: overview.openAlerts === 0 ? "Nothing waiting for review" : "Not yet reviewed by a teacher",
      alert: overview.openAlerts > 0,
    },
  ];
}

/** The dashboard's numbers (spec: stats cards), read from the server each visit. */
export function OverviewStats() {
  const headingId = useId();
  const { data, error, refetch } = useQuery(AdminHomeOverviewDocument, { fetchPolicy: "cache-and-network" });
  const overview = data?.adminOverview ?? null;

  let body;
  if (overview) {
    body = (
      <ul className={styles.stats}>
        {statsOf(overview).map((stat) => (
          <li key={stat.label} className={`${styles.stat} ${stat.alert ? styles.alert : ""}`}>
            <h3 className={styles.label}>{stat.label}</h3>
            <p className={styles.value}>{stat.value.toLocaleString("en-GB")}</p>
            <p className={styles.detail}>{stat.detail}</p>
          </li>
        ))}
      </ul>
    );
  } else if (error) {
    body = (
      <div className={styles.error}>
        <p className="notice notice--error" role="alert">
          {OVERVIEW_LOAD_ERROR}
        </p>
        <Button variant="secondary" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </Button>
      </div>
    );
  } else {
    body = <Spinner label="Loading the dashboard numbers…" />;
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        At a glance
      </h2>
      {body}
    </section>
  );
}
