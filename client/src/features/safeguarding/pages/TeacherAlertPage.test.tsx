import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTestClient, graphqlError, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { renderRoutes } from "../../../test/render";
import { RequireAuth } from "../../auth/RequireAuth";
import { buildAlert } from "../../teacher/testFactories";
import { formatDateTime } from "../../teacher/format";
import { buildAlertDetail, buildNote, reviewedReply } from "../testFactories";
import TeacherAlertPage, { NO_NOTES } from "./TeacherAlertPage";

const routes = [
  {
    path: "/teacher/alerts/:alertId",
    element: (
      <RequireAuth role="teacher">
        <TeacherAlertPage />
      </RequireAuth>
    ),
  },
];

function renderAlert(alertId: string, resolvers: Record<string, Resolver>) {
  storeSignedIn(buildUser({ role: "teacher", school: "Pimlico Academy", displayName: "Ms Teacher" }));
  const test = createTestClient({ Me: { data: { me: buildUser({ role: "teacher" }) } }, ...resolvers });
  return { ...test, ...renderRoutes(routes, { client: test.client, initialEntries: [`/teacher/alerts/${alertId}`] }) };
}

describe("TeacherAlertPage", () => {
  it("shows the alert, who it is about, what they wrote, and that nobody has reviewed it", async () => {
    const alert = buildAlert({
      type: "alert",
      label: "Suicide or self-harm",
      severity: "urgent",
      category: "risk_self_harm",
      studentDisplayName: "Ada Lovelace",
      messageExcerpt: "I don't want to be here any more",
      bookTitle: "The Secret Garden",
      reason: "Suicide or self-harm in a chat message",
    });
    const { user, callsOf } = renderAlert(alert.id, {
      SafeguardingAlert: { data: { safeguardingAlert: buildAlertDetail(alert, { emailsSent: 2 }) } },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Suicide or self-harm: Ada Lovelace" })).toBeTruthy();
    expect(callsOf("SafeguardingAlert").map((call) => call.variables)).toEqual([{ id: alert.id }]);
    expect(screen.getByText("Urgent")).toBeTruthy();
    expect(screen.getByText("I don't want to be here any more")).toBeTruthy();
    expect(screen.getByText("The Secret Garden")).toBeTruthy();
    expect(screen.getByText("Not reviewed yet")).toBeTruthy();
    expect(screen.getByText(/To the safeguarding contacts 2 times/)).toBeTruthy();
    expect(screen.getByText(NO_NOTES)).toBeTruthy();

    // The review dialog says what it closes, urgent as it is.
    await user.click(screen.getByRole("button", { name: "Mark as reviewed" }));
    const dialog = screen.getByRole("dialog", { name: "Mark as reviewed" });
    expect(within(dialog).getByRole("listitem").textContent).toBe("Urgent Suicide or self-harm: Ada Lovelace");
  });

  it("reviews it with a note: the note shows with its author and time, and the alert is reviewed", async () => {
    const alert = buildAlert({
      type: "concern",
      label: "Possible concern - please review",
      category: "personal_details",
      studentDisplayName: "Ada",
    });
    const note = "Talked about keeping her address private.";
    const { user, callsOf } = renderAlert(alert.id, {
      SafeguardingAlert: { data: { safeguardingAlert: buildAlertDetail(alert) } },
      ReviewSafeguardingAlerts: reviewedReply([alert], note, "Ms Teacher"),
    });
    await user.click(await screen.findByRole("button", { name: "Mark as reviewed" }));
    const dialog = screen.getByRole("dialog", { name: "Mark as reviewed" });
    await user.type(within(dialog).getByLabelText("What was done"), note);
    await user.click(within(dialog).getByRole("button", { name: "Save and mark reviewed" }));
    const notes = await screen.findByRole("list");
    const [item] = within(notes).getAllByRole("listitem");
    expect(item?.textContent).toBe(`Ms Teacher, ${formatDateTime("2025-03-06T10:00:00.000Z")}${note}`);
    expect(screen.getByText(`Reviewed by Ms Teacher on ${formatDateTime("2025-03-06T10:00:00.000Z")}`)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(callsOf("ReviewSafeguardingAlerts").map((call) => call.variables)).toEqual([
      { input: { ids: [alert.id], note } },
    ]);
    // Reviewed: a later note is added, the review stands.
    expect(screen.getByRole("button", { name: "Add a note" })).toBeTruthy();
  });

  it("lists the notes oldest first", async () => {
    const alert = buildAlert({ reviewedAt: "2025-03-06T10:00:00.000Z", reviewedByName: "Mr Jones" });
    renderAlert(alert.id, {
      SafeguardingAlert: {
        data: {
          safeguardingAlert: buildAlertDetail(alert, {
            notes: [
              buildNote({ text: "First", authorName: "Mr Jones" }),
              buildNote({ text: "Second", authorName: "Ms Khan", createdAt: "2025-03-07T09:00:00.000Z" }),
            ],
          }),
        },
      },
    });
    const notes = await screen.findByRole("list");
    expect(
      within(notes)
        .getAllByRole("listitem")
        .map((item) => item.querySelector("strong")?.textContent),
    ).toEqual(["Mr Jones", "Ms Khan"]);
  });

  it("says when the alert is not found (another school's, say)", async () => {
    renderAlert("alert-x", { SafeguardingAlert: graphqlError("Alert not found", { code: "NOT_FOUND" }) });
    expect((await screen.findByRole("alert")).textContent).toBe("Alert not found");
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toBeTruthy();
  });
});
