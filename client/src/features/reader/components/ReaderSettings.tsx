import { useId } from "react";
import type { ReaderFont, ReaderLineSpacing, ReaderPrefsFieldsFragment, ReaderTheme } from "../../../gql/graphql";
import styles from "./Reader.module.css";

export const TEXT_SIZES = [16, 18, 20, 22, 24, 28, 32] as const;
const SPACINGS: { value: ReaderLineSpacing; label: string }[] = [
  { value: "normal", label: "Normal" },
  { value: "relaxed", label: "Relaxed" },
  { value: "loose", label: "Loose" },
];
const THEMES: { value: ReaderTheme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "sepia", label: "Sepia" },
  { value: "dark", label: "Dark" },
];
const FONTS: { value: ReaderFont; label: string }[] = [
  { value: "serif", label: "Book (serif)" },
  { value: "sans", label: "Clear (sans-serif)" },
  { value: "dyslexic", label: "OpenDyslexic (dyslexia-friendly)" },
];

function Choice<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className={styles.choice}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Text size, line spacing, theme and font, remembered for the student on every device. */
export function ReaderSettings({
  prefs,
  error,
  onChange,
}: {
  prefs: ReaderPrefsFieldsFragment;
  error: string | null;
  onChange: (change: Partial<ReaderPrefsFieldsFragment>) => void;
}) {
  const id = useId();
  const sizeIndex = TEXT_SIZES.indexOf(prefs.textSize as (typeof TEXT_SIZES)[number]);
  const step = (by: number) => {
    const next = TEXT_SIZES[Math.min(TEXT_SIZES.length - 1, Math.max(0, (sizeIndex < 0 ? 2 : sizeIndex) + by))];
    if (next !== undefined && next !== prefs.textSize) {
      onChange({ textSize: next });
    }
  };
  return (
    <div className={styles.settings}>
      <div className={styles.sizeRow} role="group" aria-labelledby={`${id}-size`}>
        <span id={`${id}-size`} className={styles.settingLabel}>
          Text size
        </span>
        <button type="button" className={styles.sizeButton} onClick={() => step(-1)} disabled={sizeIndex === 0}>
          <span aria-hidden="true">A−</span>
          <span className="visually-hidden">Smaller text</span>
        </button>
        <output className={styles.sizeValue} aria-live="polite">
          {prefs.textSize}px
        </output>
        <button
          type="button"
          className={styles.sizeButton}
          onClick={() => step(1)}
          disabled={sizeIndex === TEXT_SIZES.length - 1}
        >
          <span aria-hidden="true">A+</span>
          <span className="visually-hidden">Larger text</span>
        </button>
      </div>
      <Choice
        legend="Line spacing"
        name={`${id}-spacing`}
        options={SPACINGS}
        value={prefs.lineSpacing}
        onChange={(lineSpacing) => onChange({ lineSpacing })}
      />
      <Choice
        legend="Theme"
        name={`${id}-theme`}
        options={THEMES}
        value={prefs.theme}
        onChange={(theme) => onChange({ theme })}
      />
      <Choice
        legend="Font"
        name={`${id}-font`}
        options={FONTS}
        value={prefs.font}
        onChange={(font) => onChange({ font })}
      />
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
