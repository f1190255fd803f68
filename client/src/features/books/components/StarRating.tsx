import styles from "./StarRating.module.css";

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars filled to the value (halves shown as half), read out as "4.5 out of 5 stars". */
export function StarRating({ value, size = "1.1rem" }: { value: number; size?: string }) {
  const label = `${Number.isInteger(value) ? value : value.toFixed(1)} out of 5 stars`;
  return (
    <span className={styles.stars} role="img" aria-label={label} style={{ fontSize: size }}>
      {STARS.map((star) => {
        const fill = Math.max(0, Math.min(1, value - (star - 1)));
        return (
          <span key={star} className={styles.star} aria-hidden="true">
            <span className={styles.empty}>★</span>
            <span className={styles.full} style={{ width: `${Math.round(fill * 100)}%` }}>
              ★
            </span>
          </span>
        );
      })}
    </span>
  );
}
