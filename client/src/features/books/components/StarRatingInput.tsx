import styles from "./StarRatingInput.module.css";

const STARS = [1, 2, 3, 4, 5] as const;

type StarRatingInputProps = {
  name: string;
  value: number;
  onChange(value: number): void;
  legend?: string;
  disabled?: boolean;
};

/**
 * Five star buttons as one radio group: Tab reaches the group, the arrow keys move between stars
 * (native radios), and each star is read out as "3 stars".
 */
export function StarRatingInput({ name, value, onChange, legend = "Rating", disabled = false }: StarRatingInputProps) {
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.stars}>
        {STARS.map((star) => (
          <label key={star} className={[styles.star, star <= value ? styles.on : null].filter(Boolean).join(" ")}>
            <input
              type="radio"
              className={styles.input}
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
            />
            <span aria-hidden="true" className={styles.glyph}>
              {star <= value ? "★" : "☆"}
            </span>
            {/* The star's name, over the whole star: read out, and the place a pointer lands. */}
            <span className={styles.name}>{star === 1 ? "1 star" : `${star} stars`}</span>
          </label>
        ))}
        <span className={styles.value} aria-hidden="true">
          {value} / 5
        </span>
      </div>
    </fieldset>
  );
}
