// Server-shaped books, readings and reviews for the book screens' tests (with __typename, as the
// cache stores them). Each call gives fresh ids, so tests never share data.
let sequence = 0;

export function buildReading(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    __typename: "Reading",
    id: `user_book-${sequence}`,
    bookId: `book-${sequence}`,
    read: true,
    lastReadAt: "2025-03-05T12:00:00.000Z",
    readingTime: 10,
    ...overrides,
  };
}

export function buildBook(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    __typename: "Book",
    id: `book-${sequence}`,
    title: `Book ${sequence}`,
    author: `Author ${sequence}`,
    category: "primary",
    genre: "fiction",
    description: `The story of book ${sequence}.`,
    coverUrl: `/api/covers/book-${sequence}?quality=medium`,
    coverLowUrl: `/api/covers/book-${sequence}?quality=low`,
    coverColor: "#35607a",
    pages: null as number | null,
    wordCount: null as number | null,
    averageRating: null as number | null,
    reviewCount: 0,
    reading: null as ReturnType<typeof buildReading> | null,
    ...overrides,
  };
}

export function buildReview(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    __typename: "Review",
    id: `review-${sequence}`,
    bookId: `book-${sequence}`,
    rating: 5,
    reviewText: `Review ${sequence}`,
    studentDisplayName: `Student ${sequence}`,
    createdAt: "2025-03-01T12:00:00.000Z",
    updatedAt: "2025-03-01T12:00:00.000Z",
    isMine: false,
    ...overrides,
  };
}

/** A page of the books query as the server answers it. */
export function booksPage(items: unknown[], { nextCursor = null as string | null, totalCount = items.length } = {}) {
  return { data: { books: { __typename: "BookPage", items, nextCursor, totalCount } } };
}
