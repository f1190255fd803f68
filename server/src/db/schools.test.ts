import { describe, expect, it } from "vitest";
import { SCHOOL_NAMES, SCHOOLS, schoolIdOf } from "./schools.js";

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
