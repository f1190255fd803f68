import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { Spinner } from "../../components/Spinner";
import type { SessionUser } from "../../lib/session";
import { useAuth } from "./AuthProvider";

export type RequireAuthProps = {
  children: ReactNode;
  /** Allowed for this role, and always for admin. */
  role?: SessionUser["role"];
  /** Where an unauthenticated visitor goes (default /login). */
  redirectTo?: string;
};

/** The spec's route guard. */
export function RequireAuth({ children, role, redirectTo = "/login" }: RequireAuthProps) {
  const { status, user, signedOut } = useAuth();
  const location = useLocation();
  if (status === "loading") {
    return <Spinner label="Checking your sign-in…" />;
  }
  if (status !== "authenticated" || !user) {
    // Someone who just signed out is on their way home, not to the login page.
    if (signedOut) {
      return <Navigate to="/" replace />;
    }
    return <Navigate to={redirectTo} replace state={{ from: location }} />;
  }
  if (role && user.role !== role && user.role !== "admin") {
    return <Navigate to="/dashboard" replace />;
  }
  return <>{children}</>;
}
