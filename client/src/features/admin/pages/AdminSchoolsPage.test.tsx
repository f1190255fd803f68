import { ApolloClient } from "@apollo/client";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCache } from "../../../lib/apollo";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { Probe, renderRoutes } from "../../../test/render";
import { RequireAuth } from "../../auth/RequireAuth";
import { CLOSED_LABEL, SERVER_CODE_LABEL } from "../schools/format";
import { COPIED, COPY_BY_HAND, NOT_SHOWN_AGAIN } from "../schools/TeacherCodeDialog";
import { buildAdminSchool, rotatedReply, schoolsReply } from "../schools/testFactories";
import { CONTACTS_SAVED } from "../../safeguarding/components/ContactsDialog";
import { buildStaff, contactsReply } from "../../safeguarding/testFactories";
import AdminSchoolsPage, { NO_SCHOOLS, SCHOOLS_LOAD_ERROR } from "./AdminSchoolsPage";

const CODE = "7KQ2-MX9D-4HTB";

const routes = [
  {
    path: "/admin/schools",
    element: (
      <RequireAuth role="admin">
        <AdminSchoolsPage />
      </RequireAuth>
    ),
  },
  { path: "/login", element: <Probe name="Login page" /> },
];

function renderSchools(resolvers: Record<string, Resolver>) {
  const me = buildUser({ role: "admin", school: null, displayName: "Grace Hopper" });
  storeSignedIn(me);
  const test = createTestClient({ Me: { data: { me } }, ...resolvers });
  // The app's own cache, so that the school's row updates as it does in the app.
  const client = new ApolloClient({ link: test.client.link, cache: createCache() });
  const rendered = renderRoutes(routes, { client, initialEntries: ["/admin/schools"] });
  const rotateCalls = () => test.callsOf("AdminSchoolsRotateCode").map((call) => call.variables);
  return { ...test, ...rendered, client, rotateCalls };
}

const table = () => screen.getByRole("table", { name: "Schools and their teacher sign-up codes" });
/** Each row's cells as text: the card labels are hidden from screen readers, so left out here too. */
const rows = () =>
  within(table())
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll("th, td")].map((cell) =>
        [...cell.childNodes]
          .filter((node) => !(node instanceof HTMLElement && node.getAttribute("aria-hidden") === "true"))
          .map((node) => node.textContent)
          .join(" ")
          .trim(),
      ),
    );
const dialog = () => screen.getByRole("dialog");

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "clipboard");
});

describe("AdminSchoolsPage", () => {
  it("shows a spinner, then each school's teacher sign-up, its teachers and a button for a code", async () => {
    const answer = deferred<Reply>();
    const own = buildAdminSchool({
      name: "Pimlico Academy",
      teacherSignup: "ownCode",
      teacherCodeRotatedAt: "2026-11-03T09:30:00.000Z",
      teacherCodeRotatedBy: "Ada Admin",
      teacherCount: 12,
    });
    const server = buildAdminSchool({ name: "Ark Conway", teacherSignup: "serverCode", teacherCount: 1 });
    const closed = buildAdminSchool({ name: "Newman", teacherSignup: "closed" });
    renderSchools({ AdminSchoolsList: () => answer.promise });

    expect(screen.getByRole("heading", { level: 1, name: "Schools" })).toBeTruthy();
    expect(await screen.findByText("Loading schools…")).toBeTruthy();
    answer.resolve(schoolsReply([own, server, closed]));

    await screen.findByRole("table", { name: "Schools and their teacher sign-up codes" });
    expect(screen.queryByText("Loading schools…")).toBeNull();
    expect(
      within(table())
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["School", "Teacher sign-up", "Teachers", "Actions"]);
    expect(rows()).toEqual([
      [
        "Pimlico Academy",
        "Own code, rotated 3 Nov 2026 by Ada Admin",
        "12",
        "Rotate code for Pimlico Academy Safeguarding contacts for Pimlico Academy",
      ],
      ["Ark Conway", SERVER_CODE_LABEL, "1", "Generate code for Ark Conway Safeguarding contacts for Ark Conway"],
      ["Newman", CLOSED_LABEL, "0", "Generate code for Newman Safeguarding contacts for Newman"],
    ]);
    expect(screen.getByText("3 schools: 1 with a code of its own")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Rotate code for Pimlico Academy" })).toBeTruthy();
  });

  it("says so when there are no schools", async () => {
    renderSchools({ AdminSchoolsList: schoolsReply([]) });
    expect(await screen.findByText(NO_SCHOOLS)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows the error with Try Again, which loads the schools", async () => {
    let fail = true;
    const school = buildAdminSchool({ name: "Ark Conway" });
    const { user } = renderSchools({
      AdminSchoolsList: () => (fail ? new Error("offline") : schoolsReply([school])),
    });
    expect((await screen.findByRole("alert")).textContent).toBe(SCHOOLS_LOAD_ERROR);
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    await screen.findByRole("table");
    expect(rows()[0]?.[0]).toBe("Ark Conway");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("rotates a code only once the admin confirms, naming the school and that the old code stops at once", async () => {
    const school = buildAdminSchool({
      name: "Pimlico Academy",
      teacherSignup: "ownCode",
      teacherCodeRotatedAt: "2026-06-01T09:00:00.000Z",
    });
    const { user, rotateCalls, client } = renderSchools({
      AdminSchoolsList: schoolsReply([school]),
      AdminSchoolsRotateCode: rotatedReply(school, CODE, { rotatedAt: "2026-11-03T10:00:00.000Z" }),
    });
    const button = await screen.findByRole("button", { name: "Rotate code for Pimlico Academy" });

    await user.click(button);
    expect(screen.getByRole("dialog", { name: "Rotate the teacher sign-up code?" })).toBe(dialog());
    const description = document.getElementById(dialog().getAttribute("aria-describedby") ?? "");
    expect(description?.textContent).toContain("Pimlico Academy gets a new code. The old code stops working at once");
    expect(document.activeElement).toBe(within(dialog()).getByRole("button", { name: "Cancel" }));

    // Cancel: nothing is sent, and focus goes back to the row's button.
    await user.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(rotateCalls()).toEqual([]);
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.click(within(dialog()).getByRole("button", { name: "Rotate code" }));
    await screen.findByRole("dialog", { name: "New teacher sign-up code" });
    expect(rotateCalls()).toEqual([{ schoolId: school.id }]);
    expect(dialog().textContent).toContain(CODE);
    expect(dialog().textContent).toContain("7 K Q 2, M X 9 D, 4 H T B");
    expect(dialog().textContent).toContain(NOT_SHOWN_AGAIN);
    expect(document.activeElement).toBe(within(dialog()).getByRole("button", { name: "Copy code" }));
    // The row shows the new code's date at once; the code itself is not kept in the cache.
    expect(rows()[0]?.[1]).toBe("Own code, rotated 3 Nov 2026 by Grace Hopper");
    expect(JSON.stringify(client.cache.extract())).not.toContain(CODE);

    await user.click(within(dialog()).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body.textContent).not.toContain(CODE);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Rotate code for Pimlico Academy" }));
  });

  it("asks first at a school on the server's code, saying that code stops working there", async () => {
    const school = buildAdminSchool({ name: "Ark Conway", teacherSignup: "serverCode" });
    const { user, rotateCalls } = renderSchools({
      AdminSchoolsList: schoolsReply([school]),
      AdminSchoolsRotateCode: rotatedReply(school, CODE),
    });
    await user.click(await screen.findByRole("button", { name: "Generate code for Ark Conway" }));
    expect(screen.getByRole("dialog", { name: "Generate a teacher sign-up code?" })).toBe(dialog());
    expect(dialog().textContent).toContain(
      "The sign-up code from the server settings then stops working at Ark Conway",
    );
    expect(rotateCalls()).toEqual([]);
    await user.click(within(dialog()).getByRole("button", { name: "Generate code" }));
    await screen.findByRole("dialog", { name: "New teacher sign-up code" });
    expect(rows()[0]?.[3]).toBe("Rotate code for Ark Conway Safeguarding contacts for Ark Conway");
  });

  it("makes a code at once where teacher sign-up is closed (nothing stops working)", async () => {
    const school = buildAdminSchool({ name: "Newman", teacherSignup: "closed" });
    const answer = deferred<Reply>();
    const { user, rotateCalls } = renderSchools({
      AdminSchoolsList: schoolsReply([school]),
      AdminSchoolsRotateCode: () => answer.promise,
    });
    await user.click(await screen.findByRole("button", { name: "Generate code for Newman" }));
    expect(screen.getByRole("dialog", { name: "Generate a teacher sign-up code" })).toBe(dialog());
    expect(within(dialog()).getByText("Making a code for Newman…")).toBeTruthy();
    await waitFor(() => expect(rotateCalls()).toEqual([{ schoolId: school.id }]));
    answer.resolve(rotatedReply(school, CODE));
    await screen.findByRole("dialog", { name: "New teacher sign-up code" });
    expect(dialog().textContent).toContain(CODE);
    expect(rotateCalls()).toHaveLength(1);
  });

  it("shows the server's refusal in the dialog, and Rotate code tries again", async () => {
    const school = buildAdminSchool({ name: "Pimlico Academy", teacherSignup: "ownCode" });
    let fail = true;
    const { user, rotateCalls } = renderSchools({
      AdminSchoolsList: schoolsReply([school]),
      AdminSchoolsRotateCode: () =>
        fail ? graphqlError("School not found", { code: "NOT_FOUND" }) : rotatedReply(school, CODE),
    });
    await user.click(await screen.findByRole("button", { name: "Rotate code for Pimlico Academy" }));
    await user.click(within(dialog()).getByRole("button", { name: "Rotate code" }));
    expect((await within(dialog()).findByRole("alert")).textContent).toBe("School not found");
    expect(screen.getByRole("dialog", { name: "Rotate the teacher sign-up code?" })).toBe(dialog());
    fail = false;
    await user.click(within(dialog()).getByRole("button", { name: "Rotate code" }));
    await screen.findByRole("dialog", { name: "New teacher sign-up code" });
    expect(rotateCalls()).toHaveLength(2);
  });

  it("copies the code, or selects it for Ctrl+C where the clipboard is refused", async () => {
    const school = buildAdminSchool({ name: "Newman", teacherSignup: "closed" });
    const { user } = renderSchools({
      AdminSchoolsList: schoolsReply([school]),
      AdminSchoolsRotateCode: rotatedReply(school, CODE),
    });
    // After user-event's setup, which puts a clipboard of its own in place.
    const writeText = vi.fn(async (_text: string) => undefined);
    stubClipboard(writeText);
    await user.click(await screen.findByRole("button", { name: "Generate code for Newman" }));
    await screen.findByRole("dialog", { name: "New teacher sign-up code" });
    await user.click(within(dialog()).getByRole("button", { name: "Copy code" }));
    expect(writeText).toHaveBeenCalledWith(CODE);
    expect(within(dialog()).getByRole("status").textContent).toBe(COPIED);

    writeText.mockRejectedValueOnce(new Error("denied"));
    await user.click(within(dialog()).getByRole("button", { name: "Copy code" }));
    await waitFor(() => expect(within(dialog()).getByRole("status").textContent).toBe(COPY_BY_HAND));
    expect(window.getSelection()?.toString()).toBe(CODE);
  });

  it("names a school's safeguarding lead and deputies from its teachers", async () => {
    const school = buildAdminSchool({ name: "Newman", teacherSignup: "closed", teacherCount: 3 });
    const [lena, dev, cal] = [buildStaff("Lena Lead"), buildStaff("Dev Deputy"), buildStaff("Cal Colleague")];
    const { user, callsOf } = renderSchools({
      AdminSchoolsList: schoolsReply([school]),
      SafeguardingContacts: contactsReply({ schoolName: "Newman", candidates: [cal, dev, lena], canEdit: true }),
      SetSafeguardingContacts: contactsReply(
        { schoolName: "Newman", lead: lena, deputies: [dev], candidates: [cal, dev, lena], canEdit: true },
        "setSafeguardingContacts",
      ),
    });
    await user.click(await screen.findByRole("button", { name: "Safeguarding contacts for Newman" }));
    const contacts = await screen.findByRole("dialog", { name: "Safeguarding contacts: Newman" });
    const lead = await within(contacts).findByLabelText("Designated safeguarding lead");
    expect(callsOf("SafeguardingContacts").map((call) => call.variables)).toEqual([{ schoolId: school.id }]);
    await user.selectOptions(lead, "Lena Lead");
    // The lead is not offered as a deputy too.
    expect(within(contacts).queryByRole("checkbox", { name: "Lena Lead" })).toBeNull();
    await user.click(within(contacts).getByRole("checkbox", { name: "Dev Deputy" }));
    await user.click(within(contacts).getByRole("button", { name: "Save contacts" }));
    expect(await within(contacts).findByText(CONTACTS_SAVED)).toBeTruthy();
    expect(within(contacts).getByText("Lena Lead")).toBeTruthy();
    expect(within(contacts).getByText("Deputies: Dev Deputy")).toBeTruthy();
    expect(callsOf("SetSafeguardingContacts").map((call) => call.variables)).toEqual([
      { input: { schoolId: "school-1", leadId: lena.id, deputyIds: [dev.id] } },
    ]);
  });

  it("shows the server's refusal of a contact, and keeps the choice", async () => {
    const school = buildAdminSchool({ name: "Newman", teacherSignup: "closed", teacherCount: 1 });
    const lena = buildStaff("Lena Lead");
    const { user } = renderSchools({
      AdminSchoolsList: schoolsReply([school]),
      SafeguardingContacts: contactsReply({ schoolName: "Newman", candidates: [lena], canEdit: true }),
      SetSafeguardingContacts: graphqlError("Only active teachers of the school can be safeguarding contacts", {
        code: "BAD_USER_INPUT",
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Safeguarding contacts for Newman" }));
    const contacts = await screen.findByRole("dialog", { name: "Safeguarding contacts: Newman" });
    await user.selectOptions(await within(contacts).findByLabelText("Designated safeguarding lead"), "Lena Lead");
    await user.click(within(contacts).getByRole("button", { name: "Save contacts" }));
    expect((await within(contacts).findByRole("alert")).textContent).toBe(
      "Only active teachers of the school can be safeguarding contacts",
    );
    expect((within(contacts).getByLabelText("Designated safeguarding lead") as HTMLSelectElement).value).toBe(lena.id);
  });
});
