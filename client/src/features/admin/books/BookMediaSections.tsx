import { useMutation } from "@apollo/client/react";
import { type ChangeEvent, useId, useState } from "react";
import { Button } from "../../../components/Button";
import { CoverImage } from "../../../components/CoverImage";
import type { AdminBooksBookFieldsFragment } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { BookStatusBadge } from "./BookStatusBadge";
import styles from "./BookDialogs.module.css";
import {
  COVER_FORMAT,
  COVER_TOO_LARGE,
  COVER_TYPES,
  formatSize,
  MAX_COVER_BYTES,
  MAX_TEXT_BYTES,
  publishBlocker,
  TEXT_EMPTY,
  TEXT_TOO_LARGE,
} from "./format";
import { AdminBooksSetTextDocument } from "./graphql";
import { useApplyUploadedBook, useBookUpload } from "./useBookUpload";
import { usePublishBook } from "./usePublishBook";

export const TEXT_SAVE_FAILED = "Failed to save the text";

type SectionProps = {
  book: AdminBooksBookFieldsFragment;
  onBookChange: (book: AdminBooksBookFieldsFragment) => void;
};

/** A running upload: a labelled progress bar with its percentage, and a way to stop it. */
function UploadProgress({ label, fraction, onCancel }: { label: string; fraction: number; onCancel: () => void }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className={styles.progress}>
      <progress max={100} value={percent} aria-label={label} aria-valuetext={`${percent}%`} />
      <span className={styles.percent}>{percent}%</span>
      <Button variant="text" onClick={onCancel}>
        Cancel upload
      </Button>
    </div>
  );
}

/** Takes the chosen file off the input, so choosing the same file again uploads it again. */
function takeFile(event: ChangeEvent<HTMLInputElement>): File | null {
  const file = event.target.files?.[0] ?? null;
  event.target.value = "";
  return file;
}

/** The cover: its preview, and a PNG, JPEG or WebP upload (at most 5 MB; the server checks the content). */
export function CoverSection({ book, onBookChange }: SectionProps) {
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const { upload, progress, error, setError, cancel } = useBookUpload();
  const applyUploaded = useApplyUploadedBook();
  const [done, setDone] = useState("");

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = takeFile(event);
    if (!file) {
      return;
    }
    setDone("");
    if (file.size > MAX_COVER_BYTES) {
      setError(COVER_TOO_LARGE);
      return;
    }
    if (file.type && !COVER_TYPES.includes(file.type)) {
      setError(COVER_FORMAT);
      return;
    }
    const answer = await upload({
      url: `/api/admin/books/${book.id}/cover`,
      body: file,
      contentType: file.type || "application/octet-stream",
    });
    if (answer !== null) {
      onBookChange(applyUploaded(book, answer));
      setDone("Cover image uploaded.");
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionHeading}>
        Cover image
      </h3>
      <div className={styles.coverRow}>
        {book.hasCover ? (
          <CoverImage src={book.coverUrl} title={book.title} color={book.coverColor} width={120} height={160} />
        ) : (
          <p className={styles.muted}>No cover yet.</p>
        )}
        <div className={styles.uploadField}>
          <label htmlFor={inputId} className={styles.label}>
            {book.hasCover ? "Replace the cover image" : "Upload a cover image"}
          </label>
          <p id={hintId} className={styles.muted}>
            PNG, JPEG or WebP, at most 5 MB.
          </p>
          <input
            id={inputId}
            type="file"
            accept={COVER_TYPES.join(",")}
            aria-describedby={hintId}
            disabled={progress !== null}
            onChange={(event) => void onFile(event)}
          />
          {progress !== null ? (
            <UploadProgress label="Cover image upload" fraction={progress} onCancel={cancel} />
          ) : null}
          {error ? (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          ) : null}
          <p className={styles.done} role="status">
            {progress !== null ? "Uploading the cover image…" : done}
          </p>
        </div>
      </div>
    </section>
  );
}

/** The book's text: a .txt upload with progress, or pasted and saved; its size once it has one. */
export function TextSection({ book, onBookChange }: SectionProps) {
  const headingId = useId();
  const fileId = useId();
  const pasteId = useId();
  const pasteErrorId = useId();
  const { upload, progress, error, setError, cancel } = useBookUpload();
  const applyUploaded = useApplyUploadedBook();
  const [setBookText, { loading: saving }] = useMutation(AdminBooksSetTextDocument);
  const [pasted, setPasted] = useState("");
  const [pasteError, setPasteError] = useState<string | null>(null);
  const [done, setDone] = useState("");
  const busy = progress !== null || saving;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = takeFile(event);
    if (!file) {
      return;
    }
    setDone("");
    if (file.size > MAX_TEXT_BYTES) {
      setError(TEXT_TOO_LARGE);
      return;
    }
    const answer = await upload({
      url: `/api/admin/books/${book.id}/text`,
      body: file,
      contentType: "text/plain; charset=utf-8",
    });
    if (answer !== null) {
      const next = applyUploaded(book, answer);
      onBookChange(next);
      setDone(next.textSizeBytes !== null ? `Text uploaded (${formatSize(next.textSizeBytes)}).` : "Text uploaded.");
    }
  }

  async function savePasted() {
    setDone("");
    setError(null);
    if (!pasted.trim()) {
      setPasteError(TEXT_EMPTY);
      return;
    }
    if (new Blob([pasted]).size > MAX_TEXT_BYTES) {
      setPasteError(TEXT_TOO_LARGE);
      return;
    }
    setPasteError(null);
    try {
      const { data } = await setBookText({ variables: { id: book.id, text: pasted } });
      if (!data) {
        setPasteError(TEXT_SAVE_FAILED);
        return;
      }
      onBookChange(data.setBookText);
      setPasted("");
      const size = data.setBookText.textSizeBytes;
      setDone(size !== null ? `Text saved (${formatSize(size)}).` : "Text saved.");
    } catch (failure) {
      setPasteError(errorMessage(failure, TEXT_SAVE_FAILED));
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionHeading}>
        Text
      </h3>
      <p className={book.textSizeBytes !== null ? undefined : styles.muted}>
        {book.textSizeBytes !== null ? `Text: ${formatSize(book.textSizeBytes)}` : "No text yet."}
      </p>
      <div className={styles.uploadField}>
        <label htmlFor={fileId} className={styles.label}>
          Upload a .txt file
        </label>
        <p className={styles.muted} id={`${fileId}-hint`}>
          Plain text in UTF-8, at most 10 MB. It replaces any text the book has.
        </p>
        <input
          id={fileId}
          type="file"
          accept=".txt,text/plain"
          aria-describedby={`${fileId}-hint`}
          disabled={busy}
          onChange={(event) => void onFile(event)}
        />
        {progress !== null ? <UploadProgress label="Text upload" fraction={progress} onCancel={cancel} /> : null}
        {error ? (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className={styles.uploadField}>
        <label htmlFor={pasteId} className={styles.label}>
          Or paste the text
        </label>
        <textarea
          id={pasteId}
          className={styles.textarea}
          rows={6}
          value={pasted}
          aria-invalid={pasteError ? true : undefined}
          aria-describedby={pasteError ? pasteErrorId : undefined}
          onChange={(event) => {
            setPasted(event.target.value);
            setPasteError(null);
          }}
        />
        {pasteError ? (
          <p id={pasteErrorId} className={styles.fieldError} role="alert">
            {pasteError}
          </p>
        ) : null}
        <div>
          <Button variant="secondary" onClick={() => void savePasted()} disabled={busy}>
            {saving ? "Saving text…" : "Save text"}
          </Button>
        </div>
      </div>
      <p className={styles.done} role="status">
        {progress !== null ? "Uploading the text…" : done}
      </p>
    </section>
  );
}

/**
 * Publish (students see it) or Unpublish (back to draft). Publish waits for a cover and the text, and
 * says which is missing; if the server still refuses, its reason is shown.
 */
export function PublishSection({ book, onBookChange }: SectionProps) {
  const headingId = useId();
  const hintId = useId();
  const { setPublished, busyId } = usePublishBook();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState("");
  const blocker = publishBlocker(book);
  const published = book.status === "published";
  const busy = busyId === book.id;

  async function toggle() {
    setRefusal(null);
    setDone("");
    const outcome = await setPublished(book.id, !published);
    if (!outcome.ok) {
      setRefusal(outcome.message);
      return;
    }
    onBookChange(outcome.book);
    setDone(
      outcome.book.status === "published"
        ? "Published: students can now see it."
        : "Moved back to draft: hidden from students.",
    );
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionHeading}>
        Publishing
      </h3>
      <p className={styles.statusLine}>
        Status: <BookStatusBadge book={book} />
      </p>
      <div className={styles.publishRow}>
        {published ? (
          <Button variant="secondary" onClick={() => void toggle()} disabled={busy}>
            {busy ? "Unpublishing…" : "Unpublish"}
          </Button>
        ) : (
          <Button
            onClick={() => void toggle()}
            disabled={busy || blocker !== null}
            aria-describedby={blocker ? hintId : undefined}
          >
            {busy ? "Publishing…" : "Publish"}
          </Button>
        )}
        {!published && blocker ? (
          <p id={hintId} className={styles.muted}>
            {blocker}.
          </p>
        ) : null}
      </div>
      {refusal ? (
        <p className="notice notice--error" role="alert">
          {refusal}
        </p>
      ) : null}
      <p className={styles.done} role="status">
        {done}
      </p>
    </section>
  );
}
