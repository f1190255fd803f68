// Server-shaped admin books (with __typename, as the cache stores them), canned replies for the
// Manage Books operations, a test client that answers the ones every screen asks, and a stand-in
// XMLHttpRequest for the cover and text uploads. Each call gives fresh ids, so tests never share data.
import type { AdminBooksBookFieldsFragment } from "../../../gql/graphql";
import { createTestClient, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";

let sequence = 0;

type Usage = AdminBooksBookFieldsFragment["usage"];
export type BookOverrides = Partial<Omit<AdminBooksBookFieldsFragment, "usage">> & { usage?: Partial<Usage> };
export type BuiltAdminBook = ReturnType<typeof buildAdminBook>;

/** A draft without cover or text, held by every school and never used, unless told otherwise. */
export function buildAdminBook({ usage, ...overrides }: BookOverrides = {}) {
  sequence += 1;
  const book = {
    __typename: "AdminBook" as const,
    id: `book-${sequence}`,
    title: `Book ${sequence}`,
    author: `Author ${sequence}`,
    category: "primary" as AdminBooksBookFieldsFragment["category"],
    genre: "fiction",
    description: "",
    characterList: [] as string[],
    publishedYear: 2001 as number | null,
    pages: 180 as number | null,
    status: "draft" as AdminBooksBookFieldsFragment["status"],
    hasCover: false,
    hasText: false,
    coverUrl: null as string | null,
    coverColor: null as string | null,
    textSizeBytes: null as number | null,
    allSchools: true,
    schoolIds: [] as string[],
    updatedAt: "2025-03-05T10:00:00.000Z",
    ...overrides,
    usage: { __typename: "BookUsage" as const, readers: 0, reviews: 0, chats: 0, ...usage },
  };
  return book;
}

/** A book ready to publish: it has a cover and its text. */
export function buildReadyBook(overrides: BookOverrides = {}) {
  return buildAdminBook({
    hasCover: true,
    hasText: true,
    coverUrl: "/covers/ready-medium.webp?v=1",
    textSizeBytes: 240 * 1024,
    ...overrides,
  });
}

/** The AdminBooksList query's answer: one page. */
export function booksReply(
  items: BuiltAdminBook[],
  { totalCount = items.length, nextOffset = null }: { totalCount?: number; nextOffset?: number | null } = {},
): Reply {
  return { data: { adminBooks: { __typename: "AdminBookPage", items, totalCount, nextOffset } } };
}

/** A mutation's answer carrying the book (createBook, updateBook, publishBook…). */
export function bookReply(field: string, book: BuiltAdminBook): Reply {
  return { data: { [field]: book } };
}

export function deleteReply(outcome: "deleted" | "archived", book: BuiltAdminBook): Reply {
  return {
    data: {
      deleteBook: {
        __typename: "DeleteBookResult",
        outcome,
        bookId: book.id,
        book: outcome === "archived" ? { ...book, status: "archived" } : null,
      },
    },
  };
}

export const SCHOOLS = [
  { __typename: "School", id: "school-pimlico", name: "Pimlico Academy" },
  { __typename: "School", id: "school-bedford", name: "Bedford High School" },
  { __typename: "School", id: "school-newman", name: "Newman" },
];

/**
 * A test client for the admin book screens, signed in as an admin: Me, Schools and AdminBooksGenres
 * answered unless given, and the rest from `resolvers`.
 */
export function createAdminBooksTestClient(resolvers: Record<string, Resolver> = {}) {
  const me = buildUser({ role: "admin" });
  storeSignedIn(me);
  return createTestClient({
    Me: { data: { me } },
    Schools: { data: { schools: SCHOOLS } },
    AdminBooksGenres: { data: { bookGenres: ["fiction", "poetry"] } },
    ...resolvers,
  });
}

type Handler = (() => void) | null;

/** Just enough of XMLHttpRequest to record an upload and to answer it as the server would. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = undefined;
  aborted = false;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: Pick<ProgressEvent, "lengthComputable" | "loaded" | "total">) => void) | null } = {
    onprogress: null,
  };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  static last(): FakeXhr {
    const xhr = FakeXhr.instances.at(-1);
    if (!xhr) {
      throw new Error("No upload was sent");
    }
    return xhr;
  }
}

/** The REST upload's answer: the book as plain JSON (no __typename), as the server sends it. */
export function uploadAnswer(book: BuiltAdminBook) {
  const { __typename: _book, usage, ...fields } = book;
  const { __typename: _usage, ...counts } = usage;
  return { book: { ...fields, usage: counts, createdAt: "2025-03-01T10:00:00.000Z", reading: null } };
}

/** A File of `size` bytes (the content does not matter to the client; the server checks it). */
export function fileOf(name: string, type: string, size: number): File {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}
