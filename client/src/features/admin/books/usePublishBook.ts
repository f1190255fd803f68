import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import type { AdminBooksBookFieldsFragment } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { AdminBooksPublishDocument, AdminBooksUnpublishDocument } from "./graphql";

export const PUBLISH_FAILED = "Failed to publish the book";
export const UNPUBLISH_FAILED = "Failed to unpublish the book";

export type PublishOutcome = { ok: true; book: AdminBooksBookFieldsFragment } | { ok: false; message: string };

/**
 * Publish (refused by the server until the book has a cover and its text, with its reason as the
 * message) and Unpublish (back to draft). The answer updates the book wherever the cache shows it.
 */
export function usePublishBook() {
  const [publish] = useMutation(AdminBooksPublishDocument);
  const [unpublish] = useMutation(AdminBooksUnpublishDocument);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function setPublished(bookId: string, published: boolean): Promise<PublishOutcome> {
    setBusyId(bookId);
    try {
      if (published) {
        const { data } = await publish({ variables: { id: bookId } });
        return data ? { ok: true, book: data.publishBook } : { ok: false, message: PUBLISH_FAILED };
      }
      const { data } = await unpublish({ variables: { id: bookId } });
      return data ? { ok: true, book: data.unpublishBook } : { ok: false, message: UNPUBLISH_FAILED };
    } catch (error) {
      return { ok: false, message: errorMessage(error, published ? PUBLISH_FAILED : UNPUBLISH_FAILED) };
    } finally {
      setBusyId(null);
    }
  }

  return { setPublished, busyId };
}
