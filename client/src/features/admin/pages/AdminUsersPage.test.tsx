import { ApolloClient } from "@apollo/client";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCache } from "../../../lib/apollo";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { Probe, renderRoutes } from "../../../test/render";
import { RequireAuth } from "../../auth/RequireAuth";
import { reloadAtDashboard } from "../users/leaveAdmin";
import { adminUsers, buildAdminUser, type BuiltAdminUser, updatedReply, usersReply } from "../users/testFactories";
import AdminUsersPage from "./AdminUsersPage";

vi.mock("../users/leaveAdmin", () => ({ reloadAtDashboard: vi.fn() }));

beforeEach(() => {
  vi.mocked(reloadAtDashboard).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

const LAST_ADMIN = "This is the only active admin: make someone else an admin first";

const routes = [
  {
    path: "/admin/users",
    element: (
      <RequireAuth role="admin">
        <AdminUsersPage />
      </RequireAuth>
    ),
  },
  { path: "/login", element: <Probe name="Login page" /> },
];

function renderUsers(resolvers: Record<string, Resolver>) {
  const me = buildUser({ role: "admin", school: null, displayName: "Grace Hopper", email: "grace@admin.test" });
  storeSignedIn(me);
  const test = createTestClient({ Me: { data: { me } }, ...resolvers });
  // The app's own cache, so that the saved row updates as it does in the app.
  const client = new ApolloClient({ link: test.client.link, cache: createCache() });
  const rendered = renderRoutes(routes, { client, initialEntries: ["/admin/users"] });
  const listCalls = () => test.callsOf("AdminUsersList").map((call) => call.variables);
  const saveCalls = () => test.callsOf("AdminUsersUpdateUser").map((call) => call.variables);
  return { ...test, ...rendered, me, listCalls, saveCalls };
}

const firstPage = { search: null, role: null, status: null, offset: 0, limit: 25 };

const table = () => screen.getByRole("table", { name: "Users, by name" });
/** A cell's text without its column's name (shown on the phone's cards, hidden from screen readers). */
function cellText(cell: Element): string {
  const copy = cell.cloneNode(true) as Element;
  copy.querySelectorAll(':scope > [aria-hidden="true"]').forEach((label) => label.remove());
  return copy.textContent ?? "";
}
/** Each row's cells as text (the name cell holds the badges too). */
const rows = () =>
  within(table())
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map(cellText));
const shownNames = () =>
  within(table())
    .getAllByRole("rowheader")
    .map((cell) => cell.querySelector("span")?.textContent);
const summary = () => screen.getByText(/^(Showing|No users|Loading users)/);
const editButton = (user: Pick<BuiltAdminUser, "displayName">) =>
  screen.getByRole("button", { name: `Edit ${user.displayName}` });
const dialog = () => screen.getByRole("dialog", { name: "Edit user" });
const field = (name: string) => within(dialog()).getByLabelText(name, { exact: false }) as HTMLInputElement;

describe("AdminUsersPage", () => {
  it("shows a spinner, then the table: name, email, role, school, status, last active and Edit", async () => {
    const answer = deferred<Reply>();
    const ada = buildAdminUser({
      displayName: "Ada Lovelace",
      email: "ada@pimlico.test",
      blocked: true,
      strikeCount: 3,
      // 08:15 UTC is 09:15 in London in summer time.
      lastActiveAt: "2025-06-02T08:15:00.000Z",
    });
    const ben = buildAdminUser({
      displayName: "Ben Okri",
      email: "ben@brunel.test",
      role: "teacher",
      school: "Ark Brunel Primary Academy",
      status: "inactive",
      lastActiveAt: "2025-01-20T16:00:00.000Z",
    });
    const { me, listCalls } = renderUsers({ AdminUsersList: () => answer.promise });
    const self = buildAdminUser({
      uid: me.uid,
      displayName: "Grace Hopper",
      email: "grace@admin.test",
      role: "admin",
      school: null,
    });
    expect(screen.getByRole("heading", { level: 1, name: "Manage Users" })).toBeTruthy();
    expect(await screen.findByText("Loading users…")).toBeTruthy();
    answer.resolve(usersReply([ada, ben, self]));

    await screen.findByRole("table", { name: "Users, by name" });
    expect(
      within(table())
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Name", "Email", "Role", "School", "Status", "Last active", "Actions"]);
    expect(rows()).toEqual([
      [
        "Ada LovelaceBlocked",
        "ada@pimlico.test",
        "Student",
        "Pimlico Academy",
        "Active",
        "2 Jun 2025, 09:15",
        "Edit Ada Lovelace",
      ],
      [
        "Ben Okri",
        "ben@brunel.test",
        "Teacher",
        "Ark Brunel Primary Academy",
        "Inactive",
        "20 Jan 2025, 16:00",
        "Edit Ben Okri",
      ],
      ["Grace HopperYou", "grace@admin.test", "Admin", "—No school", "Active", "Never", "Edit Grace Hopper"],
    ]);
    expect(within(table()).getAllByRole("row")[1]!.querySelector("time")?.getAttribute("dateTime")).toBe(
      "2025-06-02T08:15:00.000Z",
    );
    // On a phone each row is a card: its cells name their column there, out of screen readers' way.
    expect(
      [...within(table()).getAllByRole("row")[1]!.querySelectorAll("td")].map(
        (cell) => cell.querySelector(':scope > [aria-hidden="true"]')?.textContent ?? null,
      ),
    ).toEqual(["Email", "Role", "School", "Status", "Last active", null]);
    expect(table().closest("[tabindex]")).toBeNull();
    expect(summary().textContent).toBe("Showing 1–3 of 3");
    expect(summary().getAttribute("aria-live")).toBe("polite");
    expect(listCalls()).toEqual([firstPage]);
    // One page only: no pagination.
    expect(screen.queryByRole("navigation", { name: "Pages of users" })).toBeNull();
  });

  it("says 'No users yet.' when there are none", async () => {
    renderUsers({ AdminUsersList: usersReply([]) });
    expect(await screen.findByText("No users yet.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("sends the search only once typing stops, trimmed, and says when nothing matches", async () => {
    const ada = buildAdminUser({ displayName: "Ada Lovelace" });
    const { listCalls } = renderUsers({
      AdminUsersList: (variables) => (variables.search ? usersReply([]) : usersReply([ada])),
    });
    const search = await screen.findByRole("searchbox", { name: "Search users" });
    await screen.findByRole("table");

    vi.useFakeTimers();
    fireEvent.change(search, { target: { value: "z" } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(search, { target: { value: "  zed@school " } });
    act(() => vi.advanceTimersByTime(299));
    expect(listCalls()).toEqual([firstPage]);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(listCalls()).toEqual([firstPage, { ...firstPage, search: "zed@school" }]));
    expect(await screen.findByText("No users match your search and filters.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("asks the server for the chosen role and status", async () => {
    const { user, listCalls } = renderUsers({ AdminUsersList: usersReply(adminUsers(2)) });
    await screen.findByRole("table");
    const role = screen.getByRole("combobox", { name: "Role" }) as HTMLSelectElement;
    const status = screen.getByRole("combobox", { name: "Status" }) as HTMLSelectElement;
    expect([...role.options].map((option) => [option.value, option.text])).toEqual([
      ["", "All roles"],
      ["student", "Student"],
      ["teacher", "Teacher"],
      ["admin", "Admin"],
    ]);
    expect([...status.options].map((option) => [option.value, option.text])).toEqual([
      ["", "All statuses"],
      ["active", "Active"],
      ["inactive", "Inactive"],
    ]);

    await user.selectOptions(role, "teacher");
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ ...firstPage, role: "teacher" }));
    await user.selectOptions(status, "inactive");
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ ...firstPage, role: "teacher", status: "inactive" }));
    await user.selectOptions(role, "");
    await waitFor(() => expect(listCalls().at(-1)).toEqual({ ...firstPage, status: "inactive" }));
  });

  it("pages through 25 at a time with Previous and Next, and a new filter starts at the first page", async () => {
    const everyone = adminUsers(60);
    const { user, listCalls } = renderUsers({
      AdminUsersList: (variables) => {
        const offset = Number(variables.offset);
        const items = (variables.role === "admin" ? everyone.slice(0, 2) : everyone).slice(offset, offset + 25);
        const totalCount = variables.role === "admin" ? 2 : 140;
        const next = offset + items.length;
        return usersReply(items, { totalCount, nextOffset: next < totalCount ? next : null });
      },
    });
    await screen.findByRole("table");
    const pagination = screen.getByRole("navigation", { name: "Pages of users" });
    const previous = within(pagination).getByRole("button", { name: "Previous" });
    const next = within(pagination).getByRole("button", { name: "Next" });
    expect(summary().textContent).toBe("Showing 1–25 of 140");
    expect(within(pagination).getByText("Page 1 of 6")).toBeTruthy();
    expect(previous.getAttribute("aria-disabled")).toBe("true");
    expect(next.getAttribute("aria-disabled")).toBe("false");
    expect(shownNames()).toEqual(everyone.slice(0, 25).map((u) => u.displayName));

    // Unavailable Previous does nothing.
    await user.click(previous);
    expect(listCalls()).toEqual([firstPage]);

    await user.click(next);
    await waitFor(() => expect(summary().textContent).toBe("Showing 26–50 of 140"));
    expect(shownNames()).toEqual(everyone.slice(25, 50).map((u) => u.displayName));
    expect(within(pagination).getByText("Page 2 of 6")).toBeTruthy();
    expect(previous.getAttribute("aria-disabled")).toBe("false");
    expect(listCalls().at(-1)).toEqual({ ...firstPage, offset: 25 });

    await user.click(next);
    await waitFor(() => expect(summary().textContent).toBe("Showing 51–60 of 140"));
    await user.click(previous);
    await waitFor(() => expect(summary().textContent).toBe("Showing 26–50 of 140"));
    expect(listCalls().at(-1)).toEqual({ ...firstPage, offset: 25 });

    await user.selectOptions(screen.getByRole("combobox", { name: "Role" }), "admin");
    await waitFor(() => expect(summary().textContent).toBe("Showing 1–2 of 2"));
    expect(listCalls().at(-1)).toEqual({ ...firstPage, role: "admin", offset: 0 });
    expect(screen.queryByRole("navigation", { name: "Pages of users" })).toBeNull();
  });

  it("says 'Failed to load users.' with 'Try Again', which asks again", async () => {
    let calls = 0;
    const ada = buildAdminUser({ displayName: "Ada Lovelace" });
    const { user, listCalls } = renderUsers({
      AdminUsersList: () => {
        calls += 1;
        return calls === 1
          ? graphqlError("Database unavailable", { code: "INTERNAL_SERVER_ERROR" })
          : usersReply([ada]);
      },
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load users.");
    expect(screen.queryByText("Database unavailable")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("button", { name: "Edit Ada Lovelace" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(listCalls()).toEqual([firstPage, firstPage]);
  });

  describe("the Edit dialog", () => {
    it("opens with the user's details, the name focused and the email disabled; Cancel closes it", async () => {
      const ben = buildAdminUser({ displayName: "Ben Okri", email: "ben@brunel.test", role: "teacher" });
      const { user, saveCalls } = renderUsers({ AdminUsersList: usersReply([ben]) });
      await user.click(await screen.findByRole("button", { name: "Edit Ben Okri" }));

      expect(dialog().hasAttribute("open")).toBe(true);
      expect(within(dialog()).getByRole("heading", { level: 2 }).textContent).toBe("Edit user");
      const name = field("Full name");
      expect(name.value).toBe("Ben Okri");
      expect(name.required).toBe(true);
      expect(document.activeElement).toBe(name);
      const email = field("Email");
      expect(email.value).toBe("ben@brunel.test");
      expect(email.disabled).toBe(true);
      expect(within(dialog()).getByText("Email cannot be changed.")).toBeTruthy();
      expect((field("Role") as unknown as HTMLSelectElement).value).toBe("teacher");
      expect((field("Status") as unknown as HTMLSelectElement).value).toBe("active");
      expect(within(dialog()).queryByText(/your own account/)).toBeNull();

      await user.click(within(dialog()).getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement).toBe(editButton(ben));
      expect(saveCalls()).toEqual([]);
    });

    it("closes on Escape and gives focus back to the row's Edit button", async () => {
      const ben = buildAdminUser({ displayName: "Ben Okri" });
      const cara = buildAdminUser({ displayName: "Cara Diaz" });
      const { user } = renderUsers({ AdminUsersList: usersReply([ben, cara]) });
      await user.click(await screen.findByRole("button", { name: "Edit Cara Diaz" }));
      fireEvent.keyDown(field("Full name"), { key: "Escape" });
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement).toBe(editButton(cara));

      // The browser's own close request (the cancel event) closes it too.
      await user.click(editButton(ben));
      fireEvent(dialog(), new Event("cancel", { cancelable: true }));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement).toBe(editButton(ben));
    });

    it("requires a full name: 'Full name is required', cleared by typing, and nothing is sent", async () => {
      const ben = buildAdminUser({ displayName: "Ben Okri" });
      const { user, saveCalls } = renderUsers({ AdminUsersList: usersReply([ben]) });
      await user.click(await screen.findByRole("button", { name: "Edit Ben Okri" }));
      await user.clear(field("Full name"));
      await user.type(field("Full name"), "   ");
      await user.click(within(dialog()).getByRole("button", { name: "Save" }));

      expect(within(dialog()).getByRole("alert").textContent).toBe("Full name is required");
      expect(field("Full name").getAttribute("aria-invalid")).toBe("true");
      expect(document.activeElement).toBe(field("Full name"));
      expect(saveCalls()).toEqual([]);

      await user.type(field("Full name"), "B");
      expect(within(dialog()).queryByRole("alert")).toBeNull();
    });

    it("warns that an inactive user cannot log in and is signed out at once", async () => {
      const ben = buildAdminUser({ displayName: "Ben Okri" });
      const { user } = renderUsers({ AdminUsersList: usersReply([ben]) });
      await user.click(await screen.findByRole("button", { name: "Edit Ben Okri" }));
      const warning = "An inactive user cannot log in, and is signed out at once.";
      expect(within(dialog()).queryByText(warning)).toBeNull();
      await user.selectOptions(field("Status"), "inactive");
      expect(within(dialog()).getByText(warning)).toBeTruthy();
      await user.selectOptions(field("Status"), "active");
      expect(within(dialog()).queryByText(warning)).toBeNull();
    });

    it("saves name, role and status, then updates the row in place and says so", async () => {
      const ada = buildAdminUser({ displayName: "Ada Lovelace" });
      const ben = buildAdminUser({ displayName: "Ben Okri", email: "ben@brunel.test", role: "student" });
      const save = deferred<Reply>();
      const { user, saveCalls, listCalls } = renderUsers({
        AdminUsersList: usersReply([ada, ben]),
        AdminUsersUpdateUser: () => save.promise,
      });
      await user.click(await screen.findByRole("button", { name: "Edit Ben Okri" }));
      await user.clear(field("Full name"));
      await user.type(field("Full name"), "  Ben Okri-Smith ");
      await user.selectOptions(field("Role"), "teacher");
      await user.selectOptions(field("Status"), "inactive");
      await user.click(within(dialog()).getByRole("button", { name: "Save" }));

      // Busy: the button says so and cannot be pressed again.
      const saving = within(dialog()).getByRole("button", { name: "Saving…" }) as HTMLButtonElement;
      expect(saving.disabled).toBe(true);
      expect(saveCalls()).toEqual([
        { id: ben.uid, displayName: "Ben Okri-Smith", role: "teacher", status: "inactive" },
      ]);
      save.resolve(updatedReply(ben, { displayName: "Ben Okri-Smith", role: "teacher", status: "inactive" }));

      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(rows()[1]).toEqual([
        "Ben Okri-Smith",
        "ben@brunel.test",
        "Teacher",
        "Pimlico Academy",
        "Inactive",
        "Never",
        "Edit Ben Okri-Smith",
      ]);
      expect(rows()[0]![0]).toBe("Ada Lovelace");
      expect(screen.getByText("Saved changes to Ben Okri-Smith.").getAttribute("role")).toBe("status");
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit Ben Okri-Smith" }));
      // In place: the list was not asked for again.
      expect(listCalls()).toEqual([firstPage]);
    });

    it("shows the server's refusal (the last active admin) and stays open for another try", async () => {
      const grace = buildAdminUser({ displayName: "Ada Admin", role: "admin", school: null });
      const { user, saveCalls } = renderUsers({
        AdminUsersList: usersReply([grace]),
        AdminUsersUpdateUser: graphqlError(LAST_ADMIN, { code: "CONFLICT" }),
      });
      await user.click(await screen.findByRole("button", { name: "Edit Ada Admin" }));
      await user.selectOptions(field("Role"), "teacher");
      await user.click(within(dialog()).getByRole("button", { name: "Save" }));

      expect((await within(dialog()).findByRole("alert")).textContent).toBe(LAST_ADMIN);
      expect((within(dialog()).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(false);
      expect(saveCalls()).toHaveLength(1);
      // The row is unchanged.
      expect(rows()[0]![2]).toBe("Admin");
    });

    it("shows the server's message for the name on the name field", async () => {
      const ben = buildAdminUser({ displayName: "Ben Okri" });
      const { user } = renderUsers({
        AdminUsersList: usersReply([ben]),
        AdminUsersUpdateUser: graphqlError("Full name must be at most 100 characters", {
          code: "BAD_USER_INPUT",
          fields: { displayName: "Full name must be at most 100 characters" },
        }),
      });
      await user.click(await screen.findByRole("button", { name: "Edit Ben Okri" }));
      await user.click(within(dialog()).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(field("Full name").getAttribute("aria-invalid")).toBe("true"));
      expect(
        within(dialog())
          .getAllByRole("alert")
          .map((alert) => alert.textContent),
      ).toEqual(["Full name must be at most 100 characters"]);
    });

    it("says 'No response from server' when the save gets no answer", async () => {
      const ben = buildAdminUser({ displayName: "Ben Okri" });
      const { user } = renderUsers({
        AdminUsersList: usersReply([ben]),
        AdminUsersUpdateUser: new TypeError("Failed to fetch"),
      });
      await user.click(await screen.findByRole("button", { name: "Edit Ben Okri" }));
      await user.click(within(dialog()).getByRole("button", { name: "Save" }));
      expect((await within(dialog()).findByRole("alert")).textContent).toMatch(/^No response from server/);
    });
  });

  describe("editing your own account", () => {
    function renderSelf(resolvers: Record<string, Resolver> = {}) {
      let self: BuiltAdminUser | null = null;
      const rendered = renderUsers({
        AdminUsersList: () => usersReply([self!]),
        ...resolvers,
      });
      self = buildAdminUser({
        uid: rendered.me.uid,
        displayName: "Grace Hopper",
        email: "grace@admin.test",
        role: "admin",
        school: null,
      });
      return { ...rendered, self };
    }

    it("says so, and warns about losing the admin screens or being signed out", async () => {
      const { user } = renderSelf();
      await user.click(await screen.findByRole("button", { name: "Edit Grace Hopper" }));
      expect(within(dialog()).getByText("This is your own account.")).toBeTruthy();
      expect(within(dialog()).queryByText(/lose the admin screens/)).toBeNull();
      await user.selectOptions(field("Role"), "teacher");
      expect(
        within(dialog()).getByText("If you stop being an admin, you lose the admin screens at once."),
      ).toBeTruthy();
      await user.selectOptions(field("Status"), "inactive");
      expect(within(dialog()).getByText("Making yourself inactive signs you out at once.")).toBeTruthy();
    });

    it("signs out at once after making yourself inactive", async () => {
      let self: BuiltAdminUser | null = null;
      const { user, router, me } = renderUsers({
        AdminUsersList: () => usersReply([self!]),
        AdminUsersUpdateUser: () => updatedReply(self!, { status: "inactive" }),
      });
      self = buildAdminUser({ uid: me.uid, displayName: "Grace Hopper", role: "admin", school: null });
      await user.click(await screen.findByRole("button", { name: "Edit Grace Hopper" }));
      await user.selectOptions(field("Status"), "inactive");
      await user.click(within(dialog()).getByRole("button", { name: "Save" }));
      expect(await screen.findByRole("heading", { name: "Login page" })).toBeTruthy();
      expect(router.state.location.pathname).toBe("/login");
      expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
    });

    it("reloads the app at the dashboard after giving up your own admin role", async () => {
      let self: BuiltAdminUser | null = null;
      const { user, me, saveCalls } = renderUsers({
        AdminUsersList: () => usersReply([self!]),
        AdminUsersUpdateUser: () => updatedReply(self!, { role: "teacher" }),
      });
      self = buildAdminUser({ uid: me.uid, displayName: "Grace Hopper", role: "admin", school: null });
      await user.click(await screen.findByRole("button", { name: "Edit Grace Hopper" }));
      await user.selectOptions(field("Role"), "teacher");
      await user.click(within(dialog()).getByRole("button", { name: "Save" }));
      await waitFor(() => expect(reloadAtDashboard).toHaveBeenCalledTimes(1));
      expect(saveCalls()).toEqual([{ id: me.uid, displayName: "Grace Hopper", role: "teacher", status: "active" }]);
    });

    it("stays put after changing only your own name", async () => {
      const { user, router } = renderSelf({
        AdminUsersUpdateUser: (variables) => ({
          data: {
            updateUser: {
              __typename: "User",
              uid: variables.id,
              displayName: "Grace B. Hopper",
              role: "admin",
              status: "active",
              school: null,
              moderation: { __typename: "Moderation", strikeCount: 0, blocked: false },
            },
          },
        }),
      });
      await user.click(await screen.findByRole("button", { name: "Edit Grace Hopper" }));
      await user.clear(field("Full name"));
      await user.type(field("Full name"), "Grace B. Hopper");
      await user.click(within(dialog()).getByRole("button", { name: "Save" }));
      expect(await screen.findByText("Saved changes to Grace B. Hopper.")).toBeTruthy();
      expect(reloadAtDashboard).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe("/admin/users");
    });
  });
});
