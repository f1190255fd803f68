import { CombinedGraphQLErrors, ServerError, ServerParseError } from "@apollo/client/errors";
import { describe, expect, it } from "vitest";
import { errorMessage, fieldErrors, isAccountRestricted, NO_RESPONSE_MESSAGE, RESTRICTED_NOTICE } from "./errors";

const FALLBACK = "Failed to login. Please try again.";

const graphqlErrors = (...errors: { message: string; extensions?: Record<string, unknown> }[]) =>
  new CombinedGraphQLErrors({ data: null, errors });

const serverError = (status: number, bodyText: string) =>
  new ServerError("Response not successful", { response: new Response(bodyText, { status }), bodyText });

describe("errorMessage", () => {
  it("shows the server's GraphQL error message", () => {
    expect(errorMessage(graphqlErrors({ message: "Invalid email or password" }), FALLBACK)).toBe(
      "Invalid email or password",
    );
  });

  it("shows the first of several GraphQL errors", () => {
    expect(errorMessage(graphqlErrors({ message: "First" }, { message: "Second" }), FALLBACK)).toBe("First");
  });

  it("falls back when the GraphQL error has no message", () => {
    expect(errorMessage(graphqlErrors({ message: "" }), FALLBACK)).toBe(FALLBACK);
  });

  it("shows the error field of a server error's JSON body", () => {
    expect(errorMessage(serverError(400, JSON.stringify({ error: "Email already in use" })), FALLBACK)).toBe(
      "Email already in use",
    );
  });

  it("shows a GraphQL-shaped error in a server error's JSON body", () => {
    expect(errorMessage(serverError(400, JSON.stringify({ errors: [{ message: "Bad input" }] })), FALLBACK)).toBe(
      "Bad input",
    );
  });

  it("falls back for a server error whose body is not JSON or has no message", () => {
    expect(errorMessage(serverError(502, "<html>Bad Gateway</html>"), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(serverError(500, JSON.stringify({})), FALLBACK)).toBe(FALLBACK);
  });

  it("falls back for a response that could not be parsed", () => {
    const error = new ServerParseError(new SyntaxError("Unexpected token"), {
      response: new Response("oops", { status: 200 }),
      bodyText: "oops",
    });
    expect(errorMessage(error, FALLBACK)).toBe(FALLBACK);
  });

  it("says there was no response when fetch fails with a TypeError", () => {
    expect(NO_RESPONSE_MESSAGE).toBe("No response from server. Please check your connection");
    expect(errorMessage(new TypeError("Failed to fetch"), FALLBACK)).toBe(
      "No response from server. Please check your connection",
    );
  });

  it("shows another error's own message", () => {
    expect(errorMessage(new Error("Invalid response from server"), FALLBACK)).toBe("Invalid response from server");
  });

  it("falls back for an error without a message and for non-errors", () => {
    expect(errorMessage(new Error(""), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage("boom", FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(undefined, FALLBACK)).toBe(FALLBACK);
    expect(errorMessage({ message: "not an Error" }, FALLBACK)).toBe(FALLBACK);
  });
});

describe("fieldErrors", () => {
  it("returns the per-field messages of a GraphQL validation error", () => {
    const error = graphqlErrors({
      message: "Invalid input",
      extensions: { code: "BAD_USER_INPUT", fields: { teacherCode: "Valid teacher code is required" } },
    });
    expect(fieldErrors(error)).toEqual({ teacherCode: "Valid teacher code is required" });
  });

  it("returns nothing for other errors", () => {
    expect(fieldErrors(graphqlErrors({ message: "Nope" }))).toEqual({});
    expect(fieldErrors(new Error("Nope"))).toEqual({});
  });
});

describe("isAccountRestricted", () => {
  it("is true for HTTP 423", () => {
    expect(isAccountRestricted(serverError(423, JSON.stringify({ error: "Locked" })))).toBe(true);
  });

  it("is false for other HTTP statuses", () => {
    expect(isAccountRestricted(serverError(403, JSON.stringify({ error: "Forbidden" })))).toBe(false);
  });

  it("is true for a message containing 'Account restricted'", () => {
    expect(isAccountRestricted(graphqlErrors({ message: "Account restricted due to repeated harmful content." }))).toBe(
      true,
    );
    expect(isAccountRestricted(new Error("Account restricted due to repeated harmful content."))).toBe(true);
  });

  it("is true for the ACCOUNT_RESTRICTED code whatever the message", () => {
    expect(
      isAccountRestricted(graphqlErrors({ message: "Not allowed", extensions: { code: "ACCOUNT_RESTRICTED" } })),
    ).toBe(true);
  });

  it("is false for other errors", () => {
    expect(isAccountRestricted(graphqlErrors({ message: "Chat not found", extensions: { code: "NOT_FOUND" } }))).toBe(
      false,
    );
    expect(isAccountRestricted(new Error("Something else"))).toBe(false);
    expect(isAccountRestricted(null)).toBe(false);
  });

  it("has the spec's safeguarding notice", () => {
    expect(RESTRICTED_NOTICE).toBe(
      "Safeguarding notice: Your account is currently restricted from sending messages or reviews due to repeated harmful content. Please speak to your teacher.",
    );
  });
});
