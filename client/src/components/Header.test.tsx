import { screen, waitFor, within } from "@testing-library/react";
import { Outlet } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { RequireAuth } from "../features/auth/RequireAuth";
import { TOKEN_KEY, USER_KEY, type SessionUser } from "../lib/session";
import { createTestClient } from "../test/apollo";
import { buildUser, storeSignedIn } from "../test/factories";
import { Probe, renderRoutes } from "../test/render";
import { Header } from "./Header";

const guarded = (name: string) => (
  <RequireAuth>
    <Probe name={name} />
  </RequireAuth>
);

// Like the app's Layout: the header above the routed page.
const routes = [
  {
    element: (
      <>
        <Header />
        <main>
          <Outlet />
        </main>
      </>
    ),
    children: [
      { path: "/", element: <Probe name="Home page" /> },
      { path: "/about", element: <Probe name="About page" /> },
      { path: "/login", element: <Probe name="Login page" /> },
      { path: "/register", element: <Probe name="Register page" /> },
      { path: "/books", element: guarded("Books page") },
      { path: "/dashboard", element: guarded("Dashboard page") },
    ],
  },
];

function renderHeader({ user, path = "/" }: { user?: ReturnType<typeof buildUser>; path?: string } = {}) {
  if (user) {
    storeSignedIn(user as SessionUser);
  }
  // The server confirms the stored user unchanged.
  const test = createTestClient(user ? { Me: { data: { me: user } } } : {});
  const rendered = renderRoutes(routes, { client: test.client, initialEntries: [path] });
  return { ...test, ...rendered };
}

const mainNavLabels = () =>
  within(screen.getByRole("navigation", { name: "Main" }))
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);

const mobileToggle = () => screen.getByRole("button", { name: /^(Open menu|Close menu)$/ });
const mobileNav = () => screen.queryByRole("navigation", { name: "Mobile" });

describe("Header", () => {
  it("signed out shows Home, About, Login and Register, and no account menu", () => {
    renderHeader();
    expect(mainNavLabels()).toEqual([
      ["Home", "/"],
      ["About", "/about"],
      ["Login", "/login"],
      ["Register", "/register"],
    ]);
    expect(screen.queryByRole("button", { name: "Account" })).toBeNull();
    expect(screen.getByRole("link", { name: "Reading Room home" }).getAttribute("href")).toBe("/");
  });

  it("signed in as a student shows Home, About, Books and Dashboard, without role links", () => {
    renderHeader({ user: buildUser({ role: "student", displayName: "Ada" }) });
    expect(mainNavLabels()).toEqual([
      ["Home", "/"],
      ["About", "/about"],
      ["Books", "/books"],
      ["Dashboard", "/dashboard"],
    ]);
  });

  it("signed in as a teacher adds Teacher to /teacher/dashboard, not Admin", () => {
    renderHeader({ user: buildUser({ role: "teacher" }) });
    expect(mainNavLabels()).toEqual([
      ["Home", "/"],
      ["About", "/about"],
      ["Books", "/books"],
      ["Dashboard", "/dashboard"],
      ["Teacher", "/teacher/dashboard"],
    ]);
  });

  it("signed in as an admin adds Admin to /admin, not Teacher", () => {
    renderHeader({ user: buildUser({ role: "admin" }) });
    expect(mainNavLabels()).toEqual([
      ["Home", "/"],
      ["About", "/about"],
      ["Books", "/books"],
      ["Dashboard", "/dashboard"],
      ["Admin", "/admin"],
    ]);
  });

  it("marks the current page's link active", () => {
    renderHeader({ path: "/about" });
    const nav = within(screen.getByRole("navigation", { name: "Main" }));
    expect(nav.getByRole("link", { name: "About" }).getAttribute("aria-current")).toBe("page");
    // Home matches only "/" exactly.
    expect(nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  });

  it("the account button shows the display name", () => {
    renderHeader({ user: buildUser({ displayName: "Ada Lovelace" }) });
    expect(screen.getByRole("button", { name: "Ada Lovelace" })).toBeTruthy();
  });

  it("the account button reads 'Account' and the menu 'User' without a display name", async () => {
    const { user } = renderHeader({ user: buildUser({ displayName: "", email: "anon@school.test" }) });
    const account = screen.getByRole("button", { name: "Account" });
    await user.click(account);
    const menu = document.getElementById(account.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(within(menu).getByText("User")).toBeTruthy();
    expect(within(menu).getByText("anon@school.test")).toBeTruthy();
  });

  it("the account menu shows display name, email, role badge and 'Sign out'", async () => {
    const { user } = renderHeader({
      user: buildUser({ displayName: "Ada Lovelace", email: "ada@school.test", role: "teacher" }),
    });
    const account = screen.getByRole("button", { name: "Ada Lovelace" });
    expect(account.getAttribute("aria-expanded")).toBe("false");
    await user.click(account);
    expect(account.getAttribute("aria-expanded")).toBe("true");
    const menu = document.getElementById(account.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(Array.from(menu.querySelectorAll("p")).map((p) => p.textContent)).toEqual([
      "Ada Lovelace",
      "ada@school.test",
      "teacher",
    ]);
    expect(within(menu).getByRole("button", { name: "Sign out" })).toBeTruthy();
    // Clicking the button again closes it.
    await user.click(account);
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
  });

  it("'Sign out' logs out and goes to /, without calling the server", async () => {
    const { user, calls, router } = renderHeader({ user: buildUser({ displayName: "Ada" }), path: "/about" });
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Ada" }));
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
    expect(mainNavLabels().map(([label]) => label)).toEqual(["Home", "About", "Login", "Register"]);
    expect(calls.map((call) => call.operationName)).toEqual(["Me"]);
  });

  // The guarded page re-renders signed out before the navigation to "/" lands: it must not send the
  // user to /login instead.
  it("'Sign out' from a signed-in-only page goes to /, not to /login", async () => {
    const { user, router } = renderHeader({ user: buildUser({ displayName: "Ada" }), path: "/dashboard" });
    expect(screen.getByRole("heading", { name: "Dashboard page" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Ada" }));
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(router.state.navigation.state).toBe("idle"));
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("heading", { name: "Home page" })).toBeTruthy();
  });

  it("a click outside closes the account menu", async () => {
    const { user } = renderHeader({ user: buildUser({ displayName: "Ada" }) });
    await user.click(screen.getByRole("button", { name: "Ada" }));
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
    await user.click(screen.getByRole("heading", { name: "Home page" }));
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
  });

  it("the mobile toggle opens a menu with the same items, and closes it again", async () => {
    const { user } = renderHeader({ user: buildUser({ role: "admin" }) });
    expect(mobileNav()).toBeNull();
    expect(mobileToggle().getAttribute("aria-expanded")).toBe("false");
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const nav = mobileNav() as HTMLElement;
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Home", "About", "Books", "Dashboard", "Admin"]);
    expect(mobileToggle().getAttribute("aria-expanded")).toBe("true");
    expect(mobileToggle().getAttribute("aria-controls")).toBe(nav.id);
    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(mobileNav()).toBeNull();
  });

  it("opening the account menu closes the mobile menu", async () => {
    const { user } = renderHeader({ user: buildUser({ displayName: "Ada" }) });
    await user.click(mobileToggle());
    expect(mobileNav()).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Ada" }));
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
    expect(mobileNav()).toBeNull();
    expect(mobileToggle().getAttribute("aria-expanded")).toBe("false");
  });

  it("opening the mobile menu closes the account menu", async () => {
    const { user } = renderHeader({ user: buildUser({ displayName: "Ada" }) });
    await user.click(screen.getByRole("button", { name: "Ada" }));
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
    await user.click(mobileToggle());
    expect(mobileNav()).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
    expect(screen.getByRole("button", { name: "Ada" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("Escape closes the account menu and returns focus to its button", async () => {
    const { user } = renderHeader({ user: buildUser({ displayName: "Ada" }) });
    const account = screen.getByRole("button", { name: "Ada" });
    await user.click(account);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
    expect(document.activeElement).toBe(account);
  });

  it("Escape closes the mobile menu and returns focus to its toggle", async () => {
    const { user } = renderHeader();
    await user.click(mobileToggle());
    expect(mobileNav()).not.toBeNull();
    await user.keyboard("{Escape}");
    expect(mobileNav()).toBeNull();
    expect(document.activeElement).toBe(mobileToggle());
  });

  it("choosing a link in the mobile menu navigates and closes it", async () => {
    const { user, router } = renderHeader();
    await user.click(mobileToggle());
    await user.click(within(mobileNav() as HTMLElement).getByRole("link", { name: "About" }));
    expect(await screen.findByRole("heading", { name: "About page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/about");
    expect(mobileNav()).toBeNull();
  });

  it("choosing the current page's link in the mobile menu also closes it", async () => {
    const { user } = renderHeader();
    await user.click(mobileToggle());
    await user.click(within(mobileNav() as HTMLElement).getByRole("link", { name: "Home" }));
    expect(mobileNav()).toBeNull();
  });
});
