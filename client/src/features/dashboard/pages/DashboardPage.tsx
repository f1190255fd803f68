import { ButtonLink } from "../../../components/Button";
import { useAuth } from "../../auth/AuthProvider";
import styles from "./DashboardPage.module.css";

export function dashboardSubtitle(role: string | undefined): string {
  if (role === "student") {
    return "Student Dashboard";
  }
  return role === "teacher" ? "Teacher Dashboard" : "Admin Dashboard";
}

export default function DashboardPage() {
  const { user } = useAuth();
  if (!user?.uid) {
    return (
      <section className="container">
        <p className="notice notice--error" role="alert">
          Authentication required. Please log in again.
        </p>
      </section>
    );
  }
  return (
    <section className={`container ${styles.page}`}>
      <h1>Welcome, {user.displayName || "Reader"}</h1>
      <p className={styles.subtitle}>{dashboardSubtitle(user.role)}</p>
      <p>Your reading, reviews and book chats will appear here.</p>
      <ButtonLink to="/books">Explore Books</ButtonLink>
    </section>
  );
}
