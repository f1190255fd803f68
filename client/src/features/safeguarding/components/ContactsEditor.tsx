import { useMutation } from "@apollo/client/react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/Button";
import frame from "../../../components/Dialog.module.css";
import { Notice } from "../../../components/Notice";
import { SelectField } from "../../../components/SelectField";
import type { SafeguardingContactsFieldsFragment } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { toggled } from "../../../lib/sets";
import { SetSafeguardingContactsDocument } from "../graphql";
import styles from "./Safeguarding.module.css";

export const SAVE_CONTACTS_FAILED = "Failed to save the safeguarding contacts";
export const NO_LEAD_OPTION = "No lead (urgent alerts go to every teacher)";
export const CHOOSE_LEAD = "Choose a safeguarding lead";
export const NO_OTHER_TEACHERS = "No other teacher to name as a deputy.";

/**
 * Chooses a school's designated safeguarding lead and deputies from its teachers. An admin may leave
 * the school without a lead (`allowNoLead`); the school's lead, handing over, may not.
 */
export function ContactsEditor({
  contacts,
  allowNoLead,
  onSaved,
  onCancel,
}: {
  contacts: SafeguardingContactsFieldsFragment;
  allowNoLead: boolean;
  onSaved: (contacts: SafeguardingContactsFieldsFragment) => void;
  onCancel: () => void;
}) {
  const leadId = useId();
  const [lead, setLead] = useState(contacts.lead?.id ?? "");
  const [deputies, setDeputies] = useState(() => new Set(contacts.deputies.map((deputy) => deputy.id)));
  const [leadError, setLeadError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [save, { loading }] = useMutation(SetSafeguardingContactsDocument);
  // The lead is not also a deputy.
  const others = contacts.candidates.filter((teacher) => teacher.id !== lead);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) {
      return;
    }
    if (!lead && !allowNoLead) {
      setLeadError(CHOOSE_LEAD);
      document.getElementById(leadId)?.focus();
      return;
    }
    setLeadError(null);
    setFailure(null);
    try {
      const { data } = await save({
        variables: {
          input: {
            schoolId: contacts.school.id,
            leadId: lead || null,
            deputyIds: contacts.candidates.map((c) => c.id).filter((id) => id !== lead && deputies.has(id)),
          },
        },
      });
      if (!data) {
        throw new Error(SAVE_CONTACTS_FAILED);
      }
      onSaved(data.setSafeguardingContacts);
    } catch (error) {
      setFailure(errorMessage(error, SAVE_CONTACTS_FAILED));
    }
  }

  if (contacts.candidates.length === 0) {
    return (
      <>
        <p>{contacts.school.name} has no active teachers on Reading Room to choose from yet.</p>
        <div className={frame.actions}>
          <Button variant="secondary" onClick={onCancel}>
            Close
          </Button>
        </div>
      </>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-busy={loading} noValidate>
      <SelectField
        label="Designated safeguarding lead"
        id={leadId}
        name="lead"
        className={styles.lead}
        value={lead}
        required={!allowNoLead}
        error={leadError ?? undefined}
        data-autofocus
        onChange={(event) => {
          setLead(event.target.value);
          setLeadError(null);
        }}
      >
        <option value="">{allowNoLead ? NO_LEAD_OPTION : "Choose a teacher"}</option>
        {contacts.candidates.map((teacher) => (
          <option key={teacher.id} value={teacher.id}>
            {teacher.displayName}
          </option>
        ))}
      </SelectField>
      <fieldset className={styles.deputies}>
        <legend className={styles.legend}>Deputies</legend>
        {others.length === 0 ? (
          <p className={styles.hint}>{NO_OTHER_TEACHERS}</p>
        ) : (
          <ul>
            {others.map((teacher) => (
              <li key={teacher.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={deputies.has(teacher.id)}
                    onChange={(event) => setDeputies((current) => toggled(current, teacher.id, event.target.checked))}
                  />
                  {teacher.displayName}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <p className={styles.hint}>Urgent alerts are e-mailed to the lead and the deputies at once.</p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div className={frame.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={loading}>
          Cancel
        </Button>
        <Button type="submit" aria-disabled={loading}>
          {loading ? "Saving…" : "Save contacts"}
        </Button>
      </div>
    </form>
  );
}

/** "Lena Lead" and "Dev Deputy, Cal Colleague", or what it means that there are none. */
export function ContactsSummary({ contacts }: { contacts: SafeguardingContactsFieldsFragment }) {
  return (
    <>
      {contacts.lead ? (
        <p>
          Designated safeguarding lead: <strong>{contacts.lead.displayName}</strong>
        </p>
      ) : (
        <p className={styles.warning}>
          No designated safeguarding lead is set: urgent alerts are e-mailed to every teacher of {contacts.school.name}.
        </p>
      )}
      <p>
        Deputies: {contacts.deputies.length ? contacts.deputies.map((deputy) => deputy.displayName).join(", ") : "none"}
      </p>
    </>
  );
}
