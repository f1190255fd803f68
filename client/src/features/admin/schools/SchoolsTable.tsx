import { useId } from "react";
import { Button } from "../../../components/Button";
import type { AdminSchoolRowFragment } from "../../../gql/graphql";
import { actionLabel, signupLabel } from "./format";
import styles from "./SchoolsTable.module.css";

/**
 * The schools with their teacher sign-up and teachers, and a button for a new code. A table on wide
 * screens; on a phone each row is a card (no sideways scrolling). The table's roles are written out
 * because browsers drop them from a table laid out as blocks, and screen readers then lose it.
 */
export function SchoolsTable({
  schools,
  busy,
  onRotate,
  onContacts,
}: {
  schools: AdminSchoolRowFragment[];
  busy: boolean;
  onRotate: (school: AdminSchoolRowFragment) => void;
  /** The school's safeguarding lead and deputies. */
  onContacts: (school: AdminSchoolRowFragment) => void;
}) {
  const captionId = useId();
  return (
    <table className={styles.table} role="table" aria-labelledby={captionId} aria-busy={busy}>
      <caption id={captionId} className="visually-hidden">
        Schools and their teacher sign-up codes
      </caption>
      <thead role="rowgroup" className={styles.head}>
        <tr role="row">
          <th role="columnheader" scope="col">
            School
          </th>
          <th role="columnheader" scope="col">
            Teacher sign-up
          </th>
          <th role="columnheader" scope="col">
            Teachers
          </th>
          <th role="columnheader" scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {schools.map((school) => (
          <tr role="row" key={school.id} className={styles.row}>
            <th role="rowheader" scope="row" className={styles.name}>
              {school.name}
            </th>
            <td role="cell" className={styles.signup}>
              <span className={styles.label} aria-hidden="true">
                Teacher sign-up
              </span>
              <span className={`${styles.status} ${styles[school.teacherSignup]}`}>{signupLabel(school)}</span>
              {school.teacherSignup === "ownCode" && school.teacherCodeRotatedBy ? (
                <span className={styles.by}>by {school.teacherCodeRotatedBy}</span>
              ) : null}
            </td>
            <td role="cell" className={styles.count}>
              <span className={styles.label} aria-hidden="true">
                Teachers
              </span>
              {school.teacherCount.toLocaleString("en-GB")}
            </td>
            <td role="cell" className={styles.action}>
              <Button variant="secondary" data-rotate-code={school.id} onClick={() => onRotate(school)}>
                {actionLabel(school)} <span className="visually-hidden">for {school.name}</span>
              </Button>
              <Button variant="secondary" onClick={() => onContacts(school)}>
                Safeguarding contacts <span className="visually-hidden">for {school.name}</span>
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
