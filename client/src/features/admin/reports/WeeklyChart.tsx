import type { AdminReportQuery } from "../../../gql/graphql";
import { BarChart } from "../lib/BarChart";
import { weekLabel } from "./format";
import styles from "./WeeklyChart.module.css";

type Week = AdminReportQuery["adminReport"]["weekly"][number];

/**
 * Books read per week (London weeks, Monday first), labelled by each week's Monday: "3 Nov", with
 * the year when the report's dates fall in two years or more.
 */
export function WeeklyChart({ weeks, from, to }: { weeks: readonly Week[]; from: string; to: string }) {
  const withYear = from.slice(0, 4) !== to.slice(0, 4);
  const data = weeks.map((week) => ({ label: weekLabel(week.weekStart, withYear), value: week.booksRead }));
  return (
    <section className={styles.section} aria-labelledby="report-weekly-heading">
      <h2 id="report-weekly-heading" className={styles.heading}>
        Reading by week
      </h2>
      <p className={styles.description}>
        Each bar is a week from Monday; the first and last weeks count only the days in the period.
      </p>
      <div className={styles.chart}>
        <BarChart title="Books read per week" data={data} valueLabel="books read" itemName="week" />
      </div>
    </section>
  );
}
