import { describe, expect, it } from "vitest";
import { categoryLabel, CONCERN_LABEL, eventLabel, eventTypeLabel } from "./alert-labels.js";

describe("safeguarding labels", () => {
  it("names the taxonomy's categories, and those of events recorded before it", () => {
    expect(categoryLabel("risk_self_harm")).toBe("Suicide or self-harm");
    expect(categoryLabel("self_harm_risk")).toBe("Risk to the child");
    expect(categoryLabel("violence_threats")).toBe("Violence or threats");
    expect(categoryLabel("something_new")).toBe("something new");
    expect(categoryLabel(null)).toBeNull();
  });

  it("says what each kind of event is", () => {
    expect(eventLabel({ type: "alert", category: "risk_abuse" })).toBe("Possible abuse");
    expect(eventLabel({ type: "alert", category: null })).toBe("Safeguarding alert");
    expect(eventLabel({ type: "concern", category: "personal_details" })).toBe(CONCERN_LABEL);
    expect(CONCERN_LABEL).toBe("Possible concern - please review");
    expect(eventLabel({ type: "strike", category: "bullying_hate" })).toBe("Strike: Bullying or hate");
    expect(eventLabel({ type: "block", category: "sexual" })).toBe("Account restricted");
    expect(eventLabel({ type: "unblock", category: null })).toBe("Unblocked");
    expect(eventTypeLabel({ type: "alert", severity: "urgent" })).toBe("Urgent alert");
    expect(eventTypeLabel({ type: "concern", severity: "normal" })).toBe("Possible concern");
  });
});
