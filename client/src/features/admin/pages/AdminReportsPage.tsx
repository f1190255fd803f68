import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { useQuery } from "@apollo/client/react";
import { useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { Button } from "../../../components/Button";
import { Spinner } from "../../../components/Spinner";
import { errorMessage } from "../../../lib/errors";
import { defaultRange, formatDay, isDay, londonToday, addDays } from "../reports/format";
import { AdminReportDocument, AdminReportSchoolsDocument } from "../reports/graphql";
import { type ReportChoice, type ReportFormErrors, ReportForm } from "../reports/ReportForm";
import { ReportTables } from "../reports/ReportTables";
import { SummaryCards } from "../reports/SummaryCards";
import { WeeklyChart } from "../reports/WeeklyChart";
import styles from "./AdminReportsPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

export const REPORT_LOAD_ERROR = "Failed to load the report.";
export const REPORT_LOADING = "Loading the report…";
const SCHOOL_NOT_FOUND = "School not found";

/**
 * The report asked for by the address (?from=&to=&school=), so that a report can be bookmarked and
 * shared. Missing dates fall back to the last 30 days, ending today or at `to`; a date that is
 * there but wrong goes to the server as it is, which says what is wrong with it.
 */
function choiceFrom(params: URLSearchParams, today: string): ReportChoice {
  const from = params.get("from");
  const to = params.get("to");
  const fallback = defaultRange(today);
  return {
    from: from || (to && isDay(to) ? addDays(to, -29) : fallback.from),
    to: to || fallback.to,
    schoolId: params.get("school") ?? "",
  };
}

/** The server's refusal of the dates or the school, for the form to show; null for any other failure. */
function inputErrors(error: unknown): ReportFormErrors | null {
  if (!CombinedGraphQLErrors.is(error)) {
    return null;
  }
  const first = error.errors[0];
  const code = first?.extensions?.code;
  if (code === "NOT_FOUND" && first?.message === SCHOOL_NOT_FOUND) {
    return { school: first.message };
  }
  if (code === "BAD_USER_INPUT") {
    return { dates: errorMessage(error, REPORT_LOAD_ERROR) };
  }
  return null;
}

/**
 * Reports (admin): reading, chats and safeguarding over a range of London days, overall and per
 * school, with a weekly chart and tables to export as CSV. The range lives in the address.
 */
export default function AdminReportsPage() {
  useDocumentTitle("Reports");
  const [params, setParams] = useSearchParams();
  // Read once per visit: a report left open over midnight keeps the ranges it was opened with.
  const today = useMemo(() => londonToday(), []);
  const choice = choiceFrom(params, today);
  const variables = { from: choice.from, to: choice.to, schoolId: choice.schoolId || null };

  const { data, previousData, loading, error, refetch } = useQuery(AdminReportDocument, {
    variables,
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  const schoolsQuery = useQuery(AdminReportSchoolsDocument);
  const schools = schoolsQuery.data?.schools ?? [];

  const refused = error ? inputErrors(error) : null;
  // While a new report loads, the last one stays on screen (dimmed); after a failure it goes.
  const report = data?.adminReport ?? (loading ? previousData?.adminReport : undefined);

  function apply(next: ReportChoice) {
    if (next.from === choice.from && next.to === choice.to && next.schoolId === choice.schoolId) {
      void refetch().catch(() => undefined);
      return;
    }
    const search: Record<string, string> = { from: next.from, to: next.to };
    if (next.schoolId) {
      search.school = next.schoolId;
    }
    setParams(search);
  }

  const scope = report ? (report.schoolId ? report.overall.schoolName : "All schools") : "";
  let body;
  if (refused) {
    body = null;
  } else if (report) {
    body = (
      <div className={loading ? styles.stale : undefined} aria-busy={loading}>
        <p className={styles.title}>
          {scope}: {formatDay(report.from)} to {formatDay(report.to)}
        </p>
        <h2 className="visually-hidden">Summary</h2>
        <SummaryCards overall={report.overall} />
        <WeeklyChart weeks={report.weekly} from={report.from} to={report.to} />
        <ReportTables report={report} />
      </div>
    );
  } else if (error) {
    body = (
      <div className={styles.error}>
        <p className="notice notice--error" role="alert">
          {REPORT_LOAD_ERROR}
        </p>
        <Button onClick={() => void refetch().catch(() => undefined)}>Try Again</Button>
      </div>
    );
  } else {
    body = <Spinner label={REPORT_LOADING} />;
  }

  // Said once a report is on screen; the spinner speaks for the first load.
  let status = "";
  if (report && loading) {
    status = REPORT_LOADING;
  } else if (report) {
    status = `Showing the report for ${scope}, ${formatDay(report.from)} to ${formatDay(report.to)}.`;
  }

  return (
    <section className={`container ${styles.page}`}>
      <h1>Reports</h1>
      <p className={styles.intro}>
        Reading, chats and safeguarding across the partner schools. Dates are London days; the report includes both the
        first and the last day.
      </p>
      <ReportForm
        applied={choice}
        today={today}
        schools={schools}
        schoolsLoading={schoolsQuery.loading}
        schoolsFailed={Boolean(schoolsQuery.error)}
        serverErrors={refused ?? {}}
        onApply={apply}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {body}
    </section>
  );
}
