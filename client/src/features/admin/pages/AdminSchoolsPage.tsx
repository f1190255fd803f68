import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { LoadError } from "../../../components/LoadError";
import { Spinner } from "../../../components/Spinner";
import type { AdminSchoolRowFragment } from "../../../gql/graphql";
import { countOf } from "../home/format";
import { AdminSchoolsListDocument } from "../schools/graphql";
import { SchoolsTable } from "../schools/SchoolsTable";
import { TeacherCodeDialog } from "../schools/TeacherCodeDialog";
import { ContactsDialog } from "../../safeguarding/components/ContactsDialog";
import styles from "./AdminSchoolsPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

export const SCHOOLS_LOAD_ERROR = "Failed to load schools.";
export const NO_SCHOOLS = "No schools yet.";

/** "24 schools: 3 with a code of their own". */
export function schoolsSummary(total: number, own: number): string {
  return `${countOf(total, "school")}: ${own.toLocaleString("en-GB")} with a code of ${own === 1 ? "its" : "their"} own`;
}

/**
 * Schools: every partner school with how its teachers sign up and how many it has, and a teacher
 * sign-up code of its own generated (or rotated) here, shown once.
 */
export default function AdminSchoolsPage() {
  useDocumentTitle("Schools");
  const { data, error, loading, refetch } = useQuery(AdminSchoolsListDocument, { fetchPolicy: "cache-and-network" });
  const [rotating, setRotating] = useState<AdminSchoolRowFragment | null>(null);
  const [contactsOf, setContactsOf] = useState<AdminSchoolRowFragment | null>(null);
  const schools = data?.adminSchools ?? null;
  const retry = () => void refetch().catch(() => undefined);

  let body;
  if (!schools) {
    body = error ? <LoadError message={SCHOOLS_LOAD_ERROR} onRetry={retry} /> : <Spinner label="Loading schools…" />;
  } else if (schools.length === 0) {
    body = <p className={styles.empty}>{NO_SCHOOLS}</p>;
  } else {
    const own = schools.filter((school) => school.teacherSignup === "ownCode").length;
    body = (
      <>
        {error ? <LoadError message={SCHOOLS_LOAD_ERROR} onRetry={retry} /> : null}
        <p className={`filter-summary ${styles.summary}`}>{schoolsSummary(schools.length, own)}</p>
        <SchoolsTable schools={schools} busy={loading} onRotate={setRotating} onContacts={setContactsOf} />
      </>
    );
  }

  return (
    <section className={`container ${styles.page}`}>
      <h1>Schools</h1>
      <div className={styles.intro}>
        <p>
          Teachers sign up on the registration page with their school and a teacher sign-up code. A school&rsquo;s own
          code makes teacher accounts at that school only. Until a school has one, the sign-up code from the server
          settings works there, if the server has one.
        </p>
        <p>A new code is shown once. Rotating a code stops the old one at once; existing accounts are not affected.</p>
        <p>
          Each school&rsquo;s safeguarding contacts, its designated safeguarding lead and deputies, are e-mailed every
          urgent alert. Until a school has them, every teacher of the school is.
        </p>
      </div>
      {body}
      {rotating ? <TeacherCodeDialog key={rotating.id} school={rotating} onClose={() => setRotating(null)} /> : null}
      {contactsOf ? (
        <ContactsDialog key={contactsOf.id} school={contactsOf} onClose={() => setContactsOf(null)} />
      ) : null}
    </section>
  );
}
