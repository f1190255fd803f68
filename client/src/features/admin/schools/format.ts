import type { AdminSchoolRowFragment } from "../../../gql/graphql";

// What the Schools screen says about a school's teacher sign-up. Dates are London dates (the schools'
// own), whatever the admin's computer says.

export const SERVER_CODE_LABEL = "Uses the sign-up code from the server settings";
export const CLOSED_LABEL = "Teacher sign-up closed";

const londonDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "3 Nov 2026" in London; null for a missing or unreadable date. */
export function formatLondonDate(value: string | null | undefined): string | null {
  if (!value) {
    return null;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : londonDate.format(date);
}

type Signup = Pick<AdminSchoolRowFragment, "teacherSignup" | "teacherCodeRotatedAt">;

/** "Own code, rotated 3 Nov 2026", "Uses the sign-up code from the server settings" or "Teacher sign-up closed". */
export function signupLabel(school: Signup): string {
  switch (school.teacherSignup) {
    case "ownCode": {
      const date = formatLondonDate(school.teacherCodeRotatedAt);
      return date ? `Own code, rotated ${date}` : "Own code";
    }
    case "serverCode":
      return SERVER_CODE_LABEL;
    case "closed":
      return CLOSED_LABEL;
  }
}

/** "Rotate code" once the school has a code of its own, else "Generate code". */
export const actionLabel = (school: Pick<AdminSchoolRowFragment, "teacherSignup">) =>
  school.teacherSignup === "ownCode" ? "Rotate code" : "Generate code";

/** A code read out one character at a time, by group: "7 K Q 2, M X 9 D, 4 H T B". */
export function spelledCode(code: string): string {
  return code
    .split("-")
    .map((group) => group.split("").join(" "))
    .join(", ");
}
