import { hashPassword } from "../auth/passwords.js";
import type { Config } from "../config/config.js";
import type { PrismaClient, Role } from "../generated/prisma/client.js";
import { type CatalogueReport, seedCatalogue } from "./seed-catalogue.js";
import { SCHOOLS, schoolIdOf } from "./schools.js";

// Seeding is idempotent: every step creates only what is missing, so each start may run it.

export type DemoAccount = { role: Role; displayName: string; email: string; password: string; school: string | null };

export const DEMO_SCHOOL = "Pimlico Academy";
export const DEMO_PASSWORD = "reading-room-demo";
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    role: "admin",
    displayName: "Demo Admin",
    email: "admin@demo.readingroom.local",
    password: DEMO_PASSWORD,
    school: null,
  },
  {
    role: "teacher",
    displayName: "Ms Demo Teacher",
    email: "teacher@demo.readingroom.local",
    password: DEMO_PASSWORD,
    school: DEMO_SCHOOL,
  },
  {
    role: "student",
    displayName: "Ada Demo",
    email: "ada@demo.readingroom.local",
    password: DEMO_PASSWORD,
    school: DEMO_SCHOOL,
  },
  {
    role: "student",
    displayName: "Ben Demo",
    email: "ben@demo.readingroom.local",
    password: DEMO_PASSWORD,
    school: DEMO_SCHOOL,
  },
];

export type SeedReport = {
  schoolsCreated: number;
  catalogue: CatalogueReport | null;
  adminCreated: boolean;
  demoAccounts: DemoAccount[];
};

export async function seed(
  prisma: PrismaClient,
  config: Pick<Config, "admin" | "seedDemo" | "seedCatalogue">,
): Promise<SeedReport> {
  const schoolsCreated = await seedSchools(prisma);
  const catalogue = config.seedCatalogue ? await seedCatalogue(prisma) : null;
  const adminCreated = config.admin
    ? await ensureUser(prisma, {
        role: "admin",
        displayName: "Administrator",
        email: config.admin.email,
        password: config.admin.password,
        school: null,
      })
    : false;
  if (config.seedDemo) {
    for (const account of DEMO_ACCOUNTS) {
      await ensureUser(prisma, account);
    }
  }
  return { schoolsCreated, catalogue, adminCreated, demoAccounts: config.seedDemo ? DEMO_ACCOUNTS : [] };
}

async function seedSchools(prisma: PrismaClient): Promise<number> {
  const { count } = await prisma.school.createMany({ data: SCHOOLS, skipDuplicates: true });
  return count;
}

/** Creates the account unless its email exists; an existing account is never changed. */
async function ensureUser(prisma: PrismaClient, account: DemoAccount): Promise<boolean> {
  const email = account.email.trim().toLowerCase();
  if (await prisma.user.findUnique({ where: { email }, select: { id: true } })) {
    return false;
  }
  const { count } = await prisma.user.createMany({
    data: [
      {
        email,
        displayName: account.displayName,
        role: account.role,
        schoolId: account.school ? schoolIdOf(account.school) : null,
        passwordHash: await hashPassword(account.password),
      },
    ],
    skipDuplicates: true,
  });
  return count === 1;
}
