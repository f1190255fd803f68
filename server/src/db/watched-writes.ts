import type { PrismaClient } from "../generated/prisma/client.js";

// Writes seen as they happen, whichever code makes them, so that what is held in memory is dropped
// the moment it changes:
// - accounts: the session cache and staff access hold an account for a second
//   (auth/session-cache.ts, modules/teacher/staff-access.ts) and must drop it the moment its role,
//   school, status, strikes or token version change;
// - the catalogue: Explore's counts and the students' recommendations (modules/books/catalogue-cache.ts)
//   must drop what a new, edited, hidden or deleted book, or a school's collection, changes.
// Every write through Prisma's user, book and book-school models is seen here; raw SQL that writes
// those tables must announce itself.

/** The account written (`null`: many, or ones not known by id, as updateMany and deleteMany). */
export type UserWriteListener = (userId: string | null) => void;
/** The catalogue was written (which books is not said: what is held about any of them is dropped). */
export type CatalogueWriteListener = () => void;

// Bookkeeping nothing held reads: writing only these changes neither the account nor the catalogue
// (a review adds to a book's running totals; Explore's order by rating reads them afresh each time).
const UNWATCHED: Record<"user" | "book", ReadonlySet<string>> = {
  user: new Set(["lastActiveAt", "readerPrefs", "updatedAt"]),
  book: new Set(["ratingSum", "ratingCount", "updatedAt"]),
};
const WRITES = new Set(["create", "createMany", "createManyAndReturn", "update", "updateMany", "updateManyAndReturn"]);
const REMOVALS = new Set(["upsert", "delete", "deleteMany"]);

type Listeners = { user: Set<UserWriteListener>; catalogue: Set<CatalogueWriteListener> };
const listenersOf = new WeakMap<object, Listeners>();

const changes = (data: unknown, unwatched: ReadonlySet<string>) =>
  !data || typeof data !== "object" || Object.keys(data).some((field) => !unwatched.has(field));

const idOf = (value: unknown): string | null => {
  const id = value && typeof value === "object" && !Array.isArray(value) ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : null;
};

type Operation = {
  operation: string;
  args: { data?: unknown; where?: unknown };
  query: (args: never) => Promise<unknown>;
};

/** Whether `operation` with `args` writes something held (a create, a removal, or a watched field). */
const writes = ({ operation, args }: Operation, unwatched: ReadonlySet<string>) =>
  REMOVALS.has(operation) || (WRITES.has(operation) && changes(args.data, unwatched));

/** `prisma`, telling onUserWrite's and onCatalogueWrite's listeners of each write once the statement has run. */
export function watchWrites(prisma: PrismaClient): PrismaClient {
  const listeners: Listeners = { user: new Set(), catalogue: new Set() };
  const catalogueWrite = async (op: Operation) => {
    const result = await op.query(op.args as never);
    if (writes(op, UNWATCHED.book)) {
      for (const listener of listeners.catalogue) {
        listener();
      }
    }
    return result;
  };
  const watched = prisma.$extends({
    query: {
      user: {
        async $allOperations(op) {
          const result = await op.query(op.args);
          // A new account is nobody's held session yet.
          if (!op.operation.startsWith("create") && writes(op as Operation, UNWATCHED.user)) {
            // A single account's write names it; createMany, updateMany and deleteMany do not.
            const many = op.operation.endsWith("Many") || op.operation.endsWith("ManyAndReturn");
            const userId = many ? null : (idOf(result) ?? idOf((op.args as { where?: unknown }).where));
            for (const listener of listeners.user) {
              listener(userId);
            }
          }
          return result;
        },
      },
      book: { $allOperations: (op) => catalogueWrite(op as Operation) },
      bookSchool: { $allOperations: (op) => catalogueWrite(op as Operation) },
    },
  }) as unknown as PrismaClient;
  listenersOf.set(watched, listeners);
  return watched;
}

function listenersFor(prisma: PrismaClient, caller: string): Listeners {
  const listeners = listenersOf.get(prisma);
  if (!listeners) {
    throw new Error(`${caller}: this client was not made by watchWrites`);
  }
  return listeners;
}

/**
 * Calls `listener` after each write to a user through `prisma` (from watchWrites). Inside a
 * transaction that is before the commit: a caller that must not be raced announces again after it.
 * Returns the unsubscribe.
 */
export function onUserWrite(prisma: PrismaClient, listener: UserWriteListener): () => void {
  const { user } = listenersFor(prisma, "onUserWrite");
  user.add(listener);
  return () => user.delete(listener);
}

/** The same for writes to books and schools' collections (before the commit, inside a transaction). */
export function onCatalogueWrite(prisma: PrismaClient, listener: CatalogueWriteListener): () => void {
  const { catalogue } = listenersFor(prisma, "onCatalogueWrite");
  catalogue.add(listener);
  return () => catalogue.delete(listener);
}
