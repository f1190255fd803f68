import { useMutation } from "@apollo/client/react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/Button";
import frame from "../../../components/Dialog.module.css";
import { FormField } from "../../../components/FormField";
import { Notice } from "../../../components/Notice";
import { SelectField } from "../../../components/SelectField";
import type { AdminUsersRowFragment, AdminUsersUpdateUserMutation, Role, UserStatus } from "../../../gql/graphql";
import { errorMessage, fieldErrors } from "../../../lib/errors";
import { useModalDialog } from "../../../lib/useModalDialog";
import { useForm } from "../../auth/useForm";
import { AdminUsersUpdateUserDocument } from "./graphql";
import { ROLE_LABELS, ROLES, STATUS_LABELS, STATUSES } from "./labels";
import styles from "./EditUserDialog.module.css";

export const NAME_REQUIRED = "Full name is required";
export const SAVE_FAILED = "Failed to save the changes. Please try again.";
export const INACTIVE_WARNING = "An inactive user cannot log in, and is signed out at once.";
export const SELF_NOTE = "This is your own account.";
export const SELF_DEMOTE_WARNING = "If you stop being an admin, you lose the admin screens at once.";
export const SELF_INACTIVE_WARNING = "Making yourself inactive signs you out at once.";
/** The server's limit (Full name must be at most 100 characters). */
const MAX_NAME_LENGTH = 100;

export type SavedUser = AdminUsersUpdateUserMutation["updateUser"];

type Page = { items: AdminUsersRowFragment[] };

/**
 * The spec's Edit user modal: full name, email (shown, not editable), role and status. A native
 * dialog: focus moves to the name, Escape closes it, and the page puts focus back on the row's Edit
 * button. The answer updates the user's row in every list of users already loaded.
 */
export function EditUserDialog({
  user,
  isSelf,
  onClose,
  onSaved,
}: {
  user: AdminUsersRowFragment;
  isSelf: boolean;
  onClose: () => void;
  onSaved: (saved: SavedUser) => void;
}) {
  const dialogProps = useModalDialog({ onClose });
  const headingId = useId();
  const id = useId();
  const nameId = `${id}-name`;
  const { values, errors, setErrors, busy, setBusy, onChange } = useForm({
    displayName: user.displayName,
    role: user.role as string,
    status: user.status as string,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [updateUser] = useMutation(AdminUsersUpdateUserDocument);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) {
      return;
    }
    const displayName = values.displayName.trim();
    if (!displayName) {
      setErrors({ displayName: NAME_REQUIRED });
      document.getElementById(nameId)?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await updateUser({
        variables: {
          id: user.uid,
          displayName,
          role: values.role as Role,
          status: values.status as UserStatus,
        },
        update(cache, { data: result }) {
          const saved = result?.updateUser;
          if (!saved) {
            return;
          }
          // Rows have no id the cache knows (uid), so each loaded page is updated here.
          cache.modify<{ adminUsers: Page }>({
            id: "ROOT_QUERY",
            fields: {
              adminUsers: (page) =>
                "items" in page
                  ? {
                      ...page,
                      items: page.items.map((row) =>
                        row.uid === saved.uid
                          ? {
                              ...row,
                              displayName: saved.displayName,
                              role: saved.role,
                              status: saved.status,
                              school: saved.school,
                              moderation: { ...row.moderation, ...saved.moderation },
                            }
                          : row,
                      ),
                    }
                  : page,
            },
          });
        },
      });
      if (!data) {
        throw new Error(SAVE_FAILED);
      }
      onSaved(data.updateUser);
    } catch (error) {
      const nameError = fieldErrors(error).displayName;
      if (nameError) {
        setErrors({ displayName: nameError });
      } else {
        setFailure(errorMessage(error, SAVE_FAILED));
      }
      setBusy(false);
    }
  }

  const warnings = [
    values.status === "inactive" ? INACTIVE_WARNING : null,
    isSelf && values.role !== "admin" ? SELF_DEMOTE_WARNING : null,
    isSelf && values.status === "inactive" ? SELF_INACTIVE_WARNING : null,
  ].filter((warning): warning is string => warning !== null);

  return (
    <dialog
      {...dialogProps}
      className={`${frame.dialog} ${styles.dialog}`}
      aria-labelledby={headingId}
      // No onClose: the dialog only closes through onClose (or unmounting), and under StrictMode the
      // effect's own close() would fire a late close event that shut the dialog just opened.
    >
      <h2 id={headingId} className={`${frame.heading} ${styles.heading}`}>
        Edit user
      </h2>
      {isSelf ? <p className={styles.self}>{SELF_NOTE}</p> : null}
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <FormField
          label="Full name"
          id={nameId}
          name="displayName"
          value={values.displayName}
          onChange={onChange}
          error={errors.displayName}
          required
          maxLength={MAX_NAME_LENGTH}
          autoComplete="off"
          data-autofocus
        />
        <FormField
          label="Email"
          id={`${id}-email`}
          name="email"
          type="email"
          value={user.email}
          onChange={() => undefined}
          hint="Email cannot be changed."
          disabled
        />
        <div className={styles.selects}>
          <SelectField label="Role" id={`${id}-role`} name="role" value={values.role} onChange={onChange}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" id={`${id}-status`} name="status" value={values.status} onChange={onChange}>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
        </div>
        <div className={styles.warnings} aria-live="polite">
          {warnings.map((warning) => (
            <p key={warning} className={styles.warning}>
              {warning}
            </p>
          ))}
        </div>
        {failure ? <Notice tone="error">{failure}</Notice> : null}
        <div className={`${frame.actions} ${styles.actions}`}>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </dialog>
  );
}
