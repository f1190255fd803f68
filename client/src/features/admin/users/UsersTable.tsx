import { useId } from "react";
import { Button } from "../../../components/Button";
import type { AdminUsersRowFragment } from "../../../gql/graphql";
import { formatLondonDateTime } from "../home/format";
import { ROLE_LABELS, STATUS_LABELS } from "./labels";
import styles from "./UsersTable.module.css";

/**
 * The spec's users table: name, email, role, school, status, last active and 'Edit'. A table on wide
 * screens; on a phone or a tablet each user is a card, so nothing scrolls sideways. The table's roles
 * are written out because browsers drop them from a table laid out as blocks (as SchoolsTable).
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
    <table className={styles.table} role="table" aria-labelledby={captionId} aria-busy={busy}>
      <caption id={captionId} className="visually-hidden">
        Users, by name
      </caption>
      <thead role="rowgroup" className={styles.head}>
        <tr role="row">
          <th role="columnheader" scope="col">
            Name
          </th>
          <th role="columnheader" scope="col">
            Email
          </th>
          <th role="columnheader" scope="col">
            Role
          </th>
          <th role="columnheader" scope="col">
            School
          </th>
          <th role="columnheader" scope="col">
            Status
          </th>
          <th role="columnheader" scope="col">
            Last active
          </th>
          <th role="columnheader" scope="col">
            Actions
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {users.map((user) => (
          <tr
            role="row"
            key={user.uid}
            className={`${styles.row} ${user.status === "inactive" ? styles.inactiveRow : ""}`}
          >
            <th role="rowheader" scope="row" className={styles.name}>
              <span className={styles.nameText}>{user.displayName}</span>
              {user.uid === currentUserId ? <span className={`${styles.badge} ${styles.you}`}>You</span> : null}
              {user.role === "student" && user.moderation.blocked ? (
                <span className={`${styles.badge} ${styles.blocked}`}>Blocked</span>
              ) : null}
            </th>
            <td role="cell" className={`${styles.field} ${styles.email}`}>
              <Label>Email</Label>
              <span className={styles.value}>{user.email}</span>
            </td>
            <td role="cell" className={styles.field}>
              <Label>Role</Label>
              <span className={styles.value}>{ROLE_LABELS[user.role]}</span>
            </td>
            <td role="cell" className={styles.field}>
              <Label>School</Label>
              <span className={styles.value}>
                {user.school ?? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">No school</span>
                  </>
                )}
              </span>
            </td>
            <td role="cell" className={styles.field}>
              <Label>Status</Label>
              <span
                className={`${styles.value} ${styles.status} ${user.status === "inactive" ? styles.statusInactive : ""}`}
              >
                {STATUS_LABELS[user.status]}
              </span>
            </td>
            <td role="cell" className={`${styles.field} ${styles.lastActive}`}>
              <Label>Last active</Label>
              <span className={styles.value}>
                {user.lastActiveAt ? (
                  <time dateTime={user.lastActiveAt}>{formatLondonDateTime(user.lastActiveAt)}</time>
                ) : (
                  "Never"
                )}
              </span>
            </td>
            <td role="cell" className={styles.action}>
              <Button variant="secondary" data-edit-user={user.uid} onClick={() => onEdit(user)}>
                Edit <span className="visually-hidden">{user.displayName}</span>
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A cell's column name, shown only on the cards (where the column headers are not). */
function Label({ children }: { children: string }) {
  return (
    <span className={styles.label} aria-hidden="true">
      {children}
    </span>
  );
}
