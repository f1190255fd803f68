// Renders a route tree the way App does (AuthProvider inside the router, around every route), with
// a memory router and the given test ApolloClient.
import type { ApolloClient } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject, useLocation } from "react-router-dom";
import { AuthProvider, useAuth } from "../features/auth/AuthProvider";

type InitialEntry = string | { pathname: string; search?: string; state?: unknown };

export function renderRoutes(
  routes: RouteObject[],
  { client, initialEntries = ["/"] }: { client: ApolloClient; initialEntries?: InitialEntry[] },
) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <ApolloProvider client={client}>
            {/* One tab: AuthProvider.test.tsx tests the tabs of a browser together. */}
            <AuthProvider loadClient={async () => client} sessionChannel={null}>
              <Outlet />
            </AuthProvider>
          </ApolloProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries },
  );
  const user = userEvent.setup();
  const result = render(<RouterProvider router={router} />);
  return { ...result, router, user };
}

type ProbeState = { from?: { pathname?: string }; message?: string } | null;

/**
 * A stand-in page: its heading names it, and it prints where it is and the route state it was given
 * (state.from.pathname from the guard, state.message from a form).
 */
export function Probe({ name }: { name: string }) {
  const location = useLocation();
  const state = location.state as ProbeState;
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="pathname">{location.pathname}</p>
      <p data-testid="from">{state?.from?.pathname ?? ""}</p>
      <p data-testid="message">{state?.message ?? ""}</p>
    </div>
  );
}

/** Prints the auth state, for AuthProvider tests. */
export function AuthProbe() {
  const { status, user } = useAuth();
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="user">{user ? `${user.displayName} <${user.email}> ${user.role}` : "none"}</p>
    </div>
  );
}
