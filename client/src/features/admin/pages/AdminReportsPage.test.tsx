import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { renderRoutes } from "../../../test/render";
import { RequireAuth } from "../../auth/RequireAuth";
import {
  buildModerationRow,
  buildRatedBook,
  buildReadBook,
  buildReport,
  buildSchoolRow,
  buildWeek,
  reportReply,
  schoolsReply,
} from "../reports/testFactories";
import AdminReportsPage from "./AdminReportsPage";

// Today is 20 November 2025 in London (10:00 GMT) for every test: the default range is the 30 days
// to it. Only Date is faked, so Apollo and Testing Library keep their real timers.
const NOW = new Date("2025-11-20T10:00:00Z");
const LAST_30 = { from: "2025-10-22", to: "2025-11-20", schoolId: null };

const SCHOOLS = [
  { id: "school-hackney", name: "Hackney Primary" },
  { id: "school-pimlico", name: "Pimlico Academy" },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderReports(resolvers: Record<string, Resolver>, path = "/admin/reports") {
  const me = buildUser({ role: "admin", school: null });
  storeSignedIn(me);
  const test = createTestClient({ Me: { data: { me } }, AdminReportSchools: schoolsReply(SCHOOLS), ...resolvers });
  const rendered = renderRoutes(
    [
      {
        path: "/admin/reports",
        element: (
          <RequireAuth role="admin">
            <AdminReportsPage />
          </RequireAuth>
        ),
      },
    ],
    { client: test.client, initialEntries: [path] },
  );
  const reportCalls = () => test.callsOf("AdminReport").map((call) => call.variables);
  const search = () => rendered.router.state.location.search;
  return { ...test, ...rendered, reportCalls, search };
}

// The labels end with the required asterisk (hidden from screen readers).
const input = (name: string) => screen.getByLabelText(new RegExp(`^${name}\\b`)) as HTMLInputElement;
const schoolSelect = () => screen.getByRole("combobox", { name: "School" }) as HTMLSelectElement;
const formValues = () => ({ from: input("From").value, to: input("To").value, school: schoolSelect().value });
/** The report's title line, once a report is on screen. */
const reportTitle = () => screen.findByText(/^(All schools|.+): \d+ \w+ \d{4} to \d+ \w+ \d{4}$/);

/** What an element shows, without the words only screen readers hear. */
function visibleText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll(".visually-hidden").forEach((hidden) => hidden.remove());
  return copy.textContent ?? "";
}

/** The summary cards as { label: figure }. */
function cards(): Record<string, string> {
  const list = document.querySelector("dl");
  if (!list) {
    return {};
  }
  return Object.fromEntries(
    [...list.querySelectorAll("dt")].map((term) => [term.textContent, visibleText(term.nextElementSibling!)]),
  );
}

/** A report section, found by its heading. */
const section = (name: string) => screen.getByRole("heading", { level: 2, name }).closest("section")!;
/** A cell without its column's name (shown on the phone's cards, hidden from screen readers). */
function withoutColumnName(cell: Element): Element {
  const copy = cell.cloneNode(true) as Element;
  copy.querySelectorAll(':scope > [aria-hidden="true"]').forEach((label) => label.remove());
  return copy;
}
/** A table's rows (header row first) as the cells' visible text (on a wide screen). */
function tableRows(name: string): string[][] {
  const table = within(section(name)).getByRole("table");
  return within(table)
    .getAllByRole("row")
    .map((row) => [...row.children].map((cell) => visibleText(withoutColumnName(cell))));
}

/** Catches what downloadCsv hands the browser: the file's name and the text of its Blob. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return `blob:reports/${blobs.length}`;
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  const restore = () => Object.assign(URL, { createObjectURL, revokeObjectURL });
  const text = async (index: number) => {
    const bytes = new Uint8Array(await blobs[index]!.arrayBuffer());
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  };
  return { names, blobs, text, restore };
}

describe("AdminReportsPage", () => {
  describe("the range", () => {
    it("asks for the last 30 days of all schools by default, with a spinner until the report comes", async () => {
      const answer = deferred<Reply>();
      const { reportCalls, search } = renderReports({ AdminReport: () => answer.promise });
      expect(await screen.findByText("Loading the report…")).toBeTruthy();
      expect(screen.getByRole("heading", { level: 1, name: "Reports" })).toBeTruthy();
      expect(reportCalls()).toEqual([LAST_30]);
      expect(formValues()).toEqual({ from: "2025-10-22", to: "2025-11-20", school: "" });
      // Opening the page does not rewrite the address.
      expect(search()).toBe("");

      answer.resolve(reportReply(buildReport({ from: "2025-10-22", to: "2025-11-20" })));
      expect((await reportTitle()).textContent).toBe("All schools: 22 October 2025 to 20 November 2025");
      expect(screen.queryByText("Loading the report…")).toBeNull();
      expect(screen.getByRole("status").textContent).toBe(
        "Showing the report for All schools, 22 October 2025 to 20 November 2025.",
      );
    });

    it("reads the dates and the school from the address, and lists every school to choose from", async () => {
      const pimlico = buildSchoolRow({ schoolId: "school-pimlico", schoolName: "Pimlico Academy" });
      const { reportCalls } = renderReports(
        {
          AdminReport: reportReply(
            buildReport({ from: "2025-09-01", to: "2025-09-30", schoolId: "school-pimlico", schools: [pimlico] }),
          ),
        },
        "/admin/reports?from=2025-09-01&to=2025-09-30&school=school-pimlico",
      );
      expect((await reportTitle()).textContent).toBe("Pimlico Academy: 1 September 2025 to 30 September 2025");
      expect(reportCalls()).toEqual([{ from: "2025-09-01", to: "2025-09-30", schoolId: "school-pimlico" }]);
      await waitFor(() => expect(schoolSelect().disabled).toBe(false));
      expect(formValues()).toEqual({ from: "2025-09-01", to: "2025-09-30", school: "school-pimlico" });
      expect(
        within(schoolSelect())
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["All schools", "Hackney Primary", "Pimlico Academy"]);
    });

    it("takes the 30 days to the given end date when the address has no start", async () => {
      const { reportCalls } = renderReports({ AdminReport: reportReply() }, "/admin/reports?to=2025-06-30");
      await reportTitle();
      expect(reportCalls()).toEqual([{ from: "2025-06-01", to: "2025-06-30", schoolId: null }]);
    });

    it("applies the form: the choice goes into the address and the old report stays, dimmed, until the new one comes", async () => {
      const next = deferred<Reply>();
      const { user, reportCalls, search, router } = renderReports({
        AdminReport: (variables) =>
          variables.schoolId === "school-hackney"
            ? next.promise
            : reportReply(buildReport({ from: "2025-10-22", to: "2025-11-20", overall: { booksRead: 12 } })),
      });
      await reportTitle();
      await waitFor(() => expect(schoolSelect().disabled).toBe(false));
      expect(cards()["Books read"]).toBe("12");

      fireEvent.change(input("From"), { target: { value: "2025-09-01" } });
      fireEvent.change(input("To"), { target: { value: "2025-09-30" } });
      await user.selectOptions(schoolSelect(), "school-hackney");
      await user.click(screen.getByRole("button", { name: "Apply" }));

      expect(search()).toBe("?from=2025-09-01&to=2025-09-30&school=school-hackney");
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Apply" }));
      await waitFor(() =>
        expect(reportCalls()).toEqual([LAST_30, { from: "2025-09-01", to: "2025-09-30", schoolId: "school-hackney" }]),
      );
      const busy = (await reportTitle()).parentElement!;
      await waitFor(() => expect(busy.getAttribute("aria-busy")).toBe("true"));
      expect(cards()["Books read"]).toBe("12");
      expect(screen.getByRole("status").textContent).toBe("Loading the report…");

      const hackney = buildSchoolRow({ schoolId: "school-hackney", schoolName: "Hackney Primary", booksRead: 3 });
      next.resolve(
        reportReply(
          buildReport({
            from: "2025-09-01",
            to: "2025-09-30",
            schoolId: "school-hackney",
            schools: [hackney],
            overall: { schoolName: "Hackney Primary", booksRead: 3 },
          }),
        ),
      );
      await waitFor(() => expect(cards()["Books read"]).toBe("3"));
      expect((await reportTitle()).textContent).toBe("Hackney Primary: 1 September 2025 to 30 September 2025");
      expect((await reportTitle()).parentElement!.getAttribute("aria-busy")).toBe("false");

      // Back goes to the report before, and the form follows the address.
      await act(() => router.navigate(-1));
      await waitFor(() => expect(formValues()).toEqual({ from: "2025-10-22", to: "2025-11-20", school: "" }));
      await waitFor(() => expect(cards()["Books read"]).toBe("12"));
    });

    it("asks again when Apply is pressed on the report already shown", async () => {
      const { user, reportCalls, search } = renderReports({ AdminReport: reportReply() });
      await reportTitle();
      await user.click(screen.getByRole("button", { name: "Apply" }));
      await waitFor(() => expect(reportCalls()).toEqual([LAST_30, LAST_30]));
      expect(search()).toBe("");
    });

    it("applies a quick range at once and marks it as the one shown", async () => {
      const { user, reportCalls, search } = renderReports({ AdminReport: reportReply() });
      await reportTitle();
      const quick = (name: string) => screen.getByRole("button", { name });
      const pressed = () =>
        within(screen.getByRole("group", { name: "Quick ranges" }))
          .getAllByRole("button")
          .filter((button) => button.getAttribute("aria-pressed") === "true")
          .map((button) => button.textContent);
      expect(pressed()).toEqual(["Last 30 days"]);

      await user.click(quick("Last 7 days"));
      expect(search()).toBe("?from=2025-11-14&to=2025-11-20");
      // The form stays as it was: focus stays on the button pressed.
      expect(document.activeElement).toBe(quick("Last 7 days"));
      await waitFor(() =>
        expect(reportCalls().at(-1)).toEqual({ from: "2025-11-14", to: "2025-11-20", schoolId: null }),
      );
      expect(pressed()).toEqual(["Last 7 days"]);
      expect(formValues()).toEqual({ from: "2025-11-14", to: "2025-11-20", school: "" });

      await user.click(quick("Last 90 days"));
      await waitFor(() =>
        expect(reportCalls().at(-1)).toEqual({ from: "2025-08-23", to: "2025-11-20", schoolId: null }),
      );

      // The school chosen in the form goes with the quick range.
      await waitFor(() => expect(schoolSelect().disabled).toBe(false));
      await user.selectOptions(schoolSelect(), "school-pimlico");
      await user.click(quick("This year"));
      expect(search()).toBe("?from=2025-01-01&to=2025-11-20&school=school-pimlico");
      await waitFor(() =>
        expect(reportCalls().at(-1)).toEqual({ from: "2025-01-01", to: "2025-11-20", schoolId: "school-pimlico" }),
      );
      expect(pressed()).toEqual(["This year"]);
    });
  });

  describe("input errors", () => {
    it("asks for both dates and for them in order, before asking the server", async () => {
      const { user, reportCalls, search } = renderReports({ AdminReport: reportReply() });
      await reportTitle();

      fireEvent.change(input("From"), { target: { value: "" } });
      await user.click(screen.getByRole("button", { name: "Apply" }));
      expect((await screen.findByRole("alert")).textContent).toBe("Choose a start date");
      expect(input("From").getAttribute("aria-invalid")).toBe("true");

      fireEvent.change(input("From"), { target: { value: "2025-11-21" } });
      expect(screen.queryByRole("alert")).toBeNull();
      await user.click(screen.getByRole("button", { name: "Apply" }));
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toBe("The start date must be on or before the end date");
      expect(input("From").getAttribute("aria-describedby")).toBe(alert.id);
      expect(input("To").getAttribute("aria-invalid")).toBe("true");

      expect(reportCalls()).toEqual([LAST_30]);
      expect(search()).toBe("");
    });

    it("shows the server's refusal of the dates by the form, without a report or 'Try Again'", async () => {
      const { reportCalls } = renderReports(
        {
          AdminReport: graphqlError("Choose a range of at most three years", { code: "BAD_USER_INPUT" }),
        },
        "/admin/reports?from=2020-01-01&to=2025-11-20",
      );
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toBe("Choose a range of at most three years");
      expect(screen.getByRole("form", { name: "Report dates and school" }).contains(alert)).toBe(true);
      expect(input("From").getAttribute("aria-invalid")).toBe("true");
      expect(screen.queryByRole("button", { name: "Try Again" })).toBeNull();
      expect(screen.queryByText("Failed to load the report.")).toBeNull();
      expect(document.querySelector("dl")).toBeNull();
      expect(reportCalls()).toEqual([{ from: "2020-01-01", to: "2025-11-20", schoolId: null }]);

      // Changing the dates clears the old complaint.
      fireEvent.change(input("From"), { target: { value: "2024-01-01" } });
      expect(screen.queryByRole("alert")).toBeNull();
    });

    it("shows 'School not found' on the school", async () => {
      renderReports(
        { AdminReport: graphqlError("School not found", { code: "NOT_FOUND" }) },
        "/admin/reports?school=school-gone",
      );
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toBe("School not found");
      expect(schoolSelect().getAttribute("aria-describedby")).toBe(alert.id);
      expect(schoolSelect().getAttribute("aria-invalid")).toBe("true");
    });
  });

  describe("load errors", () => {
    it("says 'Failed to load the report.' with 'Try Again', which asks again", async () => {
      let calls = 0;
      const { user, reportCalls } = renderReports({
        AdminReport: () => {
          calls += 1;
          return calls === 1
            ? graphqlError("Database unavailable", { code: "INTERNAL_SERVER_ERROR" })
            : reportReply(buildReport({ overall: { students: 7 } }));
        },
      });
      expect((await screen.findByRole("alert")).textContent).toBe("Failed to load the report.");
      expect(screen.queryByText("Database unavailable")).toBeNull();
      await user.click(screen.getByRole("button", { name: "Try Again" }));
      await waitFor(() => expect(cards().Students).toBe("7"));
      expect(screen.queryByRole("alert")).toBeNull();
      expect(reportCalls()).toEqual([LAST_30, LAST_30]);
    });

    it("says the same when the network fails", async () => {
      renderReports({ AdminReport: new TypeError("Failed to fetch") });
      expect((await screen.findByRole("alert")).textContent).toBe("Failed to load the report.");
      expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
    });

    it("still offers all schools when the list of schools fails", async () => {
      renderReports({ AdminReport: reportReply(), AdminReportSchools: new TypeError("Failed to fetch") });
      expect(await screen.findByText("The list of schools could not be loaded.")).toBeTruthy();
      expect(
        within(schoolSelect())
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["All schools"]);
    });
  });

  describe("the report", () => {
    const hackney = buildSchoolRow({
      schoolId: "school-hackney",
      schoolName: "Hackney Primary",
      students: 40,
      activeStudents: 31,
      booksRead: 90,
      readingMinutes: 905,
      chats: 12,
      studentMessages: 130,
      moderationEvents: 1,
    });
    const pimlico = buildSchoolRow({
      schoolId: "school-pimlico",
      schoolName: "Pimlico Academy",
      students: 1200,
      activeStudents: 2,
      booksRead: 134,
      readingMinutes: 45,
      chats: 3,
      studentMessages: 9,
      moderationEvents: 4,
    });
    const full = () =>
      buildReport({
        from: "2025-11-03",
        to: "2025-11-16",
        overall: {
          students: 1240,
          activeStudents: 33,
          booksRead: 224,
          readingMinutes: 950,
          chats: 15,
          studentMessages: 139,
          moderationEvents: 5,
        },
        schools: [hackney, pimlico],
        mostRead: [
          buildReadBook({ title: "The Hobbit", author: "J. R. R. Tolkien", reads: 25 }),
          buildReadBook({ title: "Matilda, the musical", author: "Roald Dahl", reads: 7 }),
        ],
        bestRated: [
          buildRatedBook({ title: "Wonder", author: "R. J. Palacio", averageRating: 4.7, reviews: 3 }),
          buildRatedBook({ title: "Holes", author: "Louis Sachar", averageRating: 4, reviews: 1 }),
        ],
        moderation: [
          buildModerationRow({ type: "strike", category: "bullying_hate", severity: "normal", count: 3 }),
          buildModerationRow({ type: "alert", category: "self_harm_risk", severity: "urgent", count: 1 }),
          buildModerationRow({ type: "unblock", category: "", severity: "normal", count: 1 }),
        ],
        weekly: [buildWeek("2025-11-03", 150), buildWeek("2025-11-10", 74)],
      });

    it("shows the overall figures as cards, the reading time in hours and minutes", async () => {
      renderReports({ AdminReport: reportReply(full()) });
      await reportTitle();
      expect(cards()).toEqual({
        Students: "1,240",
        "Active students": "33",
        "Books read": "224",
        "Reading time": "15 h 50 min",
        Chats: "15",
        "Student messages": "139",
        "Moderation events": "5",
      });
      expect(screen.getByText("15 hours 50 minutes").className).toBe("visually-hidden");
    });

    it("shows every school's figures, sortable by each column", async () => {
      const { user } = renderReports({ AdminReport: reportReply(full()) });
      await reportTitle();
      expect(tableRows("Per school")).toEqual([
        // The arrows show the sort: by school, A to Z, until a heading is clicked.
        [
          "School▲",
          "Students↕",
          "Active students↕",
          "Books read↕",
          "Reading time↕",
          "Chats↕",
          "Student messages↕",
          "Moderation events↕",
        ],
        ["Hackney Primary", "40", "31", "90", "15 h 5 min", "12", "130", "1"],
        ["Pimlico Academy", "1,200", "2", "134", "45 min", "3", "9", "4"],
      ]);
      const table = within(section("Per school")).getByRole("table");
      expect(
        within(table)
          .getByRole("columnheader", { name: /^School/ })
          .getAttribute("aria-sort"),
      ).toBe("ascending");
      const names = () =>
        tableRows("Per school")
          .slice(1)
          .map((row) => row[0]);

      const booksRead = within(table).getByRole("button", { name: /^Books read/ });
      await user.click(booksRead);
      expect(names()).toEqual(["Pimlico Academy", "Hackney Primary"]);
      expect(
        within(table)
          .getByRole("columnheader", { name: /^Books read/ })
          .getAttribute("aria-sort"),
      ).toBe("descending");
      expect(
        within(table)
          .getByRole("columnheader", { name: /^School/ })
          .getAttribute("aria-sort"),
      ).toBe("none");
      await user.click(booksRead);
      expect(names()).toEqual(["Hackney Primary", "Pimlico Academy"]);
      expect(
        within(table)
          .getByRole("columnheader", { name: /^Books read/ })
          .getAttribute("aria-sort"),
      ).toBe("ascending");

      await user.click(within(table).getByRole("button", { name: /^Reading time/ }));
      expect(names()).toEqual(["Hackney Primary", "Pimlico Academy"]);
      await user.click(within(table).getByRole("button", { name: /^School/ }));
      expect(names()).toEqual(["Hackney Primary", "Pimlico Academy"]);
      await user.click(within(table).getByRole("button", { name: /^School/ }));
      expect(names()).toEqual(["Pimlico Academy", "Hackney Primary"]);
    });

    it("names each table by its caption, with column and row headers, and labels each figure for the cards a phone shows", async () => {
      renderReports({ AdminReport: reportReply(full()) });
      await reportTitle();
      for (const name of ["Per school", "Most read books", "Best rated books", "Moderation events"]) {
        const table = within(section(name)).getByRole("table", { name: new RegExp(`^${name}`) });
        expect(table.querySelector("caption")?.textContent).toMatch(new RegExp(`^${name}`));
        // No scrolling region: on a narrow screen the rows become cards instead.
        expect(table.closest("[tabindex]")).toBeNull();
        expect(within(section(name)).queryByRole("region")).toBeNull();
        expect([...table.querySelectorAll("thead th")].every((th) => th.getAttribute("scope") === "col")).toBe(true);
        expect([...table.querySelectorAll("tbody th")].every((th) => th.getAttribute("scope") === "row")).toBe(true);
        // Each figure carries its column's name for the cards, hidden from screen readers (which
        // have the column headers).
        const headers = [...table.querySelectorAll("thead th")].map((th) => visibleText(th).replace(/[▲▼↕]/, ""));
        const firstRow = table.querySelector("tbody tr")!;
        const labels = [...firstRow.querySelectorAll("td")].map(
          (cell) => cell.querySelector(':scope > [aria-hidden="true"]')?.textContent,
        );
        expect(labels).toEqual(headers.slice(1));
      }
    });

    it("lists the most read and the best rated books, with averages to one decimal, and moderation in words", async () => {
      renderReports({ AdminReport: reportReply(full()) });
      await reportTitle();
      expect(tableRows("Most read books")).toEqual([
        ["Title", "Author", "Times read"],
        ["The Hobbit", "J. R. R. Tolkien", "25"],
        ["Matilda, the musical", "Roald Dahl", "7"],
      ]);
      expect(tableRows("Best rated books")).toEqual([
        ["Title", "Author", "Average rating (out of 5)", "Reviews"],
        ["Wonder", "R. J. Palacio", "4.7", "3"],
        ["Holes", "Louis Sachar", "4.0", "1"],
      ]);
      expect(tableRows("Moderation events")).toEqual([
        ["Type", "Category", "Severity", "Events"],
        ["Strike", "Bullying or hate", "Normal", "3"],
        ["Safeguarding alert", "Risk to the child", "Urgent", "1"],
        ["Unblock", "None", "Normal", "1"],
      ]);
    });

    it("exports each table as CSV in the order shown, named by the report's dates", async () => {
      const downloads = captureDownloads();
      try {
        const { user } = renderReports({ AdminReport: reportReply(full()) });
        await reportTitle();
        await user.click(within(section("Per school")).getByRole("button", { name: /^Books read/ }));
        await user.click(screen.getByRole("button", { name: "Export CSV of per school" }));
        await user.click(screen.getByRole("button", { name: "Export CSV of most read books" }));
        await user.click(screen.getByRole("button", { name: "Export CSV of best rated books" }));
        await user.click(screen.getByRole("button", { name: "Export CSV of moderation events" }));

        expect(downloads.names).toEqual([
          "reading-room-per-school-2025-11-03-to-2025-11-16.csv",
          "reading-room-most-read-books-2025-11-03-to-2025-11-16.csv",
          "reading-room-best-rated-books-2025-11-03-to-2025-11-16.csv",
          "reading-room-moderation-events-2025-11-03-to-2025-11-16.csv",
        ]);
        expect(await downloads.text(0)).toBe(
          "\uFEFFSchool,Students,Active students,Books read,Reading minutes,Chats,Student messages,Moderation events\r\n" +
            "Pimlico Academy,1200,2,134,45,3,9,4\r\n" +
            "Hackney Primary,40,31,90,905,12,130,1\r\n",
        );
        expect(await downloads.text(1)).toBe(
          '\uFEFFTitle,Author,Times read\r\nThe Hobbit,J. R. R. Tolkien,25\r\n"Matilda, the musical",Roald Dahl,7\r\n',
        );
        expect(await downloads.text(2)).toBe(
          "\uFEFFTitle,Author,Average rating (out of 5),Reviews\r\nWonder,R. J. Palacio,4.7,3\r\nHoles,Louis Sachar,4.0,1\r\n",
        );
        expect(await downloads.text(3)).toBe(
          "\uFEFFType,Category,Severity,Events\r\n" +
            "Strike,Bullying or hate,Normal,3\r\n" +
            "Safeguarding alert,Risk to the child,Urgent,1\r\n" +
            "Unblock,None,Normal,1\r\n",
        );
      } finally {
        downloads.restore();
      }
    });

    it("names a one-school export after the school", async () => {
      const downloads = captureDownloads();
      try {
        const { user } = renderReports(
          {
            AdminReport: reportReply(
              buildReport({
                from: "2025-09-01",
                to: "2025-09-30",
                schoolId: "school-pimlico",
                schools: [pimlico],
                overall: { schoolName: "Pimlico Academy" },
              }),
            ),
          },
          "/admin/reports?from=2025-09-01&to=2025-09-30&school=school-pimlico",
        );
        await reportTitle();
        await user.click(screen.getByRole("button", { name: "Export CSV of per school" }));
        expect(downloads.names).toEqual(["reading-room-per-school-pimlico-academy-2025-09-01-to-2025-09-30.csv"]);
      } finally {
        downloads.restore();
      }
    });

    it("says when a table has nothing in the period, without an export", async () => {
      renderReports({ AdminReport: reportReply(buildReport({ schools: [hackney] })) });
      await reportTitle();
      expect(within(section("Most read books")).getByText("No books read in this period.")).toBeTruthy();
      expect(within(section("Best rated books")).getByText("No reviews in this period.")).toBeTruthy();
      expect(within(section("Moderation events")).getByText("No moderation events in this period.")).toBeTruthy();
      for (const name of ["Most read books", "Best rated books", "Moderation events"]) {
        expect(within(section(name)).queryByRole("table")).toBeNull();
        expect(within(section(name)).queryByRole("button", { name: /^Export CSV/ })).toBeNull();
      }
      expect(within(section("Per school")).getByRole("table")).toBeTruthy();
    });

    it("charts the books read per week, labelled by each week's Monday", async () => {
      renderReports({ AdminReport: reportReply(full()) });
      await reportTitle();
      const chart = screen.getByRole("img", { name: "Books read per week" });
      expect(chart.querySelector("desc")?.textContent).toBe("2 weeks; highest 150 books read in week of 3 Nov");
      const figure = screen.getByRole("figure", { name: "Books read per week" });
      const rows = within(within(figure).getByRole("table"))
        .getAllByRole("row")
        .map((row) => [...row.children].map((cell) => cell.textContent));
      expect(rows).toEqual([
        ["Week", "Books read"],
        ["3 Nov", "150"],
        ["10 Nov", "74"],
      ]);
    });

    it("adds the year to the weeks only when the report's dates fall in two years", async () => {
      const weekLabels = () =>
        within(within(screen.getByRole("figure", { name: "Books read per week" })).getByRole("table"))
          .getAllByRole("rowheader")
          .map((cell) => cell.textContent);
      const weekly = [buildWeek("2025-12-29", 2), buildWeek("2026-01-05", 1)];
      const { user } = renderReports(
        {
          AdminReport: (variables) =>
            reportReply(buildReport({ from: String(variables.from), to: String(variables.to), weekly })),
        },
        "/admin/reports?from=2025-12-30&to=2026-01-06",
      );
      await reportTitle();
      expect(weekLabels()).toEqual(["29 Dec 2025", "5 Jan 2026"]);

      // This year's first week can start in December: the labels stay short.
      await user.click(screen.getByRole("button", { name: "This year" }));
      await waitFor(() => expect(weekLabels()).toEqual(["29 Dec", "5 Jan"]));
    });
  });
});
