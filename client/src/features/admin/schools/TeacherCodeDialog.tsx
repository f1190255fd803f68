import { useApolloClient, useMutation } from "@apollo/client/react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/Button";
import frame from "../../../components/Dialog.module.css";
import { Notice } from "../../../components/Notice";
import { Spinner } from "../../../components/Spinner";
import type { AdminSchoolRowFragment } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { useModalDialog } from "../../../lib/useModalDialog";
import { spelledCode } from "./format";
import { AdminSchoolRowFields, AdminSchoolsRotateCodeDocument } from "./graphql";
import styles from "./TeacherCodeDialog.module.css";

export const ROTATE_FAILED = "Failed to make a new code. Please try again.";
export const NOT_SHOWN_AGAIN =
  "This code will not be shown again. Copy it now and send it to the school's teachers: they choose their school and enter the code on the registration page.";
export const COPIED = "Copied to the clipboard.";
export const COPY_BY_HAND = "Copying did not work here: the code is selected, press Ctrl+C (⌘C on a Mac) to copy it.";

type Phase = "confirm" | "direct" | "shown";

/** Whether a new code stops another from working at the school, so that the admin is asked first. */
export const needsConfirmation = (school: Pick<AdminSchoolRowFragment, "teacherSignup">) =>
  school.teacherSignup !== "closed";

/**
 * A new teacher sign-up code for one school. When it replaces a code (the school's own, or the server's
 * there) the admin confirms first, told what stops working; a school where teacher sign-up is closed
 * loses nothing, and gets its code as the dialog opens. The code is then shown this once, with a Copy
 * button.
 */
export function TeacherCodeDialog({ school, onClose }: { school: AdminSchoolRowFragment; onClose: () => void }) {
  const dialogProps = useModalDialog({ onClose });
  const headingId = useId();
  const bodyId = useId();
  const client = useApolloClient();
  const rotating = school.teacherSignup === "ownCode";
  const [phase, setPhase] = useState<Phase>(needsConfirmation(school) ? "confirm" : "direct");
  const [code, setCode] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [copyNote, setCopyNote] = useState<string | null>(null);
  const codeRef = useRef<HTMLElement>(null);
  const started = useRef(false);
  // Not kept in the cache: the code lives in this dialog only, and is gone once it closes.
  const [rotate, { loading }] = useMutation(AdminSchoolsRotateCodeDocument, { fetchPolicy: "no-cache" });

  async function generate() {
    setFailure(null);
    try {
      const { data } = await rotate({ variables: { schoolId: school.id } });
      if (!data) {
        throw new Error(ROTATE_FAILED);
      }
      const { code: newCode, school: updated } = data.rotateTeacherCode;
      // The school's row shows its new state; the code itself stays out of the cache.
      client.cache.writeFragment({
        fragment: AdminSchoolRowFields,
        id: client.cache.identify({ __typename: "AdminSchool", id: updated.id }),
        data: updated,
      });
      setCode(newCode);
      setPhase("shown");
    } catch (error) {
      setFailure(errorMessage(error, ROTATE_FAILED));
    }
  }

  useEffect(() => {
    if (phase === "direct" && !started.current) {
      started.current = true;
      void generate();
    }
    // Once, as the dialog opens (a ref, so that StrictMode's second run does not make a second code).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Focus stays inside the dialog as it changes: on the Copy button once the code is there.
  useEffect(() => {
    if (phase === "shown") {
      dialogProps.ref.current?.querySelector<HTMLElement>("[data-copy-code]")?.focus();
    }
  }, [phase, dialogProps.ref]);

  async function copy() {
    if (!code) {
      return;
    }
    try {
      await navigator.clipboard.writeText(code);
      setCopyNote(COPIED);
    } catch {
      // No clipboard (an insecure page, a refused permission): the code is selected for Ctrl+C.
      const selection = window.getSelection();
      if (codeRef.current && selection) {
        selection.selectAllChildren(codeRef.current);
      }
      setCopyNote(COPY_BY_HAND);
    }
  }

  let heading: string;
  let body;
  let actions;
  if (phase === "shown" && code) {
    heading = "New teacher sign-up code";
    body = (
      <>
        <p>
          The code for <strong>{school.name}</strong>:
        </p>
        <p className={styles.codeBox}>
          <code ref={codeRef} className={styles.code} aria-hidden="true">
            {code}
          </code>
          <span className="visually-hidden">{spelledCode(code)}</span>
        </p>
        <p className={styles.warning}>{NOT_SHOWN_AGAIN}</p>
      </>
    );
    actions = (
      <>
        <Button data-copy-code onClick={() => void copy()}>
          Copy code
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </>
    );
  } else if (phase === "confirm") {
    heading = rotating ? "Rotate the teacher sign-up code?" : "Generate a teacher sign-up code?";
    body = rotating ? (
      <p>
        <strong>{school.name}</strong> gets a new code. The old code stops working at once: teachers who have not signed
        up yet will need the new one. Teachers who already have accounts are not affected.
      </p>
    ) : (
      <p>
        <strong>{school.name}</strong> gets a code of its own. The sign-up code from the server settings then stops
        working at {school.name}: its teachers sign up with the new code. Teachers who already have accounts are not
        affected.
      </p>
    );
    const label = rotating ? "Rotate code" : "Generate code";
    actions = (
      <>
        <Button data-autofocus variant="secondary" onClick={onClose} disabled={loading}>
          Cancel
        </Button>
        {/* aria-disabled, not disabled: the focused button would drop keyboard focus to the page. */}
        <Button aria-disabled={loading} onClick={() => !loading && void generate()}>
          {loading ? (rotating ? "Rotating…" : "Generating…") : label}
        </Button>
      </>
    );
  } else {
    heading = "Generate a teacher sign-up code";
    body =
      failure || !loading ? (
        <p>
          No code was made for <strong>{school.name}</strong>.
        </p>
      ) : (
        <Spinner label={`Making a code for ${school.name}…`} />
      );
    actions = (
      <>
        <Button data-autofocus variant="secondary" onClick={onClose}>
          {failure ? "Close" : "Cancel"}
        </Button>
        {failure ? <Button onClick={() => void generate()}>Try Again</Button> : null}
      </>
    );
  }

  return (
    <dialog
      {...dialogProps}
      className={frame.dialog}
      aria-labelledby={headingId}
      aria-describedby={bodyId}
      aria-busy={loading}
    >
      <h2 id={headingId} className={frame.heading}>
        {heading}
      </h2>
      <div id={bodyId} className={`${frame.body} ${styles.body}`}>
        {body}
      </div>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <p className={styles.copyNote} role="status">
        {copyNote}
      </p>
      {/* New buttons for each step: reused ones would fade between the two variants' colours. */}
      <div key={phase} className={frame.actions}>
        {actions}
      </div>
    </dialog>
  );
}
