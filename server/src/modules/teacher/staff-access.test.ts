import { describe, expect, it } from "vitest";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { READ_BATCH, STAFF_ACCESS_TTL_MS, createStaffAccess } from "./staff-access.js";

// The reading and holding of subscribers' rights. The database side (a moved, demoted or deactivated
// teacher stops receiving) is in server/test/shared-fan-out.test.ts and subscriptions.test.ts; here a
// stand-in user table counts the statements.

type Row = {
  id: string;
  role: "student" | "teacher" | "admin";
  schoolId: string | null;
  status: "active" | "inactive";
};

function setup(rows: Row[]) {
  const table = new Map(rows.map((row) => [row.id, { ...row }]));
  const statements: string[][] = [];
  let failing = false;
  const prisma = {
    user: {
      findMany: async ({ where }: { where: { id: { in: string[] } } }) => {
        statements.push(where.id.in);
        if (failing) {
          throw new Error("database down");
        }
        return where.id.in.flatMap((id) => (table.has(id) ? [{ ...table.get(id)! }] : []));
      },
    },
  } as unknown as PrismaClient;
  const clock = { now: 1_000_000 };
  const access = createStaffAccess({ prisma, now: () => clock.now });
  return { access, table, statements, clock, fail: (on: boolean) => (failing = on) };
}

const teachers = (count: number, schoolId = "s1"): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `t${i}`, role: "teacher", schoolId, status: "active" }));

describe("staff access", () => {
  it("reads the subscribers due together in one statement per batch, and holds them for the TTL", async () => {
    const { access, statements, clock } = setup(teachers(READ_BATCH + 10));
    const all = await Promise.all(teachers(READ_BATCH + 10).map((t) => access.mayWatch(t.id, "s1")));
    expect(all.every(Boolean)).toBe(true);
    expect(statements.map((ids) => ids.length)).toEqual([READ_BATCH, 10]);

    clock.now += STAFF_ACCESS_TTL_MS - 1;
    expect(await access.mayWatch("t3", "s1")).toBe(true);
    expect(statements).toHaveLength(2);
    clock.now += 1;
    expect(await access.mayWatch("t3", "s1")).toBe(true);
    expect(statements.slice(2)).toEqual([["t3"]]);
  });

  it("an active teacher of the school or an active admin may watch; nobody else", async () => {
    const { access } = setup([
      { id: "teacher", role: "teacher", schoolId: "s1", status: "active" },
      { id: "elsewhere", role: "teacher", schoolId: "s2", status: "active" },
      { id: "inactive", role: "teacher", schoolId: "s1", status: "inactive" },
      { id: "student", role: "student", schoolId: "s1", status: "active" },
      { id: "admin", role: "admin", schoolId: null, status: "active" },
      { id: "no-school", role: "teacher", schoolId: null, status: "active" },
    ]);
    const may = async (id: string, school: string | null = "s1") => access.mayWatch(id, school);
    expect(
      await Promise.all(["teacher", "elsewhere", "inactive", "student", "admin", "gone"].map((id) => may(id))),
    ).toEqual([true, false, false, false, true, false]);
    expect(await may("no-school", null)).toBe(false);
  });

  it("reads a forgotten subscriber afresh, even one asked for twice in the same turn", async () => {
    const { access, table, statements } = setup(teachers(2));
    expect(await access.mayWatch("t0", "s1")).toBe(true);
    table.get("t0")!.role = "student";
    expect(await access.mayWatch("t0", "s1")).toBe(true);
    const first = access.mayWatch("t1", "s1");
    access.forget("t1");
    access.forget("t0");
    const second = access.mayWatch("t1", "s1");
    expect(await Promise.all([first, second, access.mayWatch("t0", "s1")])).toEqual([true, true, false]);
    expect(statements).toEqual([["t0"], ["t1", "t0"]]);
  });

  it("does not hold a failed read: the next check reads again", async () => {
    const { access, statements, fail } = setup(teachers(1));
    fail(true);
    await expect(access.mayWatch("t0", "s1")).rejects.toThrow("database down");
    fail(false);
    expect(await access.mayWatch("t0", "s1")).toBe(true);
    expect(statements).toHaveLength(2);
  });
});
