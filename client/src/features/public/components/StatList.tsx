import styles from "./StatList.module.css";

export type Stat = {
  value: string;
  label: string;
  /** How a screen reader should say the value when the symbols would read badly (e.g. "6:07 min/km"). */
  spokenValue?: string;
};

/** A row of headline figures: a large value over a short label, one column on narrow screens. */
export function StatList({ stats, className }: { stats: readonly Stat[]; className?: string }) {
  return (
    <ul className={[styles.list, className].filter(Boolean).join(" ")}>
      {stats.map((stat) => (
        <li key={stat.label} className={styles.stat}>
          {stat.spokenValue ? (
            <>
              <span className={styles.value} aria-hidden="true">
                {stat.value}
              </span>
              <span className="visually-hidden">{stat.spokenValue}</span>
            </>
          ) : (
            <span className={styles.value}>{stat.value}</span>
          )}{" "}
          <span className={styles.label}>{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}
