import { ServerError } from "@apollo/client/errors";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOKEN_KEY, USER_KEY } from "../../../lib/session";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn, tokenExpiringIn } from "../../../test/factories";
import { Probe, renderRoutes } from "../../../test/render";
import { RequireAuth } from "../RequireAuth";
import LoginPage from "./LoginPage";
import { REGISTERED_MESSAGE } from "./RegisterPage";

const routes = [
  { path: "/login", element: <LoginPage /> },
  { path: "/register", element: <Probe name="Register page" /> },
  { path: "/dashboard", element: <Probe name="Student dashboard" /> },
  { path: "/teacher/dashboard", element: <Probe name="Teacher dashboard" /> },
  { path: "/admin/dashboard", element: <Probe name="Admin dashboard" /> },
  {
    path: "/books",
    element: (
      <RequireAuth>
        <Probe name="Books page" />
      </RequireAuth>
    ),
  },
];

const loginReply = (user: ReturnType<typeof buildUser>, token = tokenExpiringIn(3600)): Reply => ({
  data: { login: { __typename: "AuthPayload", token, user } },
});

function renderLogin(
  resolvers: Record<string, Resolver> = {},
  initialEntries: Parameters<typeof renderRoutes>[1]["initialEntries"] = ["/login"],
) {
  const test = createTestClient(resolvers);
  const rendered = renderRoutes(routes, { client: test.client, initialEntries });
  const email = () => screen.getByLabelText(/^Email/) as HTMLInputElement;
  const password = () => screen.getByLabelText(/^Password/) as HTMLInputElement;
  const signIn = () => screen.getByRole("button", { name: /^(Sign In|Signing in\.\.\.)$/ }) as HTMLButtonElement;
  return { ...test, ...rendered, email, password, signIn };
}

const fieldError = (input: HTMLElement) => {
  const id = input.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

describe("LoginPage", () => {
  it("names the browser tab 'Sign In - Reading Room'", () => {
    document.title = "Somewhere else - Reading Room";
    renderLogin();
    expect(document.title).toBe("Sign In - Reading Room");
  });

  it("shows the title, fields, 'Remember me', the forgot-password action and a link to /register", () => {
    renderLogin();
    expect(screen.getByRole("heading", { name: "Welcome Back" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Remember me" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Forgot your password?" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create one" }).getAttribute("href")).toBe("/register");
  });

  it("requires email and password", async () => {
    const { user, email, password, signIn, calls } = renderLogin();
    await user.click(signIn());
    expect(fieldError(email())).toBe("Email is required");
    expect(fieldError(password())).toBe("Password is required");
    expect(email().getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  it("treats a whitespace-only email as missing", async () => {
    const { user, email, signIn } = renderLogin();
    await user.type(email(), "   ");
    await user.click(signIn());
    expect(fieldError(email())).toBe("Email is required");
  });

  it("rejects an email that is not address-like", async () => {
    const { user, email, password, signIn, calls } = renderLogin();
    await user.type(email(), "ada@school");
    await user.type(password(), "secret123");
    await user.click(signIn());
    expect(fieldError(email())).toBe("Email is invalid");
    expect(fieldError(password())).toBeNull();
    expect(calls).toEqual([]);
  });

  it("clears a field's error when that field is edited, and only that field's", async () => {
    const { user, email, password, signIn } = renderLogin();
    await user.click(signIn());
    await user.type(email(), "a");
    expect(fieldError(email())).toBeNull();
    expect(email().getAttribute("aria-invalid")).toBeNull();
    expect(fieldError(password())).toBe("Password is required");
    await user.type(password(), "x");
    expect(fieldError(password())).toBeNull();
  });

  it("reads 'Signing in...' with the button disabled while busy, then goes to the student dashboard", async () => {
    const student = buildUser({ role: "student" });
    const answer = deferred<Reply>();
    const { user, email, password, signIn, callsOf } = renderLogin({ Login: () => answer.promise });
    await user.type(email(), "ada@school.test");
    await user.type(password(), "secret123");
    await user.click(signIn());
    expect(signIn().textContent).toBe("Signing in...");
    expect(signIn().disabled).toBe(true);
    expect(callsOf("Login")[0]?.variables).toEqual({ input: { email: "ada@school.test", password: "secret123" } });
    answer.resolve(loginReply(student));
    expect(await screen.findByRole("heading", { name: "Student dashboard" })).toBeTruthy();
  });

  it("sends a teacher to /teacher/dashboard", async () => {
    const { user, email, password, signIn } = renderLogin({ Login: loginReply(buildUser({ role: "teacher" })) });
    await user.type(email(), "t@school.test");
    await user.type(password(), "secret123");
    await user.click(signIn());
    expect(await screen.findByRole("heading", { name: "Teacher dashboard" })).toBeTruthy();
    expect(screen.getByTestId("pathname").textContent).toBe("/teacher/dashboard");
  });

  it("sends an admin to /admin/dashboard", async () => {
    const { user, email, password, signIn } = renderLogin({ Login: loginReply(buildUser({ role: "admin" })) });
    await user.type(email(), "a@school.test");
    await user.type(password(), "secret123");
    await user.click(signIn());
    expect(await screen.findByRole("heading", { name: "Admin dashboard" })).toBeTruthy();
    expect(screen.getByTestId("pathname").textContent).toBe("/admin/dashboard");
  });

  it("goes back to the guarded page the visitor came from", async () => {
    const { user, email, password, signIn, router } = renderLogin({ Login: loginReply(buildUser({ role: "admin" })) }, [
      "/books",
    ]);
    await screen.findByRole("heading", { name: "Welcome Back" });
    expect(router.state.location.pathname).toBe("/login");
    await user.type(email(), "a@school.test");
    await user.type(password(), "secret123");
    await user.click(signIn());
    expect(await screen.findByRole("heading", { name: "Books page" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/books");
  });

  it("keeps the session in sessionStorage without 'Remember me'", async () => {
    const token = tokenExpiringIn(3600);
    const { user, email, password, signIn } = renderLogin({ Login: loginReply(buildUser(), token) });
    await user.type(email(), "ada@school.test");
    await user.type(password(), "secret123");
    await user.click(signIn());
    await screen.findByRole("heading", { name: "Student dashboard" });
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("keeps the session in localStorage with 'Remember me'", async () => {
    const token = tokenExpiringIn(3600);
    const student = buildUser({ email: "ada@school.test" });
    const { user, email, password, signIn } = renderLogin({ Login: loginReply(student, token) });
    await user.type(email(), "ada@school.test");
    await user.type(password(), "secret123");
    await user.click(screen.getByRole("checkbox", { name: "Remember me" }));
    await user.click(signIn());
    await screen.findByRole("heading", { name: "Student dashboard" });
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(JSON.parse(window.localStorage.getItem(USER_KEY) ?? "null")).toMatchObject({
      uid: student.uid,
      email: "ada@school.test",
      role: "student",
    });
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("shows the server's error and enables the button again", async () => {
    const { user, email, password, signIn } = renderLogin({
      Login: graphqlError("Invalid email or password", { code: "UNAUTHENTICATED" }),
    });
    await user.type(email(), "ada@school.test");
    await user.type(password(), "wrong-password");
    await user.click(signIn());
    expect((await screen.findByText("Invalid email or password")).getAttribute("role")).toBe("alert");
    expect(signIn().textContent).toBe("Sign In");
    expect(signIn().disabled).toBe(false);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("shows the error field of a server error's JSON body", async () => {
    const bodyText = JSON.stringify({ error: "Too many sign-in attempts. Try again in a minute." });
    const { user, email, password, signIn } = renderLogin({
      Login: new ServerError("Response not successful", {
        response: new Response(bodyText, { status: 429 }),
        bodyText,
      }),
    });
    await user.type(email(), "ada@school.test");
    await user.type(password(), "secret123");
    await user.click(signIn());
    expect(await screen.findByText("Too many sign-in attempts. Try again in a minute.")).toBeTruthy();
  });

  // The auth layer's fallback (spec 8) comes first: a server error without an error field.
  it("falls back to 'Authentication failed' when the server's answer has no message", async () => {
    const bodyText = "<html>Bad Gateway</html>";
    const { user, email, password, signIn } = renderLogin({
      Login: new ServerError("Response not successful", {
        response: new Response(bodyText, { status: 502 }),
        bodyText,
      }),
    });
    await user.type(email(), "ada@school.test");
    await user.type(password(), "secret123");
    await user.click(signIn());
    expect(await screen.findByText("Authentication failed")).toBeTruthy();
  });

  it("says there was no response when the network fails", async () => {
    const { user, email, password, signIn } = renderLogin({ Login: new TypeError("Failed to fetch") });
    await user.type(email(), "ada@school.test");
    await user.type(password(), "secret123");
    await user.click(signIn());
    expect(await screen.findByText("No response from server. Please check your connection")).toBeTruthy();
  });

  it("says 'Invalid response from server' for a login response without a token", async () => {
    const { user, email, password, signIn } = renderLogin({ Login: loginReply(buildUser(), "") });
    await user.type(email(), "ada@school.test");
    await user.type(password(), "secret123");
    await user.click(signIn());
    expect(await screen.findByText("Invalid response from server")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Welcome Back" })).toBeTruthy();
    expect(window.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("shows the success message passed from the previous route", () => {
    renderLogin({}, [
      { pathname: "/login", state: { message: "Registration successful! Please log in with your new account." } },
    ]);
    expect(screen.getByText("Registration successful! Please log in with your new account.")).toBeTruthy();
  });

  describe("one notice at a time", () => {
    const registered = [{ pathname: "/login", state: { message: REGISTERED_MESSAGE } }];

    it("replaces the registration's success message with a later sign-in error", async () => {
      const { user, email, password, signIn } = renderLogin(
        { Login: graphqlError("Invalid email or password", { code: "UNAUTHENTICATED" }) },
        registered,
      );
      expect(screen.getByRole("status").textContent).toBe(REGISTERED_MESSAGE);
      await user.type(email(), "ada@school.test");
      await user.type(password(), "wrong-password");
      await user.click(signIn());
      expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password");
      expect(screen.queryByText(REGISTERED_MESSAGE)).toBeNull();
      expect(screen.queryByRole("status")).toBeNull();
    });

    it("clears the registration's message on a new submit, even one the fields stop", async () => {
      const { user, signIn } = renderLogin({}, registered);
      await user.click(signIn());
      expect(screen.queryByText(REGISTERED_MESSAGE)).toBeNull();
    });

    it("clears an error when the visitor types again", async () => {
      const { user, email, password, signIn } = renderLogin({
        Login: graphqlError("Invalid email or password", { code: "UNAUTHENTICATED" }),
      });
      await user.type(email(), "ada@school.test");
      await user.type(password(), "wrong-password");
      await user.click(signIn());
      expect(await screen.findByText("Invalid email or password")).toBeTruthy();
      await user.type(password(), "!");
      expect(screen.queryByText("Invalid email or password")).toBeNull();
    });

    it("clears the old error while a new sign-in is out", async () => {
      const answers = [
        graphqlError("Invalid email or password", { code: "UNAUTHENTICATED" }),
        deferred<Reply>(),
      ] as const;
      let call = 0;
      const { user, email, password, signIn } = renderLogin({
        Login: () => (call++ === 0 ? answers[0] : answers[1].promise),
      });
      await user.type(email(), "ada@school.test");
      await user.type(password(), "wrong-password");
      await user.click(signIn());
      expect(await screen.findByText("Invalid email or password")).toBeTruthy();
      await user.click(signIn());
      expect(signIn().textContent).toBe("Signing in...");
      expect(screen.queryByText("Invalid email or password")).toBeNull();
      answers[1].resolve(loginReply(buildUser({ role: "student" })));
      expect(await screen.findByRole("heading", { name: "Student dashboard" })).toBeTruthy();
    });

    it("replaces a sign-in error with the reset email's notice, and that notice with a later error", async () => {
      const { user, email, password, signIn } = renderLogin({
        Login: graphqlError("Invalid email or password", { code: "UNAUTHENTICATED" }),
        RequestPasswordReset: {
          data: { requestPasswordReset: { __typename: "MessagePayload", message: "Sent" } },
        },
      });
      await user.type(email(), "ada@school.test");
      await user.type(password(), "wrong-password");
      await user.click(signIn());
      expect(await screen.findByText("Invalid email or password")).toBeTruthy();
      await user.click(screen.getByRole("button", { name: "Forgot your password?" }));
      expect(await screen.findByText("Password reset email sent. Please check your inbox.")).toBeTruthy();
      expect(screen.queryByText("Invalid email or password")).toBeNull();
      await user.click(signIn());
      expect(await screen.findByText("Invalid email or password")).toBeTruthy();
      expect(screen.queryByText("Password reset email sent. Please check your inbox.")).toBeNull();
    });
  });

  it("sends an already signed-in user on to their dashboard", async () => {
    const teacher = buildUser({ role: "teacher" });
    storeSignedIn(teacher);
    renderLogin({ Me: { data: { me: teacher } } });
    expect(await screen.findByRole("heading", { name: "Teacher dashboard" })).toBeTruthy();
  });

  describe("Forgot your password?", () => {
    it("asks for the email address when it is empty", async () => {
      const { user, email, calls } = renderLogin();
      await user.click(screen.getByRole("button", { name: "Forgot your password?" }));
      expect(fieldError(email())).toBe("Please enter your email address to reset your password");
      expect(calls).toEqual([]);
    });

    it("rejects an invalid email address", async () => {
      const { user, email, calls } = renderLogin();
      await user.type(email(), "not-an-email");
      await user.click(screen.getByRole("button", { name: "Forgot your password?" }));
      expect(fieldError(email())).toBe("Email is invalid");
      expect(calls).toEqual([]);
    });

    it("shows 'Password reset email sent. Please check your inbox.' on success", async () => {
      const { user, email, callsOf } = renderLogin({
        RequestPasswordReset: {
          data: { requestPasswordReset: { __typename: "MessagePayload", message: "Sent" } },
        },
      });
      await user.type(email(), "ada@school.test");
      await user.click(screen.getByRole("button", { name: "Forgot your password?" }));
      expect(await screen.findByText("Password reset email sent. Please check your inbox.")).toBeTruthy();
      expect(callsOf("RequestPasswordReset")[0]?.variables).toEqual({ email: "ada@school.test" });
      expect(screen.queryByRole("alert")).toBeNull();
    });

    it("shows 'Failed to send password reset email. Please try again.' on failure", async () => {
      const { user, email } = renderLogin({ RequestPasswordReset: graphqlError("Mailer down") });
      await user.type(email(), "ada@school.test");
      await user.click(screen.getByRole("button", { name: "Forgot your password?" }));
      const alert = await screen.findByText("Failed to send password reset email. Please try again.");
      expect(alert.getAttribute("role")).toBe("alert");
      expect(screen.queryByText("Password reset email sent. Please check your inbox.")).toBeNull();
    });

    it("disables the action while the request is out", async () => {
      const answer = deferred<Reply>();
      const { user, email } = renderLogin({ RequestPasswordReset: () => answer.promise });
      await user.type(email(), "ada@school.test");
      const forgot = screen.getByRole("button", { name: "Forgot your password?" }) as HTMLButtonElement;
      await user.click(forgot);
      await waitFor(() => expect(forgot.disabled).toBe(true));
      answer.resolve({ data: { requestPasswordReset: { __typename: "MessagePayload", message: "Sent" } } });
      await waitFor(() => expect(forgot.disabled).toBe(false));
      expect(screen.getByText("Password reset email sent. Please check your inbox.")).toBeTruthy();
    });
  });
});
