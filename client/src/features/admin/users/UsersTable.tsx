import { useId } from "react";
import { Button } from "../../../components/Button";
import type { AdminUsersRowFragment } from "../../../gql/graphql";
import { formatLondonDateTime } from "../home/format";
import { ROLE_LABELS, STATUS_LABELS } from "./labels";
import styles from "./UsersTable.module.css";

/**
 * The spec's users table: name, email, role, school, status, last active and 'Edit'. On a narrow
 * screen it scrolls sideways inside its own region (focusable, so keyboards can scroll it too).
 */
export function UsersTable({
  users,
  currentUserId,
  busy,
  onEdit,
}: {
  users: AdminUsersRowFragment[];
  currentUserId: string | null;
  busy: boolean;
  onEdit: (user: AdminUsersRowFragment) => void;
}) {
  const captionId = useId();
  return (
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} aria-busy={busy}>
        <caption id={captionId} className="visually-hidden">
          Users, by name
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">School</th>
            <th scope="col">Status</th>
            <th scope="col">Last active</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.uid} className={user.status === "inactive" ? styles.inactiveRow : undefined}>
              <th scope="row" className={styles.name}>
                <span className={styles.nameText}>{user.displayName}</span>
                {user.uid === currentUserId ? <span className={`${styles.badge} ${styles.you}`}>You</span> : null}
                {user.role === "student" && user.moderation.blocked ? (
                  <span className={`${styles.badge} ${styles.blocked}`}>Blocked</span>
                ) : null}
              </th>
              <td className={styles.email}>{user.email}</td>
              <td>{ROLE_LABELS[user.role]}</td>
              <td>
                {user.school ?? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">No school</span>
                  </>
                )}
              </td>
              <td>
                <span className={`${styles.status} ${user.status === "inactive" ? styles.statusInactive : ""}`}>
                  {STATUS_LABELS[user.status]}
                </span>
              </td>
              <td className={styles.lastActive}>
                {user.lastActiveAt ? (
                  <time dateTime={user.lastActiveAt}>{formatLondonDateTime(user.lastActiveAt)}</time>
                ) : (
                  "Never"
                )}
              </td>
              <td>
                <Button variant="secondary" data-edit-user={user.uid} onClick={() => onEdit(user)}>
                  Edit <span className="visually-hidden">{user.displayName}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
