import type { ActivityKind } from "../../../gql/graphql";

// One small line icon per kind of activity (decorative: the kind is also written out).
const PATHS: Record<ActivityKind, string> = {
  // A person with a plus.
  registration: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M19 8v6M16 11h6",
  // An open book.
  bookPublished: "M2 5h6a4 4 0 0 1 4 4v12a3 3 0 0 0-3-3H2zM22 5h-6a4 4 0 0 0-4 4v12a3 3 0 0 1 3-3h7z",
  // A star.
  review: "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z",
  // A shield.
  moderation: "M12 2.5l8 3v6c0 5-3.4 8.7-8 10-4.6-1.3-8-5-8-10v-6z",
  // Two sliders.
  admin: "M4 7h10M18 7h2M14 4.5v5M4 17h2M10 17h10M10 14.5v5",
};

export function ActivityIcon({ kind }: { kind: ActivityKind }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}
