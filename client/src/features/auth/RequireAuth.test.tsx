import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../lib/session";
import { Probe } from "../../test/render";
import type { AuthContextValue } from "./AuthProvider";
import { RequireAuth } from "./RequireAuth";

// The guard only reads useAuth(); each test sets the auth state it needs (including "loading",
// which the real provider is in while it waits for the server).
const auth = vi.hoisted(() => ({ current: null as unknown }));
vi.mock("./AuthProvider", () => ({ useAuth: () => auth.current }));

function setAuth(status: AuthContextValue["status"], role?: SessionUser["role"]) {
  const user: SessionUser | null = role ? { uid: "u1", displayName: "Ada", email: "ada@school.test", role } : null;
  auth.current = {
    status,
    user,
    signedOut: false,
    error: null,
    login: vi.fn(),
    register: vi.fn(),
    logout: vi.fn(),
  } satisfies AuthContextValue;
}

function renderGuarded(path: string, guard: { role?: SessionUser["role"]; redirectTo?: string } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: "/secret",
        element: (
          <RequireAuth {...guard}>
            <Probe name="Secret page" />
          </RequireAuth>
        ),
      },
      { path: "/login", element: <Probe name="Login page" /> },
      { path: "/welcome", element: <Probe name="Welcome page" /> },
      { path: "/dashboard", element: <Probe name="Dashboard page" /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("RequireAuth", () => {
  beforeEach(() => setAuth("unauthenticated"));

  it("shows only a spinner while authentication is loading", () => {
    setAuth("loading");
    const router = renderGuarded("/secret");
    const spinner = screen.getByRole("status");
    expect(spinner.textContent).toBe("Checking your sign-in…");
    expect(screen.queryByRole("heading")).toBeNull();
    expect(router.state.location.pathname).toBe("/secret");
  });

  it("sends a signed-out visitor to /login, remembering where they came from", async () => {
    const router = renderGuarded("/secret?page=2");
    expect(await screen.findByRole("heading", { name: "Login page" })).toBeTruthy();
    expect(screen.getByTestId("from").textContent).toBe("/secret");
    expect(screen.queryByText("Secret page")).toBeNull();
    expect((router.state.location.state as { from: { search: string } }).from.search).toBe("?page=2");
  });

  it("replaces the guarded entry in history instead of pushing /login", async () => {
    const router = renderGuarded("/secret");
    await screen.findByRole("heading", { name: "Login page" });
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("sends a signed-out visitor to a supplied target instead", async () => {
    renderGuarded("/secret", { redirectTo: "/welcome" });
    expect(await screen.findByRole("heading", { name: "Welcome page" })).toBeTruthy();
    expect(screen.getByTestId("from").textContent).toBe("/secret");
  });

  it("lets any signed-in user through when no role is required", () => {
    setAuth("authenticated", "student");
    renderGuarded("/secret");
    expect(screen.getByRole("heading", { name: "Secret page" })).toBeTruthy();
  });

  it("lets a teacher through a teacher requirement", () => {
    setAuth("authenticated", "teacher");
    renderGuarded("/secret", { role: "teacher" });
    expect(screen.getByRole("heading", { name: "Secret page" })).toBeTruthy();
  });

  it("lets an admin through a teacher requirement", () => {
    setAuth("authenticated", "admin");
    renderGuarded("/secret", { role: "teacher" });
    expect(screen.getByRole("heading", { name: "Secret page" })).toBeTruthy();
  });

  it("sends a student to /dashboard from a teacher requirement", async () => {
    setAuth("authenticated", "student");
    renderGuarded("/secret", { role: "teacher" });
    expect(await screen.findByRole("heading", { name: "Dashboard page" })).toBeTruthy();
    expect(screen.queryByText("Secret page")).toBeNull();
  });

  it("sends a teacher to /dashboard from an admin requirement", async () => {
    setAuth("authenticated", "teacher");
    renderGuarded("/secret", { role: "admin" });
    expect(await screen.findByRole("heading", { name: "Dashboard page" })).toBeTruthy();
  });

  it("lets an admin through an admin requirement", () => {
    setAuth("authenticated", "admin");
    renderGuarded("/secret", { role: "admin" });
    expect(screen.getByRole("heading", { name: "Secret page" })).toBeTruthy();
  });
});
