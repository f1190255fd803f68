import { badInput } from "../../errors/app-error.js";

// Explore's keyset cursors, one shape per order, opaque to the client (base64url JSON). A cursor
// names the order it belongs to, so one from another order is refused rather than misread.
//
//   title          [title, id]                                  (the original shape, still accepted)
//   newest         ["newest", createdAt, id]
//   highestRated,  [order, "ranked", a, b, title, id]           a book with the school's reading or
//   mostRead                                                    reviews: its totals a and b
//                  [order, "rest", title, id]                   the books after those, A to Z

export type RankedOrder = "highestRated" | "mostRead";

export type Cursor =
  | { order: "title"; title: string; id: string }
  | { order: "newest"; createdAt: Date; id: string }
  | { order: RankedOrder; part: "ranked"; a: number; b: number; title: string; id: string }
  | { order: RankedOrder; part: "rest"; title: string; id: string };

export function encodeCursor(cursor: Cursor): string {
  const value =
    cursor.order === "title"
      ? [cursor.title, cursor.id]
      : cursor.order === "newest"
        ? ["newest", cursor.createdAt.toISOString(), cursor.id]
        : cursor.part === "ranked"
          ? [cursor.order, "ranked", cursor.a, cursor.b, cursor.title, cursor.id]
          : [cursor.order, "rest", cursor.title, cursor.id];
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

// Text the database can hold (no NUL), and totals within its integers.
const isText = (value: unknown): value is string => typeof value === "string" && !value.includes("\u0000");
const isCount = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 2_147_483_647;

/** The cursor if it is one of `order`'s, else BAD_USER_INPUT 'Invalid cursor'. */
export function decodeCursor(text: string, order: Cursor["order"]): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw badInput("Invalid cursor");
  }
  const cursor = Array.isArray(value) ? readCursor(value, order) : null;
  if (!cursor) {
    throw badInput("Invalid cursor");
  }
  return cursor;
}

function readCursor(value: unknown[], order: Cursor["order"]): Cursor | null {
  if (order === "title") {
    const [title, id] = value;
    return value.length === 2 && isText(title) && isText(id) ? { order, title, id } : null;
  }
  if (value[0] !== order) {
    return null;
  }
  if (order === "newest") {
    const [, at, id] = value;
    const createdAt = isText(at) ? new Date(at) : null;
    return value.length === 3 && createdAt && !Number.isNaN(createdAt.getTime()) && isText(id)
      ? { order, createdAt, id }
      : null;
  }
  if (value[1] === "ranked") {
    const [, , a, b, title, id] = value;
    // A rated book has at least one rating (its average divides by it).
    const totals = isCount(a) && isCount(b) && (order === "mostRead" || b > 0);
    return value.length === 6 && totals && isText(title) && isText(id)
      ? { order, part: "ranked", a, b, title, id }
      : null;
  }
  const [, part, title, id] = value;
  return value.length === 4 && part === "rest" && isText(title) && isText(id)
    ? { order, part: "rest", title, id }
    : null;
}
