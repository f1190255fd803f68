import { useApolloClient } from "@apollo/client/react";
import { useEffect, useRef, useState } from "react";
import type { AdminBooksBookFieldsFragment, BookStatus } from "../../../gql/graphql";
import { uploadAsSignedIn, UploadError } from "../lib/upload";
import { AdminBooksBookFields } from "./graphql";

export const UPLOAD_FAILED = "Upload failed";

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

type Upload = { url: string; body: Blob; contentType: string };

/**
 * One upload at a time over REST with its progress (0 to 1, null when none is running), the server's
 * message when it is refused, and cancel. Leaving (the dialog closing) aborts a running upload.
 */
export function useBookUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  /** The server's answer, or null when the upload failed (see `error`) or was cancelled. */
  async function upload({ url, body, contentType }: Upload): Promise<unknown> {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setProgress(0);
    try {
      return await uploadAsSignedIn({
        url,
        method: "PUT",
        body,
        contentType,
        signal: controller.signal,
        onProgress: (fraction) => {
          if (running.current === controller) {
            setProgress(fraction);
          }
        },
      });
    } catch (failure) {
      if (!isAbort(failure)) {
        setError(failure instanceof UploadError ? failure.message : UPLOAD_FAILED);
      }
      return null;
    } finally {
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  }

  return {
    upload,
    progress,
    error,
    setError,
    cancel: () => running.current?.abort(),
  };
}

const STATUSES: BookStatus[] = ["draft", "published", "archived"];

/**
 * The book after an upload: the REST answer's `{ book }` (plain JSON, not a GraphQL result) read
 * field by field over what we had, and written to the cache so the table's row shows it too.
 */
export function useApplyUploadedBook() {
  const client = useApolloClient();
  return (current: AdminBooksBookFieldsFragment, answer: unknown): AdminBooksBookFieldsFragment => {
    const raw = (answer as { book?: unknown } | null)?.book;
    const sent = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const text = (key: string, fallback: string | null) =>
      typeof sent[key] === "string" || sent[key] === null ? (sent[key] as string | null) : fallback;
    const next: AdminBooksBookFieldsFragment = {
      ...current,
      hasCover: typeof sent.hasCover === "boolean" ? sent.hasCover : current.hasCover,
      hasText: typeof sent.hasText === "boolean" ? sent.hasText : current.hasText,
      coverUrl: text("coverUrl", current.coverUrl),
      coverColor: text("coverColor", current.coverColor),
      textSizeBytes:
        typeof sent.textSizeBytes === "number" || sent.textSizeBytes === null
          ? (sent.textSizeBytes as number | null)
          : current.textSizeBytes,
      status: STATUSES.includes(sent.status as BookStatus) ? (sent.status as BookStatus) : current.status,
      updatedAt: text("updatedAt", current.updatedAt) ?? current.updatedAt,
    };
    const data = {
      __typename: "AdminBook" as const,
      ...next,
      usage: { __typename: "BookUsage" as const, ...next.usage },
    };
    client.cache.writeFragment({
      fragment: AdminBooksBookFields,
      fragmentName: "AdminBooksBookFields",
      id: client.cache.identify({ __typename: "AdminBook", id: current.id }),
      data,
    });
    return next;
  };
}
