import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTestClient, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { renderRoutes } from "../../../test/render";
import { buildStaff, contactsReply } from "../testFactories";
import { CHOOSE_LEAD, NO_OTHER_TEACHERS } from "./ContactsEditor";
import { ContactsPanel } from "./ContactsPanel";

function renderPanel(resolvers: Record<string, Resolver>) {
  storeSignedIn(buildUser({ role: "teacher" }));
  const test = createTestClient({ Me: { data: { me: buildUser({ role: "teacher" }) } }, ...resolvers });
  return { ...test, ...renderRoutes([{ path: "/", element: <ContactsPanel /> }], { client: test.client }) };
}

describe("ContactsPanel", () => {
  it("tells every teacher when no lead is set, and offers no change to one who is not the lead", async () => {
    renderPanel({ SafeguardingContacts: contactsReply({ lead: null, canEdit: false }) });
    expect(
      await screen.findByText(
        "No designated safeguarding lead is set: urgent alerts are e-mailed to every teacher of Pimlico Academy.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("Deputies: none")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Change safeguarding contacts" })).toBeNull();
  });

  it("lets the lead hand over and name deputies, but not leave the school without a lead", async () => {
    const [me, dev, cal] = [buildStaff("Lena Lead"), buildStaff("Dev Deputy"), buildStaff("Cal Colleague")];
    const { user, callsOf } = renderPanel({
      SafeguardingContacts: contactsReply({ lead: me, candidates: [cal, dev, me], canEdit: true }),
      SetSafeguardingContacts: contactsReply(
        { lead: dev, deputies: [me], candidates: [], canEdit: false },
        "setSafeguardingContacts",
      ),
    });
    await user.click(await screen.findByRole("button", { name: "Change safeguarding contacts" }));
    const lead = screen.getByLabelText("Designated safeguarding lead");
    // No "no lead" choice for a teacher.
    expect(
      within(lead)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Choose a teacher", "Cal Colleague", "Dev Deputy", "Lena Lead"]);
    await user.selectOptions(lead, "");
    await user.click(screen.getByRole("button", { name: "Save contacts" }));
    // Said beside the field, which is marked invalid and points to it.
    const refusal = screen.getByRole("alert");
    expect(refusal.textContent).toBe(CHOOSE_LEAD);
    expect(lead.getAttribute("aria-invalid")).toBe("true");
    expect(lead.getAttribute("aria-describedby")).toBe(refusal.id);
    expect(document.activeElement).toBe(lead);
    expect(callsOf("SetSafeguardingContacts")).toEqual([]);

    await user.selectOptions(lead, "Dev Deputy");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(lead.getAttribute("aria-invalid")).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Lena Lead" }));
    await user.click(screen.getByRole("button", { name: "Save contacts" }));
    expect(await screen.findByText("Deputies: Lena Lead")).toBeTruthy();
    expect(screen.getByText("Dev Deputy")).toBeTruthy();
    expect(callsOf("SetSafeguardingContacts").map((call) => call.variables)).toEqual([
      { input: { schoolId: "school-1", leadId: dev.id, deputyIds: [me.id] } },
    ]);
    // Handed over: no longer the lead, so no change button.
    expect(screen.queryByRole("button", { name: "Change safeguarding contacts" })).toBeNull();
  });

  it("says so when the lead is the school's only teacher, with no deputy to choose", async () => {
    const me = buildStaff("Lena Lead");
    const { user } = renderPanel({
      SafeguardingContacts: contactsReply({ lead: me, candidates: [me], canEdit: true }),
    });
    await user.click(await screen.findByRole("button", { name: "Change safeguarding contacts" }));
    const deputies = screen.getByRole("group", { name: "Deputies" });
    expect(within(deputies).getByText(NO_OTHER_TEACHERS)).toBeTruthy();
    expect(within(deputies).queryByRole("checkbox")).toBeNull();
  });
});
