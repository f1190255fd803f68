import { useId } from "react";
import styles from "./BarChart.module.css";

export type BarDatum = { label: string; value: number };

export type BarChartProps = {
  title: string;
  data: readonly BarDatum[];
  /** What the values count, in the plural ("books read"). */
  valueLabel: string;
  /** Formats values for the ticks, the summary and the table; British number format by default. */
  formatValue?: (value: number) => string;
  /** What one bar stands for, in the singular ("week"): used in the summary and the table's header. */
  itemName?: string;
};

const NO_DATA = "No data for this period.";

// Drawing units. The SVG scales to its container through its viewBox: its 12-unit text (set in the
// CSS) is about 10px at 320px wide and 15px at its widest. CHAR_WIDTH is a generous guess at one
// character's width at that size, for margins and for thinning the labels out.
const WIDTH = 400;
const HEIGHT = 240;
const MARGIN_TOP = 12;
const MARGIN_BOTTOM = 28;
const MIN_MARGIN_RIGHT = 8;
const CHAR_WIDTH = 7;
const MAX_LABEL_CHARS = 12;
const MAX_BAR_WIDTH = 48;
const MAX_INTERVALS = 5;

const defaultFormat = (value: number) => value.toLocaleString("en-GB");
const round = (n: number) => Math.round(n * 100) / 100;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const shorten = (label: string) =>
  label.length > MAX_LABEL_CHARS ? `${label.slice(0, MAX_LABEL_CHARS - 1).trimEnd()}…` : label;

/** An axis from 0 to a round number at or above `max`, in at most MAX_INTERVALS round steps. */
function niceScale(max: number, integers: boolean): { top: number; ticks: number[] } {
  if (!(max > 0)) {
    // Nothing to draw: a 0 to 1 axis still shows where the bars would be.
    return { top: 1, ticks: [0, 1] };
  }
  const rough = max / MAX_INTERVALS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const nice = [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough) ?? 10 * power;
  const step = integers ? Math.max(1, nice) : nice;
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const fix = (n: number) => Number(n.toFixed(decimals));
  // The epsilon keeps 0.3 / 0.1 (2.9999999999999996) at three steps.
  const intervals = Math.ceil(max / step - 1e-9);
  const ticks = Array.from({ length: intervals + 1 }, (_, i) => fix(i * step));
  return { top: ticks.at(-1) ?? max, ticks };
}

function summarise(
  data: readonly BarDatum[],
  values: number[],
  max: number,
  format: (value: number) => string,
  valueLabel: string,
  itemName: string | undefined,
): string {
  const n = data.length;
  const count = itemName ? `${n} ${n === 1 ? itemName : `${itemName}s`}` : `${n} ${n === 1 ? "bar" : "bars"}`;
  if (max === 0) {
    return itemName
      ? `${count}; ${format(0)} ${valueLabel} in every ${itemName}`
      : `${count}; all ${format(0)} ${valueLabel}`;
  }
  const highest = data[values.indexOf(max)]?.label ?? "";
  return `${count}; highest ${format(max)} ${valueLabel} ${itemName ? `in ${itemName} of` : "at"} ${highest}`;
}

/**
 * A bar chart in plain SVG that scales to its container. Screen readers hear the title and a
 * one-line summary, and can read every value in a visually hidden table. Values below zero (and
 * non-numbers) draw as zero.
 */
export function BarChart({ title, data, valueLabel, formatValue = defaultFormat, itemName }: BarChartProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const captionId = `${id}-caption`;
  // The caption names the figure in browsers; aria-labelledby says so to every assistive tool.
  const caption = (
    <figcaption id={captionId} className={styles.caption}>
      {title}
    </figcaption>
  );

  if (data.length === 0) {
    return (
      <figure className={styles.figure} aria-labelledby={captionId}>
        {caption}
        <p className={styles.empty}>{NO_DATA}</p>
      </figure>
    );
  }

  const values = data.map(({ value }) => (Number.isFinite(value) && value > 0 ? value : 0));
  const max = Math.max(...values);
  const { top, ticks } = niceScale(
    max,
    values.every((value) => Number.isInteger(value)),
  );
  const tickLabels = ticks.map(formatValue);
  const labels = data.map(({ label }) => shorten(label));

  const marginLeft = Math.min(120, Math.max(24, Math.max(...tickLabels.map((t) => t.length)) * CHAR_WIDTH + 10));
  const labelWidth = Math.max(...labels.map((label) => label.length)) * CHAR_WIDTH + 8;
  // Room on the right for half of the last label, when its bar is narrower than that.
  const roughBand = (WIDTH - marginLeft - MIN_MARGIN_RIGHT) / data.length;
  const marginRight = Math.max(MIN_MARGIN_RIGHT, Math.ceil(labelWidth / 2 - roughBand / 2));
  const plotWidth = WIDTH - marginLeft - marginRight;
  const plotHeight = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
  const baseline = MARGIN_TOP + plotHeight;
  const band = plotWidth / data.length;
  const barWidth = Math.min(MAX_BAR_WIDTH, band * 0.7);
  // With many bars, label every second (third, ...) bar so that labels never overlap.
  const labelEvery = Math.max(1, Math.ceil(labelWidth / band));
  const yOf = (value: number) => baseline - (value / top) * plotHeight;
  const centreOf = (index: number) => marginLeft + band * index + band / 2;

  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      {caption}
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summarise(data, values, max, formatValue, valueLabel, itemName)}</desc>
        <g>
          {ticks.map((tick, index) => (
            <g key={tick}>
              <line
                className={tick === 0 ? styles.axis : styles.grid}
                x1={marginLeft}
                x2={WIDTH - marginRight}
                y1={round(yOf(tick))}
                y2={round(yOf(tick))}
              />
              <text className={styles.tick} x={marginLeft - 6} y={round(yOf(tick))} dy="0.35em" textAnchor="end">
                {tickLabels[index]}
              </text>
            </g>
          ))}
        </g>
        <g>
          {data.map(({ label }, index) => {
            const value = values[index] ?? 0;
            if (value === 0) {
              return null;
            }
            return (
              <rect
                key={index}
                className={styles.bar}
                x={round(centreOf(index) - barWidth / 2)}
                y={round(yOf(value))}
                width={round(barWidth)}
                height={round(baseline - yOf(value))}
                rx={Math.min(3, barWidth / 4)}
              >
                <title>{`${label}: ${formatValue(value)} ${valueLabel}`}</title>
              </rect>
            );
          })}
        </g>
        <g>
          {labels.map((label, index) =>
            index % labelEvery === 0 ? (
              <text
                key={index}
                className={styles.label}
                x={round(centreOf(index))}
                y={baseline + 18}
                textAnchor="middle"
              >
                {label}
              </text>
            ) : null,
          )}
        </g>
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{capitalise(itemName ?? "label")}</th>
            <th scope="col">{capitalise(valueLabel)}</th>
          </tr>
        </thead>
        <tbody>
          {data.map(({ label, value }, index) => (
            <tr key={index}>
              <th scope="row">{label}</th>
              <td>{formatValue(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
