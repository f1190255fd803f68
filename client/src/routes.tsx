import { type ComponentType, lazy, type ReactNode } from "react";
import type { RouteObject } from "react-router-dom";
import { Layout } from "./components/Layout";
import { RequireAuth } from "./features/auth/RequireAuth";

// Every page is its own chunk: the landing page downloads neither the teacher nor the admin screens.
// Pages that talk to the server come with Apollo (loaded on demand); the public pages do without.
function withApollo(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
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

const LandingPage = lazy(() => import("./features/public/pages/LandingPage"));
const AboutPage = lazy(() => import("./features/public/pages/AboutPage"));
const PrivacyPolicyPage = lazy(() => import("./features/public/pages/PrivacyPolicyPage"));
const HowToPage = lazy(() => import("./features/public/pages/HowToPage"));
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
const NotFoundPage = lazy(() => import("./components/NotFoundPage"));

const signedIn = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;
const admin = (element: ReactNode) => <RequireAuth role="admin">{element}</RequireAuth>;
const teacher = (element: ReactNode) => <RequireAuth role="teacher">{element}</RequireAuth>;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <LandingPage /> },
      { path: "/login", element: <LoginPage /> },
      { path: "/register", element: <RegisterPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/about", element: <AboutPage /> },
      { path: "/privacy-policy", element: <PrivacyPolicyPage /> },
      { path: "/howto", element: <HowToPage /> },
      { path: "/dashboard", element: signedIn(<DashboardPage />) },
      { path: "/books", element: signedIn(<BooksPage />) },
      { path: "/books/:bookId", element: signedIn(<BookDetailPage />) },
      { path: "/books/:bookId/read", element: signedIn(<ReaderPage />) },
      // The review page explains itself to a signed-out visitor (spec), so it is not guarded here.
      { path: "/books/:bookId/review", element: <ReviewPage /> },
      { path: "/admin", element: admin(<AdminDashboardPage />) },
      { path: "/admin/dashboard", element: admin(<AdminDashboardPage />) },
      { path: "/admin/books", element: admin(<AdminBooksPage />) },
      { path: "/admin/users", element: admin(<AdminUsersPage />) },
      { path: "/admin/reports", element: admin(<AdminReportsPage />) },
      { path: "/admin/schools", element: admin(<AdminSchoolsPage />) },
      { path: "/teacher/dashboard", element: teacher(<TeacherDashboardPage />) },
      { path: "/teacher/chats/:chatId", element: teacher(<TeacherChatPage />) },
      // Where an urgent alert's e-mail to the school's safeguarding contacts links.
      { path: "/teacher/alerts/:alertId", element: teacher(<TeacherAlertPage />) },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
