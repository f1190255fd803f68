import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Button } from "../../../components/Button";
import type { SafeguardingContactsFieldsFragment } from "../../../gql/graphql";
import { SafeguardingContactsDocument } from "../graphql";
import { ContactsEditor, ContactsSummary } from "./ContactsEditor";
import styles from "./Safeguarding.module.css";

export const CONTACTS_LOAD_ERROR = "Could not load the safeguarding contacts.";

/**
 * The teacher dashboard's small 'Safeguarding contacts' panel: who the school's urgent alerts are
 * e-mailed to. Every teacher sees it; the school's lead may change it here (an admin on Schools).
 */
export function ContactsPanel() {
  const { data, error, refetch } = useQuery(SafeguardingContactsDocument, { fetchPolicy: "cache-and-network" });
  const [editing, setEditing] = useState(false);
  // What the last save answered (the query's copy is not updated by the mutation: no id to merge on).
  const [saved, setSaved] = useState<SafeguardingContactsFieldsFragment | null>(null);
  const contacts = saved ?? data?.safeguardingContacts ?? null;

  let body;
  if (!contacts) {
    body = error ? (
      <p>
        {CONTACTS_LOAD_ERROR}{" "}
        <Button variant="text" onClick={() => void refetch().catch(() => undefined)}>
          Try Again
        </Button>
      </p>
    ) : (
      <p>Loading…</p>
    );
  } else if (editing) {
    body = (
      <ContactsEditor
        contacts={contacts}
        allowNoLead={false}
        onSaved={(updated) => {
          setSaved(updated);
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  } else {
    body = (
      <>
        <ContactsSummary contacts={contacts} />
        {contacts.canEdit ? (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Change safeguarding contacts
          </Button>
        ) : null}
      </>
    );
  }

  return (
    // Not a landmark of its own: the page's one 'Safeguarding' region is the alerts panel.
    <section className={styles.contacts}>
      <h2 className={styles.contactsHeading}>Safeguarding contacts</h2>
      {body}
    </section>
  );
}
