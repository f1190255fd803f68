import { useQuery } from "@apollo/client/react";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../../components/Button";
import { LoadError } from "../../../components/LoadError";
import { Notice } from "../../../components/Notice";
import { Spinner } from "../../../components/Spinner";
import type { AdminUsersRowFragment, Role, UserStatus } from "../../../gql/graphql";
import { useAuth } from "../../auth/AuthProvider";
import { EditUserDialog, type SavedUser } from "../users/EditUserDialog";
import { AdminUsersListDocument } from "../users/graphql";
import { ROLE_LABELS, ROLES, STATUS_LABELS, STATUSES } from "../users/labels";
import { reloadAtDashboard } from "../users/leaveAdmin";
import { UsersTable } from "../users/UsersTable";
import styles from "./AdminUsersPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

export const USERS_LOAD_ERROR = "Failed to load users.";
export const NO_USERS = "No users yet.";
export const NO_MATCHES = "No users match your search and filters.";
export const USERS_PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

/** The search as typed, and as sent (a moment after typing stops). */
function useDebounced(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Manage Users (spec 2, Admin users): every account, searched by name or email and filtered by role
 * and status on the server, 25 a page, with an Edit dialog for name, role and status.
 */
export default function AdminUsersPage() {
  useDocumentTitle("Manage Users");
  const { user: me, logout } = useAuth();
  const [search, setSearch] = useState("");
  const [role, setRole] = useState<Role | "">("");
  const [status, setStatus] = useState<UserStatus | "">("");
  // The page belongs to the filters it was chosen with: new filters start again at the first page.
  const [page, setPage] = useState({ key: "", offset: 0 });
  const [editing, setEditing] = useState<AdminUsersRowFragment | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const returnFocusTo = useRef<string | null>(null);
  const settledSearch = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const filterKey = JSON.stringify([settledSearch, role, status]);
  const offset = page.key === filterKey ? page.offset : 0;
  const filtered = Boolean(settledSearch || role || status);

  const { data, previousData, error, loading, refetch } = useQuery(AdminUsersListDocument, {
    variables: {
      search: settledSearch || null,
      role: role || null,
      status: status || null,
      offset,
      limit: USERS_PAGE_SIZE,
    },
    fetchPolicy: "cache-and-network",
  });
  const result = (data ?? previousData)?.adminUsers ?? null;
  const waiting = loading && data === undefined;

  // Focus goes back to the Edit button of the row the dialog was opened from.
  useEffect(() => {
    if (editing || !returnFocusTo.current) {
      return;
    }
    const uid = returnFocusTo.current;
    returnFocusTo.current = null;
    document.querySelector<HTMLElement>(`[data-edit-user="${CSS.escape(uid)}"]`)?.focus();
  }, [editing]);

  function edit(user: AdminUsersRowFragment) {
    setSaved(null);
    returnFocusTo.current = user.uid;
    setEditing(user);
  }

  function onSaved(user: SavedUser) {
    setEditing(null);
    setSaved(`Saved changes to ${user.displayName}.`);
    if (user.uid !== me?.uid) {
      return;
    }
    if (user.status === "inactive") {
      // The server has ended every session of the account, this one too.
      logout();
    } else if (user.role !== "admin") {
      reloadAtDashboard();
    }
  }

  const goTo = (next: number) => setPage({ key: filterKey, offset: next });
  const retry = () => void refetch().catch(() => undefined);

  let body;
  if (!result) {
    body = error ? <LoadError message={USERS_LOAD_ERROR} onRetry={retry} /> : <Spinner label="Loading users…" />;
  } else {
    const { items, totalCount, nextOffset } = result;
    const pages = Math.max(1, Math.ceil(totalCount / USERS_PAGE_SIZE));
    const pageNumber = Math.floor(offset / USERS_PAGE_SIZE) + 1;
    const hasPrevious = offset > 0;
    const hasNext = nextOffset !== null;
    body = (
      <>
        {error && !waiting ? <LoadError message={USERS_LOAD_ERROR} onRetry={retry} /> : null}
        <p className={`filter-summary ${styles.summary}`} role="status" aria-live="polite">
          {waiting
            ? "Loading users…"
            : totalCount === 0
              ? filtered
                ? NO_MATCHES
                : NO_USERS
              : items.length === 0
                ? `No users on this page (${totalCount} in all)`
                : `Showing ${offset + 1}–${offset + items.length} of ${totalCount}`}
        </p>
        {items.length > 0 ? (
          <UsersTable users={items} currentUserId={me?.uid ?? null} busy={waiting} onEdit={edit} />
        ) : null}
        {hasPrevious || hasNext ? (
          <nav className={styles.pagination} aria-label="Pages of users">
            <Button
              variant="secondary"
              aria-disabled={!hasPrevious || waiting}
              className={!hasPrevious || waiting ? styles.unavailable : undefined}
              onClick={() => hasPrevious && !waiting && goTo(Math.max(0, offset - USERS_PAGE_SIZE))}
            >
              Previous
            </Button>
            <span className={styles.pageNumber}>
              Page {pageNumber} of {pages}
            </span>
            <Button
              variant="secondary"
              aria-disabled={!hasNext || waiting}
              className={!hasNext || waiting ? styles.unavailable : undefined}
              onClick={() => hasNext && !waiting && nextOffset !== null && goTo(nextOffset)}
            >
              Next
            </Button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <section className={`container ${styles.page}`}>
      <h1>Manage Users</h1>
      <div className={`filter-bar ${styles.toolbar}`} role="search" aria-label="Users">
        <div className={`filter-field ${styles.field} ${styles.searchField}`}>
          <label htmlFor="admin-user-search">Search users</label>
          <input
            id="admin-user-search"
            type="search"
            value={search}
            maxLength={100}
            placeholder="Name or email"
            onChange={(event: ChangeEvent<HTMLInputElement>) => setSearch(event.target.value)}
          />
        </div>
        <div className={`filter-field ${styles.field}`}>
          <label htmlFor="admin-user-role">Role</label>
          <select id="admin-user-role" value={role} onChange={(event) => setRole(event.target.value as Role | "")}>
            <option value="">All roles</option>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className={`filter-field ${styles.field}`}>
          <label htmlFor="admin-user-status">Status</label>
          <select
            id="admin-user-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as UserStatus | "")}
          >
            <option value="">All statuses</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {body}
      {editing ? (
        <EditUserDialog
          key={editing.uid}
          user={editing}
          isSelf={editing.uid === me?.uid}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      ) : null}
    </section>
  );
}
