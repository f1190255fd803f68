import { type FormEvent, useState } from "react";
import { Button } from "../../../components/Button";
import { FormField } from "../../../components/FormField";
import { SelectField } from "../../../components/SelectField";
import { type DayRange, isDay, QUICK_RANGES } from "./format";
import styles from "./ReportForm.module.css";

export type ReportChoice = DayRange & { schoolId: string };

export type ReportFormErrors = { dates?: string | undefined; school?: string | undefined };

export const NO_FROM = "Choose a start date";
export const NO_TO = "Choose an end date";
export const RANGE_ORDER = "The start date must be on or before the end date";
export const NO_SCHOOLS = "The list of schools could not be loaded.";

type ReportFormProps = {
  /** The report asked for (from the address): the form starts from it. */
  applied: ReportChoice;
  /** Today in London, for the quick ranges. */
  today: string;
  schools: readonly { id: string; name: string }[];
  schoolsLoading: boolean;
  schoolsFailed: boolean;
  /** The server's answer to the choice, when it refused it. */
  serverErrors: ReportFormErrors;
  onApply: (choice: ReportChoice) => void;
};

type FieldErrors = { from?: string; to?: string; range?: string };

function check({ from, to }: DayRange): FieldErrors {
  const errors: FieldErrors = {};
  if (!from) {
    errors.from = NO_FROM;
  }
  if (!to) {
    errors.to = NO_TO;
  }
  if (isDay(from) && isDay(to) && from > to) {
    errors.range = RANGE_ORDER;
  }
  return errors;
}

/**
 * The report's dates and school. Apply (or a quick range) asks for the report; the page keeps the
 * choice in the address. Errors in the choice, the form's own or the server's, show here.
 */
export function ReportForm({
  applied,
  today,
  schools,
  schoolsLoading,
  schoolsFailed,
  serverErrors,
  onApply,
}: ReportFormProps) {
  const [from, setFrom] = useState(applied.from);
  const [to, setTo] = useState(applied.to);
  const [schoolId, setSchoolId] = useState(applied.schoolId);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The server's errors are about the applied choice: they go once the admin changes it.
  const [edited, setEdited] = useState(false);
  // A new choice in the address (Back, a quick range) resets the fields without remounting the
  // form, so that keyboard focus stays where it was.
  const appliedKey = `${applied.from}|${applied.to}|${applied.schoolId}`;
  const [shownKey, setShownKey] = useState(appliedKey);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    setFrom(applied.from);
    setTo(applied.to);
    setSchoolId(applied.schoolId);
    setErrors({});
    setEdited(false);
  }

  const rangeError = errors.range ?? (edited ? undefined : serverErrors.dates);
  const schoolError = edited ? undefined : serverErrors.school;
  const rangeErrorId = "report-range-error";
  const known = schools.some((school) => school.id === schoolId);

  function apply(choice: ReportChoice) {
    const found = check(choice);
    setErrors(found);
    if (found.from || found.to || found.range) {
      return;
    }
    setEdited(false);
    onApply(choice);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply({ from, to, schoolId });
  }

  function edit<V>(set: (value: V) => void) {
    return (value: V) => {
      set(value);
      setEdited(true);
      setErrors({});
    };
  }

  const rangeProps = rangeError ? { "aria-invalid": true, "aria-describedby": rangeErrorId } : {};

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Report dates and school">
      <div className={styles.fields}>
        <FormField
          className={styles.field}
          label="From"
          id="report-from"
          name="from"
          type="date"
          required
          value={from}
          error={errors.from}
          onChange={(event) => edit(setFrom)(event.target.value)}
          {...(errors.from ? {} : rangeProps)}
        />
        <FormField
          className={styles.field}
          label="To"
          id="report-to"
          name="to"
          type="date"
          required
          value={to}
          error={errors.to}
          onChange={(event) => edit(setTo)(event.target.value)}
          {...(errors.to ? {} : rangeProps)}
        />
        <div className={styles.field}>
          <SelectField
            label="School"
            id="report-school"
            name="school"
            value={schoolId}
            disabled={schoolsLoading}
            error={schoolError}
            onChange={(event) => edit(setSchoolId)(event.target.value)}
          >
            <option value="">All schools</option>
            {schools.map((school) => (
              <option key={school.id} value={school.id}>
                {school.name}
              </option>
            ))}
            {schoolId && !known ? (
              <option value={schoolId}>{schoolsLoading ? "Loading…" : "Unknown school"}</option>
            ) : null}
          </SelectField>
          {schoolsFailed ? <p className={styles.hint}>{NO_SCHOOLS}</p> : null}
        </div>
        <div className={styles.apply}>
          <Button type="submit">Apply</Button>
        </div>
      </div>
      {rangeError ? (
        <p id={rangeErrorId} className={styles.error} role="alert">
          {rangeError}
        </p>
      ) : null}
      <div className={styles.quick} role="group" aria-labelledby="report-quick-label">
        <span id="report-quick-label" className={styles.quickLabel}>
          Quick ranges
        </span>
        {QUICK_RANGES.map((quick) => {
          const range = quick.range(today);
          const current = range.from === applied.from && range.to === applied.to;
          return (
            <Button
              key={quick.id}
              variant="secondary"
              className={styles.quickButton}
              aria-pressed={current}
              onClick={() => {
                setFrom(range.from);
                setTo(range.to);
                apply({ ...range, schoolId });
              }}
            >
              {quick.label}
            </Button>
          );
        })}
      </div>
    </form>
  );
}
