import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { Probe, renderRoutes } from "../../../test/render";
import { buildBook, buildReading } from "../../books/components/testFactories";
import DashboardPage, { dashboardSubtitle } from "./DashboardPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const routes = [
  { path: "/dashboard", element: <DashboardPage /> },
  { path: "/books", element: <Probe name="Books page" /> },
  { path: "/books/:bookId", element: <Probe name="Book page" /> },
];

type DashboardData = {
  booksRead?: number;
  readingTime?: number;
  recentBooks?: unknown[];
  recommendations?: unknown[];
};

const dashboardReply = ({
  booksRead = 0,
  readingTime = 0,
  recentBooks = [],
  recommendations = [],
}: DashboardData = {}): Reply => ({
  data: { dashboard: { __typename: "Dashboard", booksRead, readingTime, recentBooks, recommendations } },
});

const recommend = (
  book: ReturnType<typeof buildBook>,
  reasonText = "New in your library",
  reason = "newInLibrary",
) => ({
  __typename: "Recommendation",
  reason,
  reasonText,
  book,
});

const recent = (book: ReturnType<typeof buildBook>, lastReadAt: string | null) => ({
  ...buildReading({ bookId: book.id, lastReadAt }),
  __typename: "RecentBook",
  book,
});

function renderDashboard(dashboard: Resolver, user = buildUser({ displayName: "Ada Lovelace" })) {
  storeSignedIn(user);
  const test = createTestClient({ Me: { data: { me: user } }, Dashboard: dashboard });
  return { ...test, ...renderRoutes(routes, { client: test.client, initialEntries: ["/dashboard"] }) };
}

const section = (name: string) => screen.getByRole("region", { name });

describe("DashboardPage", () => {
  it("greets the user with the role's subtitle and shows a spinner while loading", async () => {
    const answer = deferred<Reply>();
    renderDashboard(() => answer.promise);
    expect(screen.getByRole("heading", { level: 1, name: "Welcome, Ada Lovelace" })).toBeTruthy();
    expect(screen.getByText("Student Dashboard")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Loading");
    answer.resolve(dashboardReply());
    expect(await screen.findByText("Books Read")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("names the browser tab 'Dashboard - Reading Room'", async () => {
    document.title = "Reading Room";
    renderDashboard(dashboardReply());
    await screen.findByText("Books Read");
    expect(document.title).toBe("Dashboard - Reading Room");
  });

  it("says 'Reader' when the user has no display name", () => {
    renderDashboard(dashboardReply(), buildUser({ displayName: "" }));
    expect(screen.getByRole("heading", { level: 1, name: "Welcome, Reader" })).toBeTruthy();
  });

  it("names the dashboard by role", () => {
    expect(dashboardSubtitle("student")).toBe("Student Dashboard");
    expect(dashboardSubtitle("teacher")).toBe("Teacher Dashboard");
    expect(dashboardSubtitle("admin")).toBe("Admin Dashboard");
    expect(dashboardSubtitle(undefined)).toBe("Admin Dashboard");
  });

  it("shows the stats, up to 3 recent books and up to 3 recommendations, from one query", async () => {
    const read = [
      buildBook({ title: "The Hobbit", author: "J. R. R. Tolkien" }),
      buildBook({ title: "Matilda", author: "Roald Dahl" }),
      buildBook({ title: "Holes", author: "Louis Sachar" }),
    ];
    const suggested = [buildBook({ title: "Wonder", author: "R. J. Palacio" }), buildBook({ title: "Skellig" })];
    const { callsOf } = renderDashboard(
      dashboardReply({
        booksRead: 7,
        readingTime: 30,
        recentBooks: [
          recent(read[0]!, "2025-03-05T12:00:00.000Z"),
          recent(read[1]!, null),
          recent(read[2]!, "2025-01-20T12:00:00.000Z"),
        ],
        recommendations: [
          recommend(suggested[0]!, "Because you liked The Hobbit", "liked"),
          recommend(suggested[1]!, "Popular at Pimlico Academy", "popularAtSchool"),
        ],
      }),
    );

    const stats = await screen.findByRole("list", { name: "Your reading" });
    const [booksRead, readingTime] = within(stats).getAllByRole("listitem");
    expect(booksRead?.textContent).toBe("Books Read7");
    expect(readingTime?.textContent).toBe("Reading Time30 min");

    const recentSection = section("Your Recent Books");
    const recentItems = within(recentSection).getAllByRole("listitem");
    expect(recentItems).toHaveLength(3);
    const hobbit = recentItems[0]!;
    expect(within(hobbit).getByRole("heading", { name: "The Hobbit" })).toBeTruthy();
    expect(within(hobbit).getByText("J. R. R. Tolkien")).toBeTruthy();
    expect(within(hobbit).getByText("Read")).toBeTruthy();
    expect(within(hobbit).getByText("Last read: 5 March 2025")).toBeTruthy();
    expect(within(recentItems[1]!).getByText("Last read: Unknown")).toBeTruthy();
    const cover = within(hobbit).getByRole("img", { name: "Cover of The Hobbit" });
    expect(cover.getAttribute("src")).toBe(read[0]!.coverLowUrl);
    expect(cover.getAttribute("width")).toBe("80");
    expect(cover.getAttribute("height")).toBe("112");
    expect(
      within(hobbit)
        .getByRole("link", { name: /^View Book/ })
        .getAttribute("href"),
    ).toBe(`/books/${read[0]!.id}`);
    expect(within(recentSection).getByRole("link", { name: "View All Books" }).getAttribute("href")).toBe("/books");

    const recommended = section("Recommended for You");
    const links = within(recommended).getAllByRole("link", { name: /^View Book/ });
    expect(links.map((link) => link.getAttribute("href"))).toEqual(suggested.map((book) => `/books/${book.id}`));
    expect(within(recommended).getByRole("heading", { name: "Wonder" })).toBeTruthy();
    expect(within(recommended).getByText("R. J. Palacio")).toBeTruthy();
    // Each says why it is recommended, the server's words.
    const [wonder, skellig] = within(recommended).getAllByRole("listitem");
    expect(within(wonder!).getByText("Because you liked The Hobbit")).toBeTruthy();
    expect(within(skellig!).getByText("Popular at Pimlico Academy")).toBeTruthy();

    expect(screen.queryByText("You haven't read any books yet")).toBeNull();
    expect(callsOf("Dashboard")).toHaveLength(1);
  });

  it("never shows more than 3 recent books or 3 recommendations", async () => {
    const books = [buildBook(), buildBook(), buildBook(), buildBook()];
    renderDashboard(
      dashboardReply({
        booksRead: 4,
        recentBooks: books.map((book) => recent(book, null)),
        recommendations: [buildBook(), buildBook(), buildBook(), buildBook()].map((book) => recommend(book)),
      }),
    );
    await screen.findByText("Books Read");
    expect(within(section("Your Recent Books")).getAllByRole("listitem")).toHaveLength(3);
    expect(within(section("Recommended for You")).getAllByRole("listitem")).toHaveLength(3);
  });

  it("shows both empty texts with their buttons to /books", async () => {
    const { user, router } = renderDashboard(dashboardReply());
    expect(await screen.findByText("You haven't read any books yet")).toBeTruthy();
    expect(screen.getByText("Based on your reading history, we think you'll enjoy these books")).toBeTruthy();
    expect(screen.getByText("0 min")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Explore Books" }).getAttribute("href")).toBe("/books");
    expect(screen.queryByRole("link", { name: "View All Books" })).toBeNull();
    await user.click(screen.getByRole("link", { name: "Explore Recommendations" }));
    expect(await screen.findByRole("heading", { name: "Books page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/books");
  });

  it("shows the error with a 'Try Again' button that reloads the page", async () => {
    const reload = vi.fn();
    const { user } = renderDashboard(graphqlError("Database unavailable", { code: "INTERNAL_SERVER_ERROR" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Failed to load dashboard data. Please try again later.");
    vi.stubGlobal("location", { ...window.location, reload });
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("shows the same error when the network fails", async () => {
    renderDashboard(new TypeError("Failed to fetch"));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to load dashboard data. Please try again later.",
    );
  });

  it("asks to log in again when the user has no uid", () => {
    const { calls } = renderDashboard(dashboardReply(), buildUser({ uid: "" }));
    expect(screen.getByRole("alert").textContent).toBe("Authentication required. Please log in again.");
    expect(calls.filter((call) => call.operationName === "Dashboard")).toEqual([]);
  });
});
