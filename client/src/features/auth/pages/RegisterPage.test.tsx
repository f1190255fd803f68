import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY } from "../../../lib/session";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, tokenExpiringIn } from "../../../test/factories";
import { renderRoutes } from "../../../test/render";
import LoginPage from "./LoginPage";
import RegisterPage from "./RegisterPage";

const SCHOOLS: Reply = {
  data: {
    schools: [
      { __typename: "School", id: "s1", name: "Hackney Primary" },
      { __typename: "School", id: "s2", name: "Camden Academy" },
    ],
  },
};

const registerReply = (role: "student" | "teacher" = "student"): Reply => ({
  data: { register: { __typename: "AuthPayload", token: tokenExpiringIn(3600), user: buildUser({ role }) } },
});

const routes = [
  { path: "/register", element: <RegisterPage /> },
  { path: "/login", element: <LoginPage /> },
];

async function renderRegister(resolvers: Record<string, Resolver> = {}) {
  const test = createTestClient({ Schools: SCHOOLS, ...resolvers });
  const rendered = renderRoutes(routes, { client: test.client, initialEntries: ["/register"] });
  // The school selector is disabled until the schools arrive.
  await screen.findByRole("option", { name: "Camden Academy" });
  const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
  const fields = {
    name: () => input(/^Full name/),
    email: () => input(/^Email/),
    password: () => input(/^Password/),
    confirm: () => input(/^Confirm password/),
    school: () => screen.getByLabelText(/^School/) as HTMLSelectElement,
    teacherCode: () => screen.queryByLabelText(/^Teacher code/) as HTMLInputElement | null,
  };
  const submit = () =>
    screen.getByRole("button", { name: /^(Create Account|Creating Account\.\.\.)$/ }) as HTMLButtonElement;
  const { user } = rendered;
  const fillValid = async () => {
    await user.type(fields.name(), "Ada Lovelace");
    await user.type(fields.email(), "ada@school.test");
    await user.type(fields.password(), "secret123");
    await user.type(fields.confirm(), "secret123");
    await user.selectOptions(fields.school(), "Camden Academy");
  };
  return { ...test, ...rendered, fields, submit, fillValid };
}

const fieldError = (control: HTMLElement) => {
  const ids = control.getAttribute("aria-describedby")?.split(" ") ?? [];
  const errorId = ids.find((id) => id.endsWith("-error"));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
};

describe("RegisterPage", () => {
  it("names the browser tab 'Create Account - Reading Room'", async () => {
    document.title = "Somewhere else - Reading Room";
    await renderRegister();
    expect(document.title).toBe("Create Account - Reading Room");
  });

  it("shows the title, the fields with role student by default, and a link to /login", async () => {
    const { fields } = await renderRegister();
    expect(screen.getByRole("heading", { name: "Create Account" })).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Student" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Teacher" }) as HTMLInputElement).checked).toBe(false);
    expect(fields.teacherCode()).toBeNull();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
  });

  it("requires every field", async () => {
    const { user, fields, submit, calls } = await renderRegister();
    await user.click(submit());
    expect(fieldError(fields.name())).toBe("Full name is required");
    expect(fieldError(fields.email())).toBe("Email is required");
    expect(fieldError(fields.password())).toBe("Password is required");
    expect(fieldError(fields.confirm())).toBeNull();
    expect(fieldError(fields.school())).toBe("School is required");
    expect(calls.map((call) => call.operationName)).toEqual(["Schools"]);
  });

  it("treats a whitespace-only name as missing", async () => {
    const { user, fields, submit } = await renderRegister();
    await user.type(fields.name(), "   ");
    await user.click(submit());
    expect(fieldError(fields.name())).toBe("Full name is required");
  });

  it("rejects an invalid email, a short password and a confirmation that does not match", async () => {
    const { user, fields, submit, calls } = await renderRegister();
    await user.type(fields.email(), "ada.school.test");
    await user.type(fields.password(), "12345");
    await user.type(fields.confirm(), "123456");
    await user.click(submit());
    expect(fieldError(fields.email())).toBe("Email is invalid");
    expect(fieldError(fields.password())).toBe("Password must be at least 6 characters");
    expect(fieldError(fields.confirm())).toBe("Passwords do not match");
    expect(calls.map((call) => call.operationName)).toEqual(["Schools"]);
  });

  it("accepts a password of exactly 6 characters", async () => {
    const { user, fields, submit } = await renderRegister();
    await user.type(fields.password(), "123456");
    await user.type(fields.confirm(), "123456");
    await user.click(submit());
    expect(fieldError(fields.password())).toBeNull();
    expect(fieldError(fields.confirm())).toBeNull();
  });

  it("clears a field's error when that field is edited", async () => {
    const { user, fields, submit } = await renderRegister();
    await user.click(submit());
    await user.type(fields.name(), "A");
    expect(fieldError(fields.name())).toBeNull();
    expect(fieldError(fields.email())).toBe("Email is required");
    await user.selectOptions(fields.school(), "Hackney Primary");
    expect(fieldError(fields.school())).toBeNull();
  });

  it("shows the teacher code field only for a teacher, and requires it", async () => {
    const { user, fields, submit, fillValid, calls } = await renderRegister();
    await fillValid();
    await user.click(screen.getByRole("radio", { name: "Teacher" }));
    expect(fields.teacherCode()).not.toBeNull();
    await user.click(submit());
    expect(fieldError(fields.teacherCode() as HTMLInputElement)).toBe("Valid teacher code is required");
    expect(calls.map((call) => call.operationName)).toEqual(["Schools"]);
    await user.click(screen.getByRole("radio", { name: "Student" }));
    expect(fields.teacherCode()).toBeNull();
  });

  it("sends a teacher's code and shows the server's field error on the teacher code field", async () => {
    const { user, fields, submit, fillValid, callsOf } = await renderRegister({
      Register: graphqlError("Please check the highlighted fields", {
        code: "BAD_USER_INPUT",
        fields: { teacherCode: "That teacher code is not right" },
      }),
    });
    await fillValid();
    await user.click(screen.getByRole("radio", { name: "Teacher" }));
    await user.type(fields.teacherCode() as HTMLInputElement, "  WRONG-CODE ");
    await user.click(submit());
    expect(await screen.findByText("Please check the highlighted fields")).toBeTruthy();
    const code = fields.teacherCode() as HTMLInputElement;
    expect(fieldError(code)).toBe("That teacher code is not right");
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(callsOf("Register")[0]?.variables).toEqual({
      input: {
        displayName: "Ada Lovelace",
        email: "ada@school.test",
        password: "secret123",
        role: "teacher",
        school: "Camden Academy",
        teacherCode: "WRONG-CODE",
      },
    });
    expect(submit().disabled).toBe(false);
  });

  it("does not send a teacher code for a student", async () => {
    const { user, fields, submit, fillValid, callsOf } = await renderRegister({ Register: registerReply() });
    await fillValid();
    await user.click(screen.getByRole("radio", { name: "Teacher" }));
    await user.type(fields.teacherCode() as HTMLInputElement, "CODE");
    await user.click(screen.getByRole("radio", { name: "Student" }));
    await user.click(submit());
    await screen.findByRole("heading", { name: "Welcome Back" });
    expect(callsOf("Register")[0]?.variables).toMatchObject({ input: { role: "student", teacherCode: "" } });
  });

  it("reads 'Creating Account...' with the button disabled while busy, then goes to /login with the notice", async () => {
    const answer = deferred<Reply>();
    const { user, submit, fillValid, router } = await renderRegister({ Register: () => answer.promise });
    await fillValid();
    await user.click(submit());
    expect(submit().textContent).toBe("Creating Account...");
    expect(submit().disabled).toBe(true);
    answer.resolve(registerReply());
    expect(await screen.findByRole("heading", { name: "Welcome Back" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.getByText("Registration successful! Please log in with your new account.")).toBeTruthy();
    // Registering does not sign in: the new user logs in next.
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("shows the server's error", async () => {
    const { user, submit, fillValid } = await renderRegister({
      Register: graphqlError("An account with this email already exists"),
    });
    await fillValid();
    await user.click(submit());
    expect((await screen.findByText("An account with this email already exists")).getAttribute("role")).toBe("alert");
    expect(screen.getByRole("heading", { name: "Create Account" })).toBeTruthy();
  });

  // The auth layer's fallback (spec 8) comes first: a server error without a message.
  it("falls back to 'Registration failed' when the server's error has no message", async () => {
    const { user, submit, fillValid } = await renderRegister({ Register: graphqlError("") });
    await fillValid();
    await user.click(submit());
    expect(await screen.findByText("Registration failed")).toBeTruthy();
    expect(submit().textContent).toBe("Create Account");
  });

  it("says 'Invalid response from server' for a response without a token", async () => {
    const { user, submit, fillValid } = await renderRegister({
      Register: { data: { register: { __typename: "AuthPayload", token: "", user: buildUser() } } },
    });
    await fillValid();
    await user.click(submit());
    expect(await screen.findByText("Invalid response from server")).toBeTruthy();
  });

  it("says so when the schools cannot be loaded", async () => {
    const test = createTestClient({ Schools: graphqlError("Database unavailable") });
    renderRoutes(routes, { client: test.client, initialEntries: ["/register"] });
    expect(await screen.findByText("Could not load the schools. Please reload the page.")).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^School/) as HTMLSelectElement).disabled).toBe(false));
  });
});
