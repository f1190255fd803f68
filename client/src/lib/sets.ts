/** A new set: `set` with `item` added (`on`) or taken out. React state wants a new object, not the old one changed. */
export function toggled<T>(set: ReadonlySet<T>, item: T, on: boolean): Set<T> {
  const next = new Set(set);
  if (on) {
    next.add(item);
  } else {
    next.delete(item);
  }
  return next;
}
