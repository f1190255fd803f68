import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  COMMON_PASSWORD_MESSAGE,
  dummyPasswordHash,
  hashPassword,
  isCommonPassword,
  passwordWeakness,
  verifyPassword,
} from "./passwords.js";

// PHC string of argon2id at OWASP's minimum: 19 MiB, 2 iterations, 1 lane, then base64 salt and hash.
const ARGON2ID_HASH = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{32,}$/;

describe("hashPassword", () => {
  it("produces an argon2id hash with the OWASP parameters", async () => {
    expect(await hashPassword("correct horse battery staple")).toMatch(ARGON2ID_HASH);
  });

  it("salts every hash", async () => {
    const [first, second] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(first).not.toBe(second);
  });
});

describe("verifyPassword", () => {
  it("accepts the password that was hashed", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(await verifyPassword(hash, "correct horse battery staple")).toBe(true);
  });

  it("refuses another password", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(await verifyPassword(hash, "correct horse battery stapler")).toBe(false);
    expect(await verifyPassword(hash, "")).toBe(false);
  });

  it("is case-sensitive", async () => {
    const hash = await hashPassword("Secret-Phrase");
    expect(await verifyPassword(hash, "secret-phrase")).toBe(false);
  });

  it.each(["", "not-a-hash", "$argon2id$v=19$m=19456,t=2,p=1$garbage", "$2b$10$abcdefghijklmnopqrstuv"])(
    "returns false instead of throwing for the malformed hash %j",
    async (garbage) => {
      await expect(verifyPassword(garbage, "anything")).resolves.toBe(false);
    },
  );
});

describe("dummyPasswordHash", () => {
  it("is one argon2id hash, made once, that a guessed password does not match", async () => {
    const hash = await dummyPasswordHash();
    expect(hash).toMatch(ARGON2ID_HASH);
    expect(await dummyPasswordHash()).toBe(hash);
    expect(await verifyPassword(hash, "password")).toBe(false);
  });
});

describe("isCommonPassword", () => {
  it.each(["password1", "qwerty123", "123456", "password"])("refuses %j", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(["Password", "QWERTY123", "PassWord1"])("refuses %j, matched in lower case", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it("accepts a random long password", () => {
    expect(isCommonPassword(randomBytes(24).toString("base64url"))).toBe(false);
  });

  it("accepts a memorable but uncommon passphrase", () => {
    expect(isCommonPassword("purple-otter-reads-dickens")).toBe(false);
  });
});

describe("passwordWeakness", () => {
  const email = "ada.lovelace@school.example.org";

  it.each([
    ["", "Password is required"],
    ["abc12", "Password must be at least 6 characters"],
    ["x".repeat(257) + "y", "Password must be at most 256 characters"],
    ["            ", "Password cannot be only spaces"],
    [" \t \n \t ", "Password cannot be only spaces"],
    ["aaaaaaaaaaaa", "Password cannot be one character repeated. Try a few words you will remember."],
    ["111111111", "Password cannot be one character repeated. Try a few words you will remember."],
    ["ADA.LOVELACE-2026", "Password cannot contain your email address. Try a few words you will remember."],
    [
      "my ada.lovelace@school.example.org",
      "Password cannot contain your email address. Try a few words you will remember.",
    ],
    ["password1", COMMON_PASSWORD_MESSAGE],
  ])("refuses %j: %s", (password, message) => {
    expect(passwordWeakness(password, email)).toBe(message);
  });

  it("accepts a passphrase, and the spec's 6-character minimum", () => {
    expect(passwordWeakness("purple-otter-reads-dickens", email)).toBeUndefined();
    expect(passwordWeakness("k7#pQz", email)).toBeUndefined();
  });

  it("ignores an email's first part of fewer than 3 characters (it would refuse half of all passwords)", () => {
    expect(passwordWeakness("jo-quiet-lantern", "jo@school.example.org")).toBeUndefined();
  });

  it("checks the email only when it is known", () => {
    expect(passwordWeakness("ada.lovelace-2026")).toBeUndefined();
  });
});
