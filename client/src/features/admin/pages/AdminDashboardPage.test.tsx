import { ApolloClient } from "@apollo/client";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createCache } from "../../../lib/apollo";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { Probe, renderRoutes } from "../../../test/render";
import { RequireAuth } from "../../auth/RequireAuth";
import {
  activityItems,
  activityReply,
  buildActivityItem,
  type BuiltActivityItem,
  overviewReply,
} from "../home/testFactories";
import AdminDashboardPage from "./AdminDashboardPage";

const routes = [
  {
    path: "/admin",
    element: (
      <RequireAuth role="admin">
        <AdminDashboardPage />
      </RequireAuth>
    ),
  },
  { path: "/admin/books", element: <Probe name="Books admin" /> },
  { path: "/admin/users", element: <Probe name="Users admin" /> },
  { path: "/admin/reports", element: <Probe name="Reports admin" /> },
  { path: "/admin/schools", element: <Probe name="Schools admin" /> },
];

function renderDashboard(resolvers: Record<string, Resolver>) {
  const me = buildUser({ role: "admin", school: null, displayName: "Grace Hopper" });
  storeSignedIn(me);
  const test = createTestClient({ Me: { data: { me } }, ...resolvers });
  // The app's own cache, so that paging merges as it does in the app.
  const client = new ApolloClient({ link: test.client.link, cache: createCache() });
  const rendered = renderRoutes(routes, { client, initialEntries: ["/admin"] });
  const activityCalls = () => test.callsOf("AdminHomeActivity").map((call) => call.variables);
  return { ...test, ...rendered, activityCalls };
}

/** A stat card (a list item headed by its label): its value and its detail line. */
function stat(label: string) {
  const card = screen.getByRole("heading", { level: 3, name: label }).closest("li")!;
  const [value, detail] = [...card.querySelectorAll("p")].map((p) => p.textContent);
  return { value, detail };
}

const activityList = () => screen.getByRole("list", { name: "Recent activity" });
const shownSummaries = () =>
  within(activityList())
    .getAllByRole("listitem")
    .map((item) => item.querySelectorAll("p")[1]?.textContent);

describe("AdminDashboardPage", () => {
  it("shows loading states, then the stats cards with their breakdowns", async () => {
    const overview = deferred<Reply>();
    renderDashboard({ AdminHomeOverview: () => overview.promise, AdminHomeActivity: activityReply([]) });
    expect(screen.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeTruthy();
    expect(await screen.findByText("Loading the dashboard numbers…")).toBeTruthy();
    overview.resolve(
      overviewReply({
        students: 1200,
        teachers: 14,
        admins: 1,
        totalBooks: 48,
        publishedBooks: 40,
        draftBooks: 5,
        activeUsers: 357,
        openAlerts: 3,
      }),
    );
    await screen.findByRole("heading", { level: 3, name: "Total users" });
    expect(screen.queryByText("Loading the dashboard numbers…")).toBeNull();
    expect(stat("Total users")).toEqual({ value: "1,215", detail: "1,200 students · 14 teachers · 1 admin" });
    // Archived books count in the total only.
    expect(stat("Total books")).toEqual({ value: "48", detail: "40 published · 5 drafts · 3 archived" });
    expect(stat("Active users")).toEqual({ value: "357", detail: "In the last 7 days" });
    expect(stat("Open safeguarding alerts")).toEqual({ value: "3", detail: "Not yet reviewed by a teacher" });
  });

  it("says when no safeguarding alert is open and leaves out archived books when there are none", async () => {
    renderDashboard({
      AdminHomeOverview: overviewReply({ publishedBooks: 1, draftBooks: 1, openAlerts: 0 }),
      AdminHomeActivity: activityReply([]),
    });
    await screen.findByRole("heading", { level: 3, name: "Total books" });
    expect(stat("Total books")).toEqual({ value: "2", detail: "1 published · 1 draft" });
    expect(stat("Open safeguarding alerts")).toEqual({ value: "0", detail: "Nothing waiting for review" });
  });

  it("links to the admin screens from the quick actions", async () => {
    const { user, router } = renderDashboard({
      AdminHomeOverview: overviewReply(),
      AdminHomeActivity: activityReply([]),
    });
    const actions = screen.getByRole("navigation", { name: "Quick actions" });
    const links = within(actions).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Manage Books", "/admin/books"],
      ["Manage Users", "/admin/users"],
      ["Reports", "/admin/reports"],
      ["Schools", "/admin/schools"],
    ]);
    await user.click(within(actions).getByRole("link", { name: "Manage Users" }));
    expect(await screen.findByRole("heading", { name: "Users admin" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin/users");
  });

  it("lists recent activity newest first with its kind, summary, who did it, urgency and London time", async () => {
    const items: BuiltActivityItem[] = [
      buildActivityItem({
        id: "moderation:event-1",
        kind: "moderation",
        summary: "Safeguarding alert for Ada Lovelace (self harm risk)",
        urgent: true,
        // 13:05 UTC is 14:05 in London in summer time.
        createdAt: "2025-07-01T13:05:00.000Z",
      }),
      buildActivityItem({
        id: "admin:action-1",
        kind: "bookPublished",
        summary: "Published 'The Hobbit'",
        actorName: "Grace Hopper",
        createdAt: "2025-07-01T09:30:00.000Z",
      }),
      buildActivityItem({
        id: "review:review-1",
        kind: "review",
        summary: "Ben Okri reviewed 'Matilda' (5 out of 5)",
        createdAt: "2025-01-15T16:45:00.000Z",
      }),
      buildActivityItem({
        id: "admin:action-0",
        kind: "admin",
        summary: "Changed 'Cara Diaz': role student to teacher",
        actorName: "Grace Hopper",
        createdAt: "2025-01-14T08:00:00.000Z",
      }),
      buildActivityItem({
        id: "registration:user-9",
        kind: "registration",
        summary: "Dev Patel joined as a student at Pimlico Academy",
        createdAt: "2025-01-13T08:00:00.000Z",
      }),
    ];
    const { activityCalls } = renderDashboard({
      AdminHomeOverview: overviewReply(),
      AdminHomeActivity: activityReply(items),
    });
    expect(await screen.findByText("Loading recent activity…")).toBeTruthy();
    await screen.findByRole("list", { name: "Recent activity" });
    expect(activityCalls()).toEqual([{ limit: 20 }]);

    const entries = within(activityList())
      .getAllByRole("listitem")
      .map((item) => {
        const [head, summary, meta] = [...item.querySelectorAll("p")].map((p) => p.textContent);
        return { head, summary, meta, dateTime: item.querySelector("time")?.getAttribute("dateTime") };
      });
    expect(entries).toEqual([
      {
        head: "SafeguardingUrgent",
        summary: "Safeguarding alert for Ada Lovelace (self harm risk)",
        meta: "1 Jul 2025, 14:05",
        dateTime: "2025-07-01T13:05:00.000Z",
      },
      {
        head: "Book published",
        summary: "Published 'The Hobbit'",
        meta: "By Grace Hopper · 1 Jul 2025, 10:30",
        dateTime: "2025-07-01T09:30:00.000Z",
      },
      {
        head: "Review",
        summary: "Ben Okri reviewed 'Matilda' (5 out of 5)",
        meta: "15 Jan 2025, 16:45",
        dateTime: "2025-01-15T16:45:00.000Z",
      },
      {
        head: "Admin action",
        summary: "Changed 'Cara Diaz': role student to teacher",
        meta: "By Grace Hopper · 14 Jan 2025, 08:00",
        dateTime: "2025-01-14T08:00:00.000Z",
      },
      {
        head: "New account",
        summary: "Dev Patel joined as a student at Pimlico Academy",
        meta: "13 Jan 2025, 08:00",
        dateTime: "2025-01-13T08:00:00.000Z",
      },
    ]);
    // The last page: nothing older to show.
    expect(screen.queryByRole("button", { name: "Show older activity" })).toBeNull();
  });

  it("says 'No activity yet.' when there is none", async () => {
    renderDashboard({ AdminHomeOverview: overviewReply(), AdminHomeActivity: activityReply([]) });
    expect(await screen.findByText("No activity yet.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Recent activity" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Show older activity" })).toBeNull();
  });

  it("adds older activity below with 'Show older activity', from nextBefore, each item once", async () => {
    const first = activityItems(20, "2025-03-05T12:00:00.000Z");
    const edge = first.at(-1)!;
    const older = activityItems(3, "2025-03-04T12:00:00.000Z");
    const hold = deferred<void>();
    const { user, activityCalls } = renderDashboard({
      AdminHomeOverview: overviewReply(),
      AdminHomeActivity: (variables) =>
        variables.before === undefined
          ? activityReply(first, edge.createdAt)
          : hold.promise.then(() => activityReply([edge, ...older], null)),
    });
    await screen.findByRole("list", { name: "Recent activity" });
    expect(shownSummaries()).toEqual(first.map((item) => item.summary));

    await user.click(screen.getByRole("button", { name: "Show older activity" }));
    expect(screen.getByText("Loading older activity…")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Show older activity" }) as HTMLButtonElement).disabled).toBe(true);
    hold.resolve();

    await waitFor(() => expect(shownSummaries()).toHaveLength(23));
    expect(shownSummaries()).toEqual([...first, ...older].map((item) => item.summary));
    expect(activityCalls()).toEqual([{ limit: 20 }, { before: edge.createdAt, limit: 20 }]);
    expect(screen.queryByText("Loading older activity…")).toBeNull();
    expect(screen.queryByRole("button", { name: "Show older activity" })).toBeNull();
  });

  it("keeps the activity it has when older activity fails, and 'Try Again' asks for that page again", async () => {
    const first = activityItems(2, "2025-03-05T12:00:00.000Z");
    const older = activityItems(1, "2025-03-01T12:00:00.000Z");
    let olderCalls = 0;
    const { user, activityCalls } = renderDashboard({
      AdminHomeOverview: overviewReply(),
      AdminHomeActivity: (variables) => {
        if (variables.before === undefined) {
          return activityReply(first, first[1]!.createdAt);
        }
        olderCalls += 1;
        return olderCalls === 1 ? new TypeError("Failed to fetch") : activityReply(older, null);
      },
    });
    await screen.findByRole("list", { name: "Recent activity" });
    await user.click(screen.getByRole("button", { name: "Show older activity" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load older activity.");
    expect(shownSummaries()).toEqual(first.map((item) => item.summary));

    await user.click(screen.getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(shownSummaries()).toHaveLength(3));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(activityCalls().slice(1)).toEqual([
      { before: first[1]!.createdAt, limit: 20 },
      { before: first[1]!.createdAt, limit: 20 },
    ]);
  });

  describe("errors", () => {
    it("says the numbers failed to load, with 'Try Again' that asks again, while the activity still shows", async () => {
      let calls = 0;
      const { user, callsOf } = renderDashboard({
        AdminHomeOverview: () => {
          calls += 1;
          return calls === 1
            ? graphqlError("Database unavailable", { code: "INTERNAL_SERVER_ERROR" })
            : overviewReply({ activeUsers: 12 });
        },
        AdminHomeActivity: activityReply([buildActivityItem({ summary: "Ada joined" })]),
      });
      expect((await screen.findByRole("alert")).textContent).toBe("Failed to load the dashboard numbers.");
      expect(screen.queryByText("Database unavailable")).toBeNull();
      expect(await screen.findByText("Ada joined")).toBeTruthy();

      await user.click(screen.getByRole("button", { name: "Try Again" }));
      await screen.findByRole("heading", { level: 3, name: "Active users" });
      expect(stat("Active users").value).toBe("12");
      expect(screen.queryByRole("alert")).toBeNull();
      expect(callsOf("AdminHomeOverview")).toHaveLength(2);
    });

    it("says recent activity failed to load, with 'Try Again' that asks again", async () => {
      let calls = 0;
      const { user, activityCalls } = renderDashboard({
        AdminHomeOverview: overviewReply(),
        AdminHomeActivity: () => {
          calls += 1;
          return calls === 1
            ? new TypeError("Failed to fetch")
            : activityReply([buildActivityItem({ summary: "Back" })]);
        },
      });
      expect((await screen.findByRole("alert")).textContent).toBe("Failed to load recent activity.");
      await user.click(screen.getByRole("button", { name: "Try Again" }));
      expect(await screen.findByText("Back")).toBeTruthy();
      expect(screen.queryByRole("alert")).toBeNull();
      expect(activityCalls()).toEqual([{ limit: 20 }, { limit: 20 }]);
    });
  });
});
