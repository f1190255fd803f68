import { CombinedGraphQLErrors } from "@apollo/client/errors";

export const BOOK_LOAD_ERROR = "Error loading book details";

/**
 * What the book screens say when the book does not load: the server's own words for a missing or
 * not fully uploaded book ('Book not found', 'This book is not fully uploaded yet...'), otherwise
 * 'Error loading book details'.
 */
export function bookLoadErrorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const notFound = error.errors.find((e) => e.extensions?.code === "NOT_FOUND");
    if (notFound?.message) {
      return notFound.message;
    }
  }
  return BOOK_LOAD_ERROR;
}
