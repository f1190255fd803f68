import { matchPath } from "react-router-dom";
import { fetchBookEarly, fetchExploreEarly } from "./features/books/early-data";
import { fetchDashboardEarly } from "./features/dashboard/early-data";
import { fetchTeacherDashboardEarly } from "./features/teacher/early-data";
import { readStoredSession, type SessionUser } from "./lib/session";

// The first page's data, asked for as the app starts rather than once the page's chunks have arrived
// (lib/early-data.ts). Only for a visitor whose stored session lets the page show at once, and only for
// the first page: later pages find their chunks loaded, or their data in Apollo's cache.
// Each entry starts the queries its page (routes.tsx) sends first, with the same variables.
const EARLY: {
  path: string;
  roles?: SessionUser["role"][];
  start(params: Record<string, string | undefined>, search: string): void;
}[] = [
  { path: "/books", start: (_params, search) => fetchExploreEarly(search) },
  { path: "/books/:bookId", start: ({ bookId = "" }) => fetchBookEarly(bookId) },
  { path: "/dashboard", start: () => fetchDashboardEarly() },
  { path: "/teacher/dashboard", roles: ["teacher", "admin"], start: () => fetchTeacherDashboardEarly() },
];

/** Starts the data of the page at this location, when the app opens on it. */
export function startRouteData({ pathname, search }: { pathname: string; search: string }): void {
  const session = readStoredSession();
  if (!session) {
    return;
  }
  for (const route of EARLY) {
    const match = matchPath(route.path, pathname);
    if (match && (!route.roles || route.roles.includes(session.user.role))) {
      route.start(match.params, search);
      return;
    }
  }
}
