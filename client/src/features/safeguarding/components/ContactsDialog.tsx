import { useQuery } from "@apollo/client/react";
import { useId, useState } from "react";
import { Button } from "../../../components/Button";
import frame from "../../../components/Dialog.module.css";
import { LoadError } from "../../../components/LoadError";
import { Notice } from "../../../components/Notice";
import { Spinner } from "../../../components/Spinner";
import type { SafeguardingContactsFieldsFragment } from "../../../gql/graphql";
import { useModalDialog } from "../../../lib/useModalDialog";
import { SafeguardingContactsDocument } from "../graphql";
import { CONTACTS_LOAD_ERROR } from "./ContactsPanel";
import { ContactsEditor, ContactsSummary } from "./ContactsEditor";
import styles from "./Safeguarding.module.css";

export const CONTACTS_SAVED = "Safeguarding contacts saved.";

/** An admin names a school's designated safeguarding lead and deputies (Admin > Schools). */
export function ContactsDialog({ school, onClose }: { school: { id: string; name: string }; onClose: () => void }) {
  const dialogProps = useModalDialog({ onClose });
  const headingId = useId();
  const [saved, setSaved] = useState<SafeguardingContactsFieldsFragment | null>(null);
  const { data, error, refetch } = useQuery(SafeguardingContactsDocument, {
    variables: { schoolId: school.id },
    fetchPolicy: "network-only",
  });
  const contacts = data?.safeguardingContacts ?? null;

  let body;
  if (!contacts) {
    body = error ? (
      <>
        <LoadError message={CONTACTS_LOAD_ERROR} onRetry={() => void refetch().catch(() => undefined)} />
        <div className={frame.actions}>
          <Button data-autofocus variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </>
    ) : (
      <Spinner label="Loading the safeguarding contacts…" />
    );
  } else if (saved) {
    body = (
      <>
        <Notice tone="success">{CONTACTS_SAVED}</Notice>
        <ContactsSummary contacts={saved} />
        <div className={frame.actions}>
          <Button data-autofocus onClick={onClose}>
            Done
          </Button>
        </div>
      </>
    );
  } else {
    body = <ContactsEditor contacts={contacts} allowNoLead onSaved={setSaved} onCancel={onClose} />;
  }

  return (
    <dialog {...dialogProps} className={`${frame.dialog} ${styles.dialog}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={frame.heading}>
        Safeguarding contacts: {school.name}
      </h2>
      {body}
    </dialog>
  );
}
