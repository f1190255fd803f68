import type { Email } from "../../mail/mailer.js";
import type { AlertRecipients } from "./safeguarding-contacts.service.js";

// The e-mail about an urgent alert. It says that a student at the school may be at risk, what kind of
// alert it is, when, and links to the alert: never the child's name or words (an inbox is not the
// place for them, and mail is forwarded and kept). Those are behind the link, for staff who sign in.

const LONDON = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "Thursday 26 November 2026 at 14:03" in London time. */
export function londonTime(date: Date): string {
  // From the parts: how ICU joins them ("Thursday, 15 January 2026 at 09:30") varies by version.
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    LONDON.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")} at ${part("hour")}:${part("minute")}`;
}

/** "15 minutes", "1 hour", "90 seconds": how often the e-mail comes again. */
export function interval(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) {
    return seconds <= 1 ? "second" : `${seconds} seconds`;
  }
  const minutes = Math.round(seconds / 60);
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? "hour" : `${hours} hours`;
  }
  return minutes === 1 ? "minute" : `${minutes} minutes`;
}

export type UrgentAlertMail = {
  label: string;
  schoolName: string;
  raisedAt: Date;
  link: string;
  audience: AlertRecipients["audience"];
  /** Sent again because nobody has reviewed the alert yet. */
  reminder: boolean;
  resendMs: number;
};

export function urgentAlertEmail(to: string, mail: UrgentAlertMail): Email {
  const { reminder } = mail;
  const subject = `${reminder ? "Reminder, not yet reviewed: " : ""}Urgent safeguarding alert at ${mail.schoolName}: ${mail.label}`;
  const lines = [
    reminder
      ? `This urgent safeguarding alert has not been reviewed yet. A student at ${mail.schoolName} may be at risk.`
      : `A student at ${mail.schoolName} may be at risk. Reading Room has raised an urgent safeguarding alert.`,
    "",
    `What: ${mail.label}`,
    `When: ${londonTime(mail.raisedAt)} (London time)`,
    "",
    "Open the alert to see what was written and to record what you have done:",
    mail.link,
    "",
  ];
  switch (mail.audience) {
    case "contacts":
      lines.push(
        `You are receiving this as a safeguarding contact for ${mail.schoolName} (the designated safeguarding lead or a deputy).`,
      );
      break;
    case "allTeachers":
      lines.push(
        `No designated safeguarding lead is set for ${mail.schoolName} on Reading Room, so this alert has gone to every teacher of the school.`,
        "An admin can name the school's lead and deputies on Reading Room (Admin > Schools > Safeguarding contacts).",
      );
      break;
    case "admins":
      lines.push(
        `${mail.schoolName} has no designated safeguarding lead and no active teacher on Reading Room, so this alert has gone to the Reading Room admins.`,
      );
      break;
  }
  lines.push(
    `Until someone reviews the alert on Reading Room, this e-mail is sent again every ${interval(mail.resendMs)}.`,
    "For the child's privacy this e-mail does not include their name or what they wrote: sign in to see them.",
  );
  return { to, subject, text: `${lines.join("\n")}\n` };
}
