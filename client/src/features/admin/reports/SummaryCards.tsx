import type { ReactNode } from "react";
import { Card } from "../../../components/Card";
import type { AdminReportSchoolRowFieldsFragment } from "../../../gql/graphql";
import { Duration } from "./Duration";
import { formatNumber } from "./format";
import styles from "./SummaryCards.module.css";

type Figure = { label: string; value: ReactNode; hint: string };

/** The report's overall figures, one card each, with what each one counts. */
export function SummaryCards({ overall }: { overall: AdminReportSchoolRowFieldsFragment }) {
  const figures: Figure[] = [
    { label: "Students", value: formatNumber(overall.students), hint: "Registered students" },
    { label: "Active students", value: formatNumber(overall.activeStudents), hint: "Read or chatted in the period" },
    { label: "Books read", value: formatNumber(overall.booksRead), hint: "Marked as read in the period" },
    {
      label: "Reading time",
      value: <Duration minutes={overall.readingMinutes} />,
      hint: "On the books read or opened in the period",
    },
    { label: "Chats", value: formatNumber(overall.chats), hint: "With a student message in the period" },
    { label: "Student messages", value: formatNumber(overall.studentMessages), hint: "Sent by students in the period" },
    {
      label: "Moderation events",
      value: formatNumber(overall.moderationEvents),
      hint: "Strikes, blocks and safeguarding alerts",
    },
  ];
  return (
    <dl className={styles.cards}>
      {figures.map((figure) => (
        <Card key={figure.label} className={styles.card}>
          <dt className={styles.label}>{figure.label}</dt>
          <dd className={styles.value}>{figure.value}</dd>
          <dd className={styles.hint}>{figure.hint}</dd>
        </Card>
      ))}
    </dl>
  );
}
