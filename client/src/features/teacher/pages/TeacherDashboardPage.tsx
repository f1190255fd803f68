import { useQuery } from "@apollo/client/react";
import { type ChangeEvent, useCallback, useEffect, useMemo, useState } from "react";
import { Button } from "../../../components/Button";
import { Spinner } from "../../../components/Spinner";
import type { SafeguardingAlertFieldsFragment, StudentCardFieldsFragment, StudentSort } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { useOnLiveReconnected } from "../../../lib/live-events";
import { ContactsPanel } from "../../safeguarding/components/ContactsPanel";
import { ChatsDialog, type ChatsDialogTarget } from "../components/ChatsDialog";
import { SafeguardingPanel } from "../components/SafeguardingPanel";
import { StudentCard } from "../components/StudentCard";
import { byUrgency } from "../format";
import { TeacherDashboardDocument } from "../graphql";
import { useSchoolLive } from "../useSchoolLive";
import styles from "./TeacherDashboardPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";
import { STUDENTS_PAGE_SIZE } from "../early-data";

export { STUDENTS_PAGE_SIZE };

export const STUDENTS_LOAD_ERROR = "Failed to load students or reading data.";
export const NO_SCHOOL = "No school found for your account.";
export const NO_STUDENTS = "No students found for your school.";
/** The server lists these first whatever the sort, across pages. */
export const SORT_HINT = "Blocked students, then those with strikes, come first.";
const SEARCH_DELAY_MS = 300;

const SORTS: { value: StudentSort; label: string }[] = [
  { value: "name", label: "Name (A to Z)" },
  { value: "booksRead", label: "Books read (most first)" },
  { value: "lastActive", label: "Last active (most recent first)" },
];

/** The search as typed, and as sent (a moment after typing stops). */
function useDebounced(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Open alerts: the query's and the live ones, without those reviewed since, urgent first. */
function useAlerts(fromQuery: SafeguardingAlertFieldsFragment[], openOnServer: number) {
  const [live, setLive] = useState<Map<string, SafeguardingAlertFieldsFragment>>(() => new Map());
  const [announcement, setAnnouncement] = useState("");

  const onAlert = useCallback((alert: SafeguardingAlertFieldsFragment) => {
    if (alert.type === "unblock") {
      return;
    }
    setLive((current) => new Map(current).set(alert.id, alert));
    if (!alert.reviewedAt) {
      setAnnouncement(
        `New safeguarding alert${alert.severity === "urgent" ? ", urgent" : ""}: ${alert.label}, ${alert.studentDisplayName}`,
      );
    }
  }, []);

  const { alerts, total } = useMemo(() => {
    const queryIds = new Set(fromQuery.map((alert) => alert.id));
    const merged = new Map(fromQuery.map((alert) => [alert.id, alert]));
    for (const [id, alert] of live) {
      merged.set(id, alert);
    }
    const open = [...merged.values()].filter((alert) => !alert.reviewedAt).sort(byUrgency);
    const added = [...live.values()].filter((alert) => !alert.reviewedAt && !queryIds.has(alert.id)).length;
    const removed = fromQuery.filter((alert) => live.get(alert.id)?.reviewedAt).length;
    return { alerts: open, total: Math.max(open.length, openOnServer + added - removed) };
  }, [fromQuery, live, openOnServer]);

  /** Forget the live alerts: a fresh query answers for them (after the connection dropped). */
  const reset = useCallback(() => setLive(new Map()), []);

  return { alerts, total, announcement, onAlert, reset };
}

/**
 * The teacher dashboard (spec 2): the safeguarding panel, then the school's students (searched and
 * sorted on the server, a page at a time) with their reading and chats, all kept live.
 */
export default function TeacherDashboardPage() {
  useDocumentTitle("Teacher Dashboard");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<StudentSort>("name");
  const [target, setTarget] = useState<ChatsDialogTarget | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const settledSearch = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const variables = { search: settledSearch || null, sort, offset: 0, limit: STUDENTS_PAGE_SIZE };
  const { data, previousData, error, loading, refetch, fetchMore } = useQuery(TeacherDashboardDocument, {
    variables,
    fetchPolicy: "cache-and-network",
  });
  const dashboard = (data ?? previousData)?.teacherDashboard ?? null;
  const { alerts, total, announcement, onAlert, reset } = useAlerts(
    dashboard?.alerts ?? [],
    dashboard?.openAlertCount ?? 0,
  );
  useSchoolLive(onAlert);
  // Events sent while the connection was down are lost: read the page afresh when it is back.
  useOnLiveReconnected(() => {
    reset();
    void refetch().catch(() => undefined);
  });

  const seeChats = useCallback(
    (student: StudentCardFieldsFragment) =>
      setTarget({ student: { id: student.id, displayName: student.displayName } }),
    [],
  );

  async function showMore() {
    if (!dashboard?.nextOffset) {
      return;
    }
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { ...variables, offset: dashboard.nextOffset },
        updateQuery: (previous, { fetchMoreResult }) => {
          const known = new Set(previous.teacherDashboard.students.map((student) => student.id));
          return {
            teacherDashboard: {
              ...fetchMoreResult.teacherDashboard,
              students: [
                ...previous.teacherDashboard.students,
                ...fetchMoreResult.teacherDashboard.students.filter((student) => !known.has(student.id)),
              ],
            },
          };
        },
      });
    } catch {
      // The button stays for another try; the page keeps what it has.
    } finally {
      setLoadingMore(false);
    }
  }

  let body;
  if (!dashboard) {
    if (error) {
      const message = errorMessage(error, STUDENTS_LOAD_ERROR);
      body =
        message === NO_SCHOOL ? (
          <p className="notice notice--error" role="alert">
            {NO_SCHOOL}
          </p>
        ) : (
          <div className={styles.error}>
            <p className="notice notice--error" role="alert">
              {STUDENTS_LOAD_ERROR}
            </p>
            <Button onClick={() => void refetch().catch(() => undefined)}>Try Again</Button>
          </div>
        );
    } else {
      body = <Spinner label="Loading your students…" />;
    }
  } else {
    const searching = loading && data === undefined;
    body = (
      <>
        <SafeguardingPanel
          alerts={alerts}
          total={total}
          announcement={announcement}
          onReviewed={onAlert}
          onViewChat={(alert) =>
            setTarget({ student: { id: alert.studentId, displayName: alert.studentDisplayName }, chatId: alert.chatId })
          }
        />
        <ContactsPanel />
        <section aria-labelledby="students-heading">
          <h2 id="students-heading">Students at {dashboard.school.name}</h2>
          {dashboard.totalStudents === 0 ? (
            <p className={styles.empty}>{NO_STUDENTS}</p>
          ) : (
            <>
              <div className="filter-bar" role="search">
                <div className="filter-field">
                  <label htmlFor="student-search">Search students</label>
                  <input
                    id="student-search"
                    type="search"
                    value={search}
                    maxLength={100}
                    placeholder="Name or email"
                    onChange={(event: ChangeEvent<HTMLInputElement>) => setSearch(event.target.value)}
                  />
                </div>
                <div className="filter-field">
                  <label htmlFor="student-sort">Sort by</label>
                  <select
                    id="student-sort"
                    value={sort}
                    aria-describedby="student-sort-hint"
                    onChange={(event) => setSort(event.target.value as StudentSort)}
                  >
                    {SORTS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                  <p id="student-sort-hint" className={styles.sortHint}>
                    {SORT_HINT}
                  </p>
                </div>
              </div>
              <p className="filter-summary" role="status" aria-live="polite">
                {searching
                  ? "Searching…"
                  : dashboard.matchingStudents === 0
                    ? `No students match “${settledSearch}”.`
                    : `Showing ${dashboard.students.length} of ${dashboard.matchingStudents} ${
                        dashboard.matchingStudents === 1 ? "student" : "students"
                      }${settledSearch ? ` matching “${settledSearch}”` : ""}`}
              </p>
              <ul className={styles.grid} aria-busy={searching}>
                {dashboard.students.map((student) => (
                  <li key={student.id}>
                    <StudentCard student={student} onSeeChats={seeChats} />
                  </li>
                ))}
              </ul>
              {dashboard.nextOffset !== null ? (
                <div className={styles.more}>
                  <Button variant="secondary" onClick={() => void showMore()} disabled={loadingMore}>
                    {loadingMore ? "Loading…" : "Show more students"}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </section>
      </>
    );
  }

  return (
    <section className={`container ${styles.page}`}>
      <h1>Teacher Dashboard</h1>
      {body}
      {target ? (
        <ChatsDialog
          key={`${target.student.id}:${target.chatId ?? ""}`}
          target={target}
          onClose={() => setTarget(null)}
        />
      ) : null}
    </section>
  );
}
