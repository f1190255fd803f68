import { describe, expect, it } from "vitest";
import { bearerToken } from "./session.js";

describe("bearerToken", () => {
  it.each([undefined, null, ""])("reads %j as no token (undefined)", (header) => {
    expect(bearerToken(header)).toBeUndefined();
  });

  it.each([
    ["Bearer abc.def.ghi", "abc.def.ghi"],
    ["bearer abc.def.ghi", "abc.def.ghi"],
    ["BEARER abc.def.ghi", "abc.def.ghi"],
    ["Bearer   abc.def.ghi  ", "abc.def.ghi"],
  ])("reads %j as the token", (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });

  it.each(["Basic dXNlcjpwdw==", "Bearer", "Bearer ", "abc.def.ghi", "Bearer a b", "Bearerabc"])(
    "reads the malformed header %j as null",
    (header) => {
      expect(bearerToken(header)).toBeNull();
    },
  );

  it.each([42, ["Bearer abc"], { token: "abc" }, true])("reads the non-string %j as null", (header) => {
    expect(bearerToken(header)).toBeNull();
  });
});
