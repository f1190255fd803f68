import pino from "pino";
import { describe, expect, it } from "vitest";
import type { PrismaClient } from "../../generated/prisma/client.js";
import {
  createTeacherCodeService,
  generateTeacherCode,
  hashTeacherCode,
  normaliseTeacherCode,
  TEACHER_CODE_ALPHABET,
  TEACHER_CODE_LENGTH,
} from "./teacher-code.service.js";

/** The service over one school whose stored hash is `teacherCodeHash` (check reads nothing else). */
function serviceFor(teacherCodeHash: string | null, bootstrapCode: string | undefined) {
  const prisma = { school: { findUnique: async () => ({ teacherCodeHash }) } } as unknown as PrismaClient;
  return createTeacherCodeService({ prisma, bootstrapCode, logger: pino({ level: "silent" }) });
}

describe("generateTeacherCode", () => {
  it("gives 12 characters of Crockford's base32 (60 bits), grouped XXXX-XXXX-XXXX", () => {
    expect(TEACHER_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(TEACHER_CODE_ALPHABET).size).toBe(32);
    expect(Math.log2(TEACHER_CODE_ALPHABET.length) * TEACHER_CODE_LENGTH).toBeGreaterThanOrEqual(60);
    for (let i = 0; i < 200; i++) {
      expect(generateTeacherCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    }
  });

  it("uses every character in every place, and never repeats itself", () => {
    const codes = Array.from({ length: 3000 }, () => generateTeacherCode().replace(/-/g, ""));
    expect(new Set(codes).size).toBe(codes.length);
    for (let place = 0; place < TEACHER_CODE_LENGTH; place++) {
      expect(new Set(codes.map((code) => code[place])).size, `place ${place}`).toBe(32);
    }
  });
});

describe("normaliseTeacherCode", () => {
  it.each([
    ["ABCD-EFGH-JK00", "ABCDEFGHJK00"],
    ["abcd-efgh-jk00", "ABCDEFGHJK00"],
    ["  abcd efgh jk00\n", "ABCDEFGHJK00"],
    ["ABCD\u2013EFGH\u2014JK00", "ABCDEFGHJK00"],
    ["ABCD\u200bEFGH\u00adJK00", "ABCDEFGHJK00"],
    ["ＡＢＣＤ－ＥＦＧＨ－ＪＫ００", "ABCDEFGHJK00"],
    ["ABCD-EFGH-JKOo", "ABCDEFGHJK00"],
    ["1Il1-ABCD-EFGH", "1111ABCDEFGH"],
  ])("reads %j as %s", (typed, expected) => {
    expect(normaliseTeacherCode(typed)).toBe(expected);
  });

  it("hashes every way of typing one code alike (SHA-256, hex)", () => {
    expect(hashTeacherCode("abcd efgh jkoo")).toBe(hashTeacherCode("ABCD-EFGH-JK00"));
    expect(hashTeacherCode("ABCD-EFGH-JK00")).toMatch(/^[0-9a-f]{64}$/);
    expect(hashTeacherCode("ABCD-EFGH-JK01")).not.toBe(hashTeacherCode("ABCD-EFGH-JK00"));
  });
});

describe("check", () => {
  const own = "7KQ2-MX9D-4HTB";

  it("takes the school's own code however it is typed, and nothing else", async () => {
    const service = serviceFor(hashTeacherCode(own), "server-bootstrap-code");
    expect(await service.check("school", own)).toBe("ok");
    expect(await service.check("school", " 7kq2 mx9d 4htb ")).toBe("ok");
    expect(await service.check("school", "7KQ2MX9D4HTB")).toBe("ok");
    expect(await service.check("school", "7KQ2-MX9D-4HTC")).toBe("wrong");
    expect(await service.check("school", "")).toBe("wrong");
    expect(await service.check("school", `${own}${" ".repeat(200)}`)).toBe("wrong");
    // The server's code no longer works at a school with a code of its own.
    expect(await service.check("school", "server-bootstrap-code")).toBe("wrong");
  });

  it("takes the server's code, exactly (trimmed), at a school without its own", async () => {
    const service = serviceFor(null, "server-Bootstrap-code");
    expect(await service.check("school", "server-Bootstrap-code")).toBe("ok");
    expect(await service.check("school", "  server-Bootstrap-code ")).toBe("ok");
    expect(await service.check("school", "server-bootstrap-code")).toBe("wrong");
    expect(await service.check("school", "server Bootstrap code")).toBe("wrong");
    expect(await service.check("school", "")).toBe("wrong");
  });

  it("is closed at a school without its own code when the server has none", async () => {
    for (const bootstrap of [undefined, "", "   "]) {
      const service = serviceFor(null, bootstrap);
      expect(await service.check("school", "")).toBe("closed");
      expect(await service.check("school", "anything")).toBe("closed");
    }
    expect(await serviceFor(hashTeacherCode(own), undefined).check("school", own)).toBe("ok");
  });
});
