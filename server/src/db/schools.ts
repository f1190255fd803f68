import type { SchoolPhase } from "../generated/prisma/enums.js";

// The spec's fixed list of 24 partner schools, in the spec's order. Ids are stable slugs.
export const SCHOOL_NAMES = [
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
] as const;

/**
 * Each school's phase, which decides the reading levels its pupils are recommended. Primary and
 * secondary come from the school's name or from the school the name is known as (Ark Conway and Ark
 * White City are Ark's primary academies, Ashburnham is Ashburnham Community School, a primary;
 * Newman is Newman Catholic College and WLFS the West London Free School, both secondary). Preston
 * Manor teaches ages 4-18 (all-through). Null where the name does not say: St Thomas and St Mary's
 * and St Augustine's (names of both primary and secondary schools in West London) and Literacy
 * Pirates (a charity for ages 9-15). A school can confirm its phase and have it changed here.
 */
export const SCHOOL_PHASES: Record<(typeof SCHOOL_NAMES)[number], SchoolPhase | null> = {
  "Pimlico Academy": "secondary",
  "Bedford High School": "secondary",
  "Pimlico Primary": "primary",
  "Wendell Park Primary": "primary",
  "Ark Conway": "primary",
  "Mitchell Brook Primary School": "primary",
  "Ark White City": "primary",
  "St Mary's High School": "secondary",
  "Chelsea Academy": "secondary",
  "Leigh CE Primary School": "primary",
  "Newton WestPark Primary School": "primary",
  "Avonmore Primary": "primary",
  Ashburnham: "primary",
  "Paddington Academy": "secondary",
  "Ark Brunel Primary Academy": "primary",
  "Phoenix Academy": "secondary",
  "Brentfield Primary School": "primary",
  "Preston Manor": "all_through",
  Newman: "secondary",
  "Leopold Primary School": "primary",
  WLFS: "secondary",
  "St Thomas and St Mary's": null,
  "St Augustine's": null,
  "Literacy Pirates": null,
};

export function schoolIdOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export const SCHOOLS = SCHOOL_NAMES.map((name) => ({ id: schoolIdOf(name), name, phase: SCHOOL_PHASES[name] }));
