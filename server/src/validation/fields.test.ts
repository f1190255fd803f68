import { describe, expect, it } from "vitest";
import { AppError, ErrorCode } from "../errors/app-error.js";
import { asRecord, FieldCheck } from "./fields.js";

/** Runs `fn` and returns the AppError it throws; fails the test when it does not throw one. */
function appErrorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) {
      return error;
    }
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("asRecord", () => {
  it("returns a plain object as it is", () => {
    const body = { email: "a@example.org" };
    expect(asRecord(body)).toBe(body);
  });

  it.each([
    ["an array", []],
    ["null", null],
    ["undefined", undefined],
    ["a string", "{}"],
    ["a number", 42],
  ])("refuses %s with BAD_USER_INPUT", (_label, raw) => {
    const error = appErrorOf(() => asRecord(raw));
    expect(error.code).toBe(ErrorCode.BadUserInput);
    expect(error.message).toBe("Request body must be a JSON object");
  });
});

describe("FieldCheck.string", () => {
  it("trims text by default", () => {
    expect(new FieldCheck({ name: "  Ada  " }).string("name")).toBe("Ada");
  });

  it("keeps the spaces with trim: false", () => {
    expect(new FieldCheck({ password: "  pass word  " }).string("password", { trim: false })).toBe("  pass word  ");
  });

  it.each([
    ["missing", {}],
    ["null", { name: null }],
  ])("reads a %s field as the empty string without an error", (_label, source) => {
    const check = new FieldCheck(source);
    expect(check.string("name")).toBe("");
    expect(check.has("name")).toBe(false);
    expect(() => check.done()).not.toThrow();
  });

  it.each([42, true, ["a"], { a: 1 }])("records '<field> must be text' for %j", (value) => {
    const check = new FieldCheck({ name: value });
    expect(check.string("name")).toBe("");
    expect(check.has("name")).toBe(true);
    const error = appErrorOf(() => check.done());
    expect(error.message).toBe("name must be text");
  });

  it("names the field by its label when one is given", () => {
    const check = new FieldCheck({ displayName: 7 });
    check.string("displayName", { label: "Display name" });
    expect(appErrorOf(() => check.done()).message).toBe("Display name must be text");
  });
});

describe("FieldCheck.email", () => {
  it("trims and lower-cases the address", () => {
    const check = new FieldCheck({ email: "  Ada.Lovelace@School.Example.ORG " });
    expect(check.email()).toBe("ada.lovelace@school.example.org");
    expect(() => check.done()).not.toThrow();
  });

  it("reads another field when named", () => {
    expect(new FieldCheck({ contact: "a@b.co" }).email("contact")).toBe("a@b.co");
  });

  it.each([
    ["missing", {}],
    ["empty", { email: "" }],
    ["blank", { email: "   " }],
  ])("requires an address when %s", (_label, source) => {
    const check = new FieldCheck(source);
    check.email();
    const error = appErrorOf(() => check.done());
    expect(error.message).toBe("Email is required");
    expect(error.details.fields).toEqual({ email: "Email is required" });
  });

  it.each(["ada", "ada@school", "ada@@school.org", "a da@school.org", "@school.org"])(
    "refuses %j as invalid",
    (email) => {
      const check = new FieldCheck({ email });
      check.email();
      expect(appErrorOf(() => check.done()).message).toBe("Email is invalid");
    },
  );

  it("refuses an address longer than 254 characters", () => {
    const longest = `${"a".repeat(64)}@${"b".repeat(185)}.org`;
    expect(longest).toHaveLength(254);
    expect(() => {
      const check = new FieldCheck({ email: longest });
      check.email();
      check.done();
    }).not.toThrow();
    const check = new FieldCheck({ email: `a${longest}` });
    check.email();
    expect(appErrorOf(() => check.done()).message).toBe("Email is invalid");
  });

  it("reports a non-text email once, as 'Email must be text'", () => {
    const check = new FieldCheck({ email: 42 });
    check.email();
    expect(appErrorOf(() => check.done()).details.fields).toEqual({ email: "Email must be text" });
  });
});

describe("FieldCheck.done", () => {
  it("does not throw when every field passed", () => {
    const check = new FieldCheck({ email: "a@b.co", name: "Ada" });
    check.email();
    check.string("name");
    expect(() => check.done()).not.toThrow();
  });

  it("throws BAD_USER_INPUT with the first message and every field's message", () => {
    const check = new FieldCheck({ email: "nope", name: 1 });
    check.email();
    check.string("name", { label: "Name" });
    check.fail("password", "Password is required");
    const error = appErrorOf(() => check.done());
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(error.status).toBe(400);
    expect(error.message).toBe("Email is invalid");
    expect(error.details.fields).toEqual({
      email: "Email is invalid",
      name: "Name must be text",
      password: "Password is required",
    });
  });

  it("keeps a field's first message when it fails twice", () => {
    const check = new FieldCheck({});
    check.fail("password", "Password is required");
    check.fail("password", "Password is too common");
    expect(appErrorOf(() => check.done()).details.fields).toEqual({ password: "Password is required" });
  });
});
