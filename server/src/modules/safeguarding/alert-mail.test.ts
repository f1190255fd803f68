import { describe, expect, it } from "vitest";
import { interval, londonTime, urgentAlertEmail, type UrgentAlertMail } from "./alert-mail.js";

const mail: UrgentAlertMail = {
  label: "Suicide or self-harm",
  schoolName: "Pimlico Academy",
  raisedAt: new Date("2026-07-02T13:03:00Z"),
  link: "https://reading.example.org/teacher/alerts/a1",
  audience: "contacts",
  reminder: false,
  resendMs: 15 * 60_000,
};

describe("the urgent alert e-mail", () => {
  it("says a student at the school may be at risk, what, when (London time) and links to the alert", () => {
    const email = urgentAlertEmail("dsl@school.example.org", mail);
    expect(email.to).toBe("dsl@school.example.org");
    expect(email.subject).toBe("Urgent safeguarding alert at Pimlico Academy: Suicide or self-harm");
    expect(email.text).toContain("A student at Pimlico Academy may be at risk.");
    expect(email.text).toContain("What: Suicide or self-harm");
    // 13:03 UTC is 14:03 in London in July (BST).
    expect(email.text).toContain("When: Thursday 2 July 2026 at 14:03 (London time)");
    expect(email.text).toContain("\nhttps://reading.example.org/teacher/alerts/a1\n");
    expect(email.text).toContain("as a safeguarding contact for Pimlico Academy");
    expect(email.text).toContain("sent again every 15 minutes");
    expect(email.text).not.toContain("No designated safeguarding lead");
  });

  it("says when no lead is set and it went to every teacher, or to the admins", () => {
    const teachers = urgentAlertEmail("t@school.example.org", { ...mail, audience: "allTeachers" });
    expect(teachers.text).toContain(
      "No designated safeguarding lead is set for Pimlico Academy on Reading Room, so this alert has gone to every teacher of the school.",
    );
    const admins = urgentAlertEmail("a@example.org", { ...mail, audience: "admins" });
    expect(admins.text).toContain("has no designated safeguarding lead and no active teacher");
  });

  it("marks a re-send as a reminder", () => {
    const email = urgentAlertEmail("dsl@school.example.org", { ...mail, reminder: true });
    expect(email.subject).toBe(
      "Reminder, not yet reviewed: Urgent safeguarding alert at Pimlico Academy: Suicide or self-harm",
    );
    expect(email.text).toMatch(/^This urgent safeguarding alert has not been reviewed yet\./);
  });

  it("writes times in London time, winter and summer", () => {
    expect(londonTime(new Date("2026-01-15T09:30:00Z"))).toBe("Thursday 15 January 2026 at 09:30");
    expect(londonTime(new Date("2026-06-15T23:30:00Z"))).toBe("Tuesday 16 June 2026 at 00:30");
  });

  it.each([
    [15 * 60_000, "15 minutes"],
    [60_000, "minute"],
    [60 * 60_000, "hour"],
    [120 * 60_000, "2 hours"],
    [90 * 60_000, "90 minutes"],
    [30_000, "30 seconds"],
    [200, "second"],
  ])("says how often: %i ms is every %s", (ms, words) => {
    expect(interval(ms)).toBe(words);
  });
});
