import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTestClient, deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { renderRoutes } from "../../../test/render";
import LoginPage from "./LoginPage";
import ResetPasswordPage from "./ResetPasswordPage";

const INVALID_LINK = "This password reset link is invalid or has expired. Please ask for a new one.";

function renderReset(path: string, resolvers: Record<string, Resolver> = {}) {
  const test = createTestClient(resolvers);
  const rendered = renderRoutes(
    [
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/login", element: <LoginPage /> },
    ],
    { client: test.client, initialEntries: [path] },
  );
  const password = () => screen.getByLabelText(/^New password/) as HTMLInputElement;
  const confirm = () => screen.getByLabelText(/^Confirm new password/) as HTMLInputElement;
  const submit = () => screen.getByRole("button", { name: /^(Set New Password|Saving\.\.\.)$/ }) as HTMLButtonElement;
  return { ...test, ...rendered, password, confirm, submit };
}

const fieldError = (input: HTMLElement) => {
  const id = input.getAttribute("aria-describedby");
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

describe("ResetPasswordPage", () => {
  it("names the browser tab 'Choose a New Password - Reading Room'", () => {
    document.title = "Somewhere else - Reading Room";
    renderReset("/reset-password?token=abc");
    expect(document.title).toBe("Choose a New Password - Reading Room");
  });

  it("without a token says the link is invalid, offers a new one and cannot submit", () => {
    const { submit } = renderReset("/reset-password");
    expect(screen.getByRole("alert").textContent).toContain(INVALID_LINK);
    expect(screen.getByText(INVALID_LINK)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe("/forgot-password");
    expect(submit().disabled).toBe(true);
  });

  it("with an empty token says the link is invalid", () => {
    const { submit } = renderReset("/reset-password?token=");
    expect(screen.getByText(INVALID_LINK)).toBeTruthy();
    expect(submit().disabled).toBe(true);
  });

  it("requires a password", async () => {
    const { user, password, submit, calls } = renderReset("/reset-password?token=abc");
    expect(screen.queryByText(INVALID_LINK)).toBeNull();
    await user.click(submit());
    expect(fieldError(password())).toBe("Password is required");
    expect(calls).toEqual([]);
  });

  it("requires at least 6 characters and a matching confirmation", async () => {
    const { user, password, confirm, submit, calls } = renderReset("/reset-password?token=abc");
    await user.type(password(), "12345");
    await user.type(confirm(), "54321");
    await user.click(submit());
    expect(fieldError(password())).toBe("Password must be at least 6 characters");
    expect(fieldError(confirm())).toBe("Passwords do not match");
    expect(calls).toEqual([]);
    await user.type(confirm(), "0");
    expect(fieldError(confirm())).toBeNull();
    expect(fieldError(password())).toBe("Password must be at least 6 characters");
  });

  it("reads 'Saving...' while busy, then goes to /login showing the server's message", async () => {
    const answer = deferred<Reply>();
    const { user, password, confirm, submit, callsOf, router } = renderReset("/reset-password?token=tok-123", {
      CompletePasswordReset: () => answer.promise,
    });
    await user.type(password(), "new-secret");
    await user.type(confirm(), "new-secret");
    await user.click(submit());
    expect(submit().textContent).toBe("Saving...");
    expect(submit().disabled).toBe(true);
    expect(callsOf("CompletePasswordReset")[0]?.variables).toEqual({
      input: { token: "tok-123", password: "new-secret" },
    });
    answer.resolve({
      data: {
        completePasswordReset: {
          __typename: "MessagePayload",
          message: "Your password has been reset. Please log in.",
        },
      },
    });
    expect(await screen.findByRole("heading", { name: "Welcome Back" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.getByText("Your password has been reset. Please log in.")).toBeTruthy();
  });

  it("shows the server's error and lets the user try again", async () => {
    const { user, password, confirm, submit } = renderReset("/reset-password?token=old", {
      CompletePasswordReset: graphqlError("This reset link has expired"),
    });
    await user.type(password(), "new-secret");
    await user.type(confirm(), "new-secret");
    await user.click(submit());
    expect(await screen.findByText("This reset link has expired")).toBeTruthy();
    expect(submit().textContent).toBe("Set New Password");
    expect(submit().disabled).toBe(false);
  });

  it("falls back to 'Password reset failed'", async () => {
    const { user, password, confirm, submit } = renderReset("/reset-password?token=old", {
      CompletePasswordReset: graphqlError(""),
    });
    await user.type(password(), "new-secret");
    await user.type(confirm(), "new-secret");
    await user.click(submit());
    expect(await screen.findByText("Password reset failed")).toBeTruthy();
  });
});
