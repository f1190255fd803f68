import { cleanup, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BarChart, type BarDatum } from "./BarChart";

const WEEKS: BarDatum[] = [
  { label: "1 Sep", value: 10 },
  { label: "8 Sep", value: 40 },
  { label: "15 Sep", value: 20 },
  { label: "22 Sep", value: 0 },
];

const num = (element: Element, name: string) => Number(element.getAttribute(name));

/** The drawn bars as "label: height", each bar's label read from its tooltip. */
function bars(svg: Element) {
  return [...svg.querySelectorAll("rect")].map((rect) => ({
    label: rect.querySelector("title")?.textContent,
    y: num(rect, "y"),
    height: num(rect, "height"),
  }));
}

const tickValues = (svg: Element) =>
  [...svg.querySelectorAll('text[text-anchor="end"]')].map((text) => text.textContent);
const xLabels = (svg: Element) =>
  [...svg.querySelectorAll('text[text-anchor="middle"]')].map((text) => text.textContent);

/** The hidden table's rows as [header, value] text. */
const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => [...row.children].map((cell) => cell.textContent));

function renderWeeks(data: BarDatum[] = WEEKS, extra: Partial<Parameters<typeof BarChart>[0]> = {}) {
  render(<BarChart title="Books read per week" data={data} valueLabel="books read" itemName="week" {...extra} />);
  return screen.getByRole("img", { name: "Books read per week" });
}

describe("BarChart", () => {
  it("is a figure captioned by its title, around an image named by the title and described by a summary", () => {
    renderWeeks();
    const figure = screen.getByRole("figure", { name: "Books read per week" });
    const svg = within(figure).getByRole("img", {
      name: "Books read per week",
      description: "4 weeks; highest 40 books read in week of 8 Sep",
    });
    expect(svg.querySelector("title")?.textContent).toBe("Books read per week");
    expect(svg.querySelector("desc")?.textContent).toBe("4 weeks; highest 40 books read in week of 8 Sep");
  });

  it("summarises without a name for the bars, and in the singular for one", () => {
    render(<BarChart title="Logins" data={WEEKS} valueLabel="logins" />);
    screen.getByRole("img", { name: "Logins", description: "4 bars; highest 40 logins at 8 Sep" });
    render(
      <BarChart title="Books" data={[{ label: "Oct 2026", value: 7 }]} valueLabel="books read" itemName="month" />,
    );
    screen.getByRole("img", { name: "Books", description: "1 month; highest 7 books read in month of Oct 2026" });
  });

  it("scales to its container through its viewBox, with no fixed size", () => {
    const svg = renderWeeks();
    expect(svg.getAttribute("viewBox")).toBe("0 0 400 240");
    expect(svg.hasAttribute("width")).toBe(false);
    expect(svg.hasAttribute("height")).toBe(false);
  });

  it("draws a bar for each non-zero value, with heights proportional to the values on one baseline", () => {
    const svg = renderWeeks();
    const drawn = bars(svg);
    expect(drawn.map((bar) => bar.label)).toEqual([
      "1 Sep: 10 books read",
      "8 Sep: 40 books read",
      "15 Sep: 20 books read",
    ]);
    const [ten, forty, twenty] = drawn as [(typeof drawn)[0], (typeof drawn)[0], (typeof drawn)[0]];
    expect(forty.height).toBeGreaterThan(100);
    expect(ten.height * 4).toBeCloseTo(forty.height, 1);
    expect(twenty.height * 2).toBeCloseTo(forty.height, 1);
    const baselines = drawn.map((bar) => bar.y + bar.height);
    expect(new Set(baselines.map((b) => b.toFixed(1))).size).toBe(1);
    // Bars go left to right in data order.
    const xs = [...svg.querySelectorAll("rect")].map((rect) => num(rect, "x"));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it("draws gridlines at round values up to the highest, which the tallest bar reaches", () => {
    const svg = renderWeeks();
    expect(tickValues(svg)).toEqual(["0", "10", "20", "30", "40"]);
    const lines = [...svg.querySelectorAll("line")];
    expect(lines).toHaveLength(5);
    const topLine = lines.at(-1) as SVGLineElement;
    const baseLine = lines[0] as SVGLineElement;
    const forty = bars(svg)[1];
    expect(forty?.y).toBeCloseTo(num(topLine, "y1"), 1);
    expect((forty?.y ?? 0) + (forty?.height ?? 0)).toBeCloseTo(num(baseLine, "y1"), 1);
  });

  it("rounds the axis up past the highest value, and keeps decimals tidy", () => {
    expect(tickValues(renderWeeks([{ label: "a", value: 41 }]))).toEqual(["0", "10", "20", "30", "40", "50"]);
    cleanup();
    expect(tickValues(renderWeeks([{ label: "a", value: 2 }]))).toEqual(["0", "1", "2"]);
    cleanup();
    expect(
      tickValues(
        renderWeeks([
          { label: "a", value: 0.3 },
          { label: "b", value: 0.15 },
        ]),
      ),
    ).toEqual(["0", "0.1", "0.2", "0.3"]);
  });

  it("labels every bar when they fit, and thins the labels out when there are many", () => {
    expect(xLabels(renderWeeks())).toEqual(["1 Sep", "8 Sep", "15 Sep", "22 Sep"]);
    cleanup();
    const year = Array.from({ length: 52 }, (_, i) => ({ label: `W${i + 1}`, value: i }));
    const labels = xLabels(renderWeeks(year));
    expect(labels.length).toBeGreaterThan(4);
    expect(labels.length).toBeLessThan(20);
    expect(labels[0]).toBe("W1");
    // Evenly spaced: every n-th week.
    const every = Number(labels[1]?.slice(1)) - 1;
    expect(labels).toEqual(year.filter((_, i) => i % every === 0).map((week) => week.label));
  });

  it("lists every exact value in a visually hidden table", () => {
    renderWeeks([...WEEKS, { label: "29 Sep", value: 1234 }]);
    const table = screen.getByRole("table", { name: "Books read per week" });
    expect(table.classList.contains("visually-hidden")).toBe(true);
    expect(tableRows(table)).toEqual([
      ["Week", "Books read"],
      ["1 Sep", "10"],
      ["8 Sep", "40"],
      ["15 Sep", "20"],
      ["22 Sep", "0"],
      ["29 Sep", "1,234"],
    ]);
  });

  it("formats values with formatValue in the ticks, summary, tooltips and table", () => {
    const svg = renderWeeks([{ label: "Oct", value: 90 }], { formatValue: (n) => `${n} min` });
    expect(tickValues(svg)).toEqual(["0 min", "20 min", "40 min", "60 min", "80 min", "100 min"]);
    screen.getByRole("img", {
      name: "Books read per week",
      description: "1 week; highest 90 min books read in week of Oct",
    });
    expect(bars(svg)[0]?.label).toBe("Oct: 90 min books read");
    expect(tableRows(screen.getByRole("table"))[1]).toEqual(["Oct", "90 min"]);
  });

  it("draws no bars when every value is zero, and stays a valid chart", () => {
    const svg = renderWeeks([
      { label: "1 Sep", value: 0 },
      { label: "8 Sep", value: 0 },
    ]);
    expect(svg.querySelectorAll("rect")).toHaveLength(0);
    expect(tickValues(svg)).toEqual(["0", "1"]);
    expect(xLabels(svg)).toEqual(["1 Sep", "8 Sep"]);
    expect(svg.outerHTML).not.toMatch(/NaN|Infinity/);
    screen.getByRole("img", { name: "Books read per week", description: "2 weeks; 0 books read in every week" });
    expect(tableRows(screen.getByRole("table")).slice(1)).toEqual([
      ["1 Sep", "0"],
      ["8 Sep", "0"],
    ]);
  });

  it("draws negative and non-numeric values as zero", () => {
    const svg = renderWeeks([
      { label: "a", value: -5 },
      { label: "b", value: Number.NaN },
      { label: "c", value: 4 },
    ]);
    expect(bars(svg).map((bar) => bar.label)).toEqual(["c: 4 books read"]);
    expect(svg.outerHTML).not.toMatch(/NaN|Infinity/);
  });

  it("says there is no data instead of drawing an empty chart", () => {
    render(<BarChart title="Books read per week" data={[]} valueLabel="books read" />);
    const figure = screen.getByRole("figure", { name: "Books read per week" });
    expect(within(figure).getByText("No data for this period.").tagName).toBe("P");
    expect(figure.querySelector("svg")).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
