import { useId } from "react";
import { ButtonLink } from "../../../components/Button";
import { OverviewStats } from "../home/OverviewStats";
import { RecentActivity } from "../home/RecentActivity";
import styles from "./AdminDashboardPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

const QUICK_ACTIONS = [
  { to: "/admin/books", label: "Manage Books" },
  { to: "/admin/users", label: "Manage Users" },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/schools", label: "Schools" },
] as const;

/**
 * The admin dashboard (spec 2): the service's numbers, quick links to the admin screens, and recent
 * activity across every school. Each part loads, fails and retries on its own.
 */
export default function AdminDashboardPage() {
  useDocumentTitle("Admin Dashboard");
  const actionsId = useId();
  return (
    <section className={`container ${styles.page}`}>
      <h1>Admin Dashboard</h1>
      <OverviewStats />
      <nav aria-labelledby={actionsId} className={styles.actions}>
        <h2 id={actionsId}>Quick actions</h2>
        <ul className={styles.actionList}>
          {QUICK_ACTIONS.map((action) => (
            <li key={action.to}>
              <ButtonLink to={action.to} variant="secondary">
                {action.label}
              </ButtonLink>
            </li>
          ))}
        </ul>
      </nav>
      <RecentActivity />
    </section>
  );
}
