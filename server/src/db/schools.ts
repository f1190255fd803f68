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

export function schoolIdOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export const SCHOOLS = SCHOOL_NAMES.map((name) => ({ id: schoolIdOf(name), name }));
