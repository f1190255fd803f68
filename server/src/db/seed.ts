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
  /** Demo accounts found active in a production database and made inactive at this start. */
  demoAccountsDisabled: string[];
  /** Active admin accounts after seeding: none means nobody can run the catalogue yet. */
  activeAdmins: number;
};

export async function seed(
  prisma: PrismaClient,
  config: Pick<Config, "env" | "admin" | "seedDemo" | "seedCatalogue">,
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
      await ensureUser(prisma, account, { reactivate: true });
    }
  }
  const demoAccountsDisabled = config.env === "production" && !config.seedDemo ? await disableDemoAccounts(prisma) : [];
  return {
    schoolsCreated,
    catalogue,
    adminCreated,
    demoAccounts: config.seedDemo ? DEMO_ACCOUNTS : [],
    demoAccountsDisabled,
    activeAdmins: await prisma.user.count({ where: { role: "admin", status: "active" } }),
  };
}

/**
 * A database first started for a demo and now serving in production still holds accounts whose
 * password is published: make them inactive (their sessions end too).
 */
async function disableDemoAccounts(prisma: PrismaClient): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  return prisma.$transaction(async (tx) => {
    const active = await tx.user.findMany({
      where: { email: { in: emails }, status: "active" },
      select: { email: true },
    });
    if (active.length === 0) {
      return [];
    }
    await tx.user.updateMany({
      where: { email: { in: emails }, status: "active" },
      data: { status: "inactive", tokenVersion: { increment: 1 } },
    });
    return active.map((u) => u.email);
  });
}

async function seedSchools(prisma: PrismaClient): Promise<number> {
  const { count } = await prisma.school.createMany({ data: SCHOOLS, skipDuplicates: true });
  return count;
}

/**
 * Creates the account unless its email exists; an existing account is never changed, except that a
 * demo account made inactive by a production start is active again when demo accounts are asked for.
 */
async function ensureUser(prisma: PrismaClient, account: DemoAccount, options: { reactivate?: boolean } = {}) {
  const email = account.email.trim().toLowerCase();
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true, status: true } });
  if (existing) {
    if (options.reactivate && existing.status === "inactive") {
      await prisma.user.update({ where: { id: existing.id }, data: { status: "active" } });
    }
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
