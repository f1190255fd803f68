import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../config/paths.js";
import { SCHOOL_NAMES, SCHOOL_PHASES, SCHOOLS, schoolIdOf } from "./schools.js";

// The spec's list (product-spec.md, "Schools (fixed list of 24)"), in its order, copied verbatim.
const SPEC_SCHOOLS = [
  "Pimlico Academy",
  "Bedford High School",
  "Pimlico Primary",
  "Wendell Park Primary",
  "Ark Conway",
  "Mitchell Brook Primary School",
  "Ark White City",
  "St Mary's High School",
  "Chelsea Academy",
  "Leigh CE Primary School",
  "Newton WestPark Primary School",
  "Avonmore Primary",
  "Ashburnham",
  "Paddington Academy",
  "Ark Brunel Primary Academy",
  "Phoenix Academy",
  "Brentfield Primary School",
  "Preston Manor",
  "Newman",
  "Leopold Primary School",
  "WLFS",
  "St Thomas and St Mary's",
  "St Augustine's",
  "Literacy Pirates",
];

describe("SCHOOLS", () => {
  it("holds the spec's 24 schools with their exact names, in order", () => {
    expect(SCHOOLS).toHaveLength(24);
    expect(SCHOOLS.map((s) => s.name)).toEqual(SPEC_SCHOOLS);
    expect([...SCHOOL_NAMES]).toEqual(SPEC_SCHOOLS);
  });

  it("gives every school a unique id", () => {
    expect(new Set(SCHOOLS.map((s) => s.id)).size).toBe(24);
  });

  it("gives every school a lower-case slug id", () => {
    for (const school of SCHOOLS) {
      expect(school.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it.each([
    ["St Mary's High School", "st-marys-high-school"],
    ["St Thomas and St Mary's", "st-thomas-and-st-marys"],
    ["St Augustine's", "st-augustines"],
    ["Newton WestPark Primary School", "newton-westpark-primary-school"],
    ["Leigh CE Primary School", "leigh-ce-primary-school"],
    ["WLFS", "wlfs"],
  ])("names %j by the id %j", (name, id) => {
    expect(schoolIdOf(name)).toBe(id);
    expect(SCHOOLS.find((s) => s.name === name)?.id).toBe(id);
  });
});

describe("SCHOOL_PHASES", () => {
  it("says each school's phase: 12 primary, 8 secondary, Preston Manor all-through, 3 not known", () => {
    const named = (phase: string | null) =>
      SCHOOLS.filter((s) => s.phase === phase)
        .map((s) => s.name)
        .sort();
    expect(named("primary")).toEqual(
      [
        "Ark Brunel Primary Academy",
        "Ark Conway",
        "Ark White City",
        "Ashburnham",
        "Avonmore Primary",
        "Brentfield Primary School",
        "Leigh CE Primary School",
        "Leopold Primary School",
        "Mitchell Brook Primary School",
        "Newton WestPark Primary School",
        "Pimlico Primary",
        "Wendell Park Primary",
      ].sort(),
    );
    expect(named("secondary")).toEqual(
      [
        "Bedford High School",
        "Chelsea Academy",
        "Newman",
        "Paddington Academy",
        "Phoenix Academy",
        "Pimlico Academy",
        "St Mary's High School",
        "WLFS",
      ].sort(),
    );
    expect(named("all_through")).toEqual(["Preston Manor"]);
    expect(named(null)).toEqual(["Literacy Pirates", "St Augustine's", "St Thomas and St Mary's"]);
  });

  it("the migration that added phases gives the schools of an older database the same ones", () => {
    const dir = path.join(PROJECT_ROOT, "prisma/migrations");
    const folder = fs.readdirSync(dir).find((name) => name.endsWith("_explore_recommendations")) as string;
    const sql = fs.readFileSync(path.join(dir, folder, "migration.sql"), "utf8");
    const fromSql = new Map<string, string>();
    for (const [, phase, list] of sql.matchAll(/SET "phase" = '(\w+)' WHERE "id" IN \(([^)]*)\)/g)) {
      for (const id of (list ?? "").match(/'[^']*'/g) ?? []) {
        fromSql.set(id.slice(1, -1), phase as string);
      }
    }
    for (const [, phase, id] of sql.matchAll(/SET "phase" = '(\w+)' WHERE "id" = '([^']*)'/g)) {
      fromSql.set(id as string, phase as string);
    }
    const expected = new Map(
      Object.entries(SCHOOL_PHASES).flatMap(([name, phase]) => (phase ? [[schoolIdOf(name), phase]] : [])),
    );
    expect(Object.fromEntries(fromSql)).toEqual(Object.fromEntries(expected));
  });
});
