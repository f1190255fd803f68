import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { Probe, renderRoutes } from "../../../test/render";
import ForgotPasswordPage from "./ForgotPasswordPage";

const NOTICE = "If an account exists with this email, you will receive password reset instructions shortly.";
const SENT: Reply = { data: { requestPasswordReset: { __typename: "MessagePayload", message: "Sent" } } };

function renderForgot(resolvers: Record<string, Resolver> = {}) {
  const test = createTestClient(resolvers);
  const rendered = renderRoutes(
    [
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/login", element: <Probe name="Login page" /> },
      { path: "/register", element: <Probe name="Register page" /> },
    ],
    { client: test.client, initialEntries: ["/forgot-password"] },
  );
  const email = () => screen.getByLabelText(/^Email/) as HTMLInputElement;
  const submit = () => screen.getByRole("button", { name: /^(Reset Password|Sending\.\.\.)$/ }) as HTMLButtonElement;
  return { ...test, ...rendered, email, submit };
}

const fieldError = (input: HTMLElement) => {
  const id = input.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

describe("ForgotPasswordPage", () => {
  it("names the browser tab 'Reset Password - Reading Room'", () => {
    document.title = "Somewhere else - Reading Room";
    renderForgot();
    expect(document.title).toBe("Reset Password - Reading Room");
  });

  it("has one email field, 'Reset Password', 'Back to Login' to /login and a link to /register", () => {
    renderForgot();
    expect(screen.getByRole("heading", { name: "Reset Password" })).toBeTruthy();
    expect(screen.getAllByRole("textbox")).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Back to Login" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/register");
  });

  it("'Back to Login' goes to /login", async () => {
    const { user } = renderForgot();
    await user.click(screen.getByRole("link", { name: "Back to Login" }));
    expect(await screen.findByRole("heading", { name: "Login page" })).toBeTruthy();
  });

  it("requires an email", async () => {
    const { user, email, submit, calls } = renderForgot();
    await user.click(submit());
    expect(fieldError(email())).toBe("Email is required");
    expect(screen.queryByText(NOTICE)).toBeNull();
    expect(calls).toEqual([]);
  });

  it("requires a valid email, and clears the error on edit", async () => {
    const { user, email, submit, calls } = renderForgot();
    await user.type(email(), "ada@");
    await user.click(submit());
    expect(fieldError(email())).toBe("Email is invalid");
    expect(calls).toEqual([]);
    await user.type(email(), "school.test");
    expect(fieldError(email())).toBeNull();
  });

  it("reads 'Sending...' with the button disabled while busy, then shows the notice and clears the email", async () => {
    const answer = deferred<Reply>();
    const { user, email, submit, callsOf } = renderForgot({ RequestPasswordReset: () => answer.promise });
    await user.type(email(), "ada@school.test");
    await user.click(submit());
    expect(submit().textContent).toBe("Sending...");
    expect(submit().disabled).toBe(true);
    expect(callsOf("RequestPasswordReset")[0]?.variables).toEqual({ email: "ada@school.test" });
    answer.resolve(SENT);
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(email().value).toBe("");
    expect(submit().textContent).toBe("Reset Password");
    expect(submit().disabled).toBe(false);
  });

  it("shows the same neutral notice when the request fails, keeping the email", async () => {
    const { user, email, submit } = renderForgot({ RequestPasswordReset: graphqlError("No such account") });
    await user.type(email(), "nobody@school.test");
    await user.click(submit());
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(screen.queryByText("No such account")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(email().value).toBe("nobody@school.test");
    expect(submit().disabled).toBe(false);
  });

  it("shows the same neutral notice when the server cannot be reached", async () => {
    const { user, email, submit } = renderForgot({ RequestPasswordReset: new TypeError("Failed to fetch") });
    await user.type(email(), "ada@school.test");
    await user.click(submit());
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(screen.queryByText("No response from server. Please check your connection")).toBeNull();
  });
});
