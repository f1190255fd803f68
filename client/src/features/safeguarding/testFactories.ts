// Server-shaped safeguarding answers for the client tests (with __typename, as the cache stores them).
import type { Reply } from "../../test/apollo";
import { buildAlert, type BuiltAlert } from "../teacher/testFactories";

let sequence = 0;

export function buildNote(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    __typename: "SafeguardingNote",
    id: `note-${sequence}`,
    authorName: "Ms Teacher",
    text: `Note ${sequence}`,
    createdAt: "2025-03-06T10:00:00.000Z",
    ...overrides,
  };
}

export function buildAlertDetail(
  alert: BuiltAlert = buildAlert(),
  overrides: { notes?: ReturnType<typeof buildNote>[]; schoolName?: string | null; emailsSent?: number } = {},
) {
  return {
    __typename: "SafeguardingAlertDetail",
    alert,
    schoolName: "Pimlico Academy" as string | null,
    notes: [] as ReturnType<typeof buildNote>[],
    emailsSent: 0,
    lastEmailedAt: null as string | null,
    ...overrides,
  };
}

/** The answer to reviewSafeguardingAlerts: each alert reviewed by `by`, with the note. */
export function reviewedReply(alerts: BuiltAlert[], note: string, by = "Ms Teacher"): Reply {
  const at = "2025-03-06T10:00:00.000Z";
  return {
    data: {
      reviewSafeguardingAlerts: alerts.map((alert) =>
        buildAlertDetail(
          { ...alert, reviewedAt: at, reviewedByName: by },
          { notes: [buildNote({ authorName: by, text: note, createdAt: at })] },
        ),
      ),
    },
  };
}

type Staff = { id: string; displayName: string };

export function buildStaff(displayName: string): Staff & { __typename: string } {
  sequence += 1;
  return { __typename: "SafeguardingStaff", id: `teacher-${sequence}`, displayName };
}

export function contactsReply(
  contacts: { lead?: Staff | null; deputies?: Staff[]; candidates?: Staff[]; canEdit?: boolean; schoolName?: string },
  field: "safeguardingContacts" | "setSafeguardingContacts" = "safeguardingContacts",
): Reply {
  const staff = (person: Staff) => ({
    __typename: "SafeguardingStaff",
    id: person.id,
    displayName: person.displayName,
  });
  return {
    data: {
      [field]: {
        __typename: "SafeguardingContacts",
        school: { __typename: "School", id: "school-1", name: contacts.schoolName ?? "Pimlico Academy" },
        lead: contacts.lead ? staff(contacts.lead) : null,
        deputies: (contacts.deputies ?? []).map(staff),
        candidates: (contacts.candidates ?? []).map(staff),
        canEdit: contacts.canEdit ?? false,
      },
    },
  };
}
