import { type ComponentType, lazy, type LazyExoticComponent, type ReactNode } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { Layout } from "./components/Layout";
import { RequireAuth } from "./features/auth/RequireAuth";

// Every page is its own chunk: the landing page downloads neither the teacher nor the admin screens.
// Pages that talk to the server come with Apollo (loaded on demand); the public pages do without.

type PageModule = { default: ComponentType };
type Page = LazyExoticComponent<ComponentType> & { preload(): void };

/** A page loaded when first rendered, or earlier through preload() (the first page, see preloadRoute). */
function lazyPage(load: () => Promise<PageModule>): Page {
  let loading: Promise<PageModule> | undefined;
  const start = () => (loading ??= load());
  return Object.assign(
    lazy(start),
    // A failure shows when the page renders (React.lazy is handed the same promise).
    { preload: () => void start().catch(() => {}) },
  );
}

function withApollo(load: () => Promise<PageModule>) {
  return lazyPage(async () => {
    const [{ ApolloRoot }, page] = await Promise.all([import("./lib/apollo-root"), load()]);
    const Page = page.default;
    return {
      default: function PageWithApollo() {
        return (
          <ApolloRoot>
            <Page />
          </ApolloRoot>
        );
      },
    };
  });
}

const LandingPage = lazyPage(() => import("./features/public/pages/LandingPage"));
const AboutPage = lazyPage(() => import("./features/public/pages/AboutPage"));
const PrivacyPolicyPage = lazyPage(() => import("./features/public/pages/PrivacyPolicyPage"));
const HowToPage = lazyPage(() => import("./features/public/pages/HowToPage"));
const LoginPage = withApollo(() => import("./features/auth/pages/LoginPage"));
const RegisterPage = withApollo(() => import("./features/auth/pages/RegisterPage"));
const ForgotPasswordPage = withApollo(() => import("./features/auth/pages/ForgotPasswordPage"));
const ResetPasswordPage = withApollo(() => import("./features/auth/pages/ResetPasswordPage"));
const DashboardPage = withApollo(() => import("./features/dashboard/pages/DashboardPage"));
const BooksPage = withApollo(() => import("./features/books/pages/BooksPage"));
const BookDetailPage = withApollo(() => import("./features/books/pages/BookDetailPage"));
const ReviewPage = withApollo(() => import("./features/books/pages/ReviewPage"));
const ReaderPage = withApollo(() => import("./features/reader/pages/ReaderPage"));
const AdminDashboardPage = withApollo(() => import("./features/admin/pages/AdminDashboardPage"));
const AdminBooksPage = withApollo(() => import("./features/admin/pages/AdminBooksPage"));
const AdminUsersPage = withApollo(() => import("./features/admin/pages/AdminUsersPage"));
const AdminReportsPage = withApollo(() => import("./features/admin/pages/AdminReportsPage"));
const AdminSchoolsPage = withApollo(() => import("./features/admin/pages/AdminSchoolsPage"));
const TeacherDashboardPage = withApollo(() => import("./features/teacher/pages/TeacherDashboardPage"));
const TeacherChatPage = withApollo(() => import("./features/teacher/pages/TeacherChatPage"));
const TeacherAlertPage = withApollo(() => import("./features/safeguarding/pages/TeacherAlertPage"));
const NotFoundPage = lazyPage(() => import("./components/NotFoundPage"));

const signedIn = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;
const admin = (element: ReactNode) => <RequireAuth role="admin">{element}</RequireAuth>;
const teacher = (element: ReactNode) => <RequireAuth role="teacher">{element}</RequireAuth>;

type RouteHandle = { preload(): void; signedIn: boolean };

/** A route's page, behind `guard` when given; the page can be fetched before it renders. */
function page(Page: Page, guard?: (element: ReactNode) => ReactNode): Pick<RouteObject, "element" | "handle"> {
  const handle: RouteHandle = { preload: Page.preload, signedIn: guard !== undefined };
  return { element: guard ? guard(<Page />) : <Page />, handle };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", ...page(LandingPage) },
      { path: "/login", ...page(LoginPage) },
      { path: "/register", ...page(RegisterPage) },
      { path: "/forgot-password", ...page(ForgotPasswordPage) },
      { path: "/reset-password", ...page(ResetPasswordPage) },
      { path: "/about", ...page(AboutPage) },
      { path: "/privacy-policy", ...page(PrivacyPolicyPage) },
      { path: "/howto", ...page(HowToPage) },
      { path: "/dashboard", ...page(DashboardPage, signedIn) },
      { path: "/books", ...page(BooksPage, signedIn) },
      { path: "/books/:bookId", ...page(BookDetailPage, signedIn) },
      { path: "/books/:bookId/read", ...page(ReaderPage, signedIn) },
      // The review page explains itself to a signed-out visitor (spec), so it is not guarded here.
      { path: "/books/:bookId/review", ...page(ReviewPage) },
      { path: "/admin", ...page(AdminDashboardPage, admin) },
      { path: "/admin/dashboard", ...page(AdminDashboardPage, admin) },
      { path: "/admin/books", ...page(AdminBooksPage, admin) },
      { path: "/admin/users", ...page(AdminUsersPage, admin) },
      { path: "/admin/reports", ...page(AdminReportsPage, admin) },
      { path: "/admin/schools", ...page(AdminSchoolsPage, admin) },
      { path: "/teacher/dashboard", ...page(TeacherDashboardPage, teacher) },
      { path: "/teacher/chats/:chatId", ...page(TeacherChatPage, teacher) },
      // Where an urgent alert's e-mail to the school's safeguarding contacts links.
      { path: "/teacher/alerts/:alertId", ...page(TeacherAlertPage, teacher) },
      { path: "*", ...page(NotFoundPage) },
    ],
  },
];

/**
 * Starts fetching the chunks of the page at `pathname` now, not when the first render reaches it; a
 * guarded page only for a visitor with a session (anyone else is sent to sign in).
 */
export function preloadRoute(pathname: string, hasSession: boolean): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (handle && (!handle.signedIn || hasSession)) {
      handle.preload();
    }
  }
}
