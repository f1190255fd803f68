import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { type App, startApp } from "../../src/app.js";
import { hashPassword } from "../../src/auth/passwords.js";
import { loadConfig } from "../../src/config/config.js";
import { schoolIdOf } from "../../src/db/schools.js";
import type { Role, UserStatus } from "../../src/generated/prisma/client.js";

export const TEACHER_CODE = "test-teacher-code-123";
export const TEST_PASSWORD = "correct-horse-battery";

export type HttpResult<T = any> = { status: number; body: T; headers: Headers };

export type TestApp = App & {
  dataDir: string;
  api<T = any>(
    method: string,
    route: string,
    options?: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> },
  ): Promise<HttpResult<T>>;
  gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<HttpResult<T>>;
  createUser(options?: {
    role?: Role;
    school?: string | null;
    status?: UserStatus;
    blocked?: boolean;
    displayName?: string;
  }): Promise<TestUser>;
  stop(): Promise<void>;
};

export type TestUser = { id: string; email: string; password: string; token: string; school: string | null };

export const uniqueEmail = (prefix = "user") => `${prefix}-${randomUUID().slice(0, 8)}@test.readingroom.local`;

// The tests' own password hash, computed once: argon2 at full cost per test user would dominate the run.
let testPasswordHash: Promise<string> | undefined;

/**
 * A server on a random port over this project's database (see global-setup.ts). `dataDir` starts it
 * again on the embedded database an earlier app left (stopped with `close()`, not `stop()`).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<TestApp> {
  const databaseUrl = inject("databaseUrl");
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "rr-test-"));
  if (!databaseUrl && !options.dataDir) {
    // Each app gets its own copy of the migrated template: PGlite serves one process.
    fs.cpSync(inject("pgliteTemplate"), path.join(dataDir, "pglite"), { recursive: true });
  }
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    TEACHER_SIGNUP_CODE: TEACHER_CODE,
    // Every test speaks from 127.0.0.1: the limits have tests of their own, with their own settings.
    LOGIN_ATTEMPTS_PER_MINUTE: "1000",
    LOGIN_ATTEMPTS_PER_MINUTE_PER_ACCOUNT: "100000",
    LOGIN_ATTEMPTS_PER_MINUTE_PER_ADDRESS: "100000",
    RESET_REQUESTS_PER_HOUR_PER_ADDRESS: "100000",
    REGISTRATIONS_PER_MINUTE_PER_ADDRESS: "100000",
    REGISTRATIONS_PER_MINUTE: "100000",
    TEACHER_CODE_FAILURES_PER_HOUR_PER_ADDRESS: "100000",
    TEACHER_CODE_FAILURES_PER_HOUR: "100000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "4" } : {}),
    ...env,
  });
  const app = await startApp(config);

  const api: TestApp["api"] = async (method, route, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) {
      headers.authorization = `Bearer ${options.token}`;
    }
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
    }
    if (body !== undefined) {
      headers["content-type"] ??= "application/json";
    }
    const res = await fetch(`${app.url}${route}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };

  const testApp: TestApp = Object.assign(app, {
    dataDir,
    api,
    gql: (query: string, variables?: Record<string, unknown>, token?: string) =>
      api("POST", "/graphql", { body: { query, variables }, ...(token ? { token } : {}) }),
    async createUser(options: Parameters<TestApp["createUser"]>[0] = {}) {
      const role = options.role ?? "student";
      const school = options.school === undefined ? (role === "admin" ? null : "Pimlico Academy") : options.school;
      const email = uniqueEmail(role);
      testPasswordHash ??= hashPassword(TEST_PASSWORD);
      const user = await app.db.prisma.user.create({
        data: {
          email,
          displayName: options.displayName ?? `Test ${role}`,
          role,
          passwordHash: await testPasswordHash,
          schoolId: school ? schoolIdOf(school) : null,
          status: options.status ?? "active",
          blocked: options.blocked ?? false,
        },
      });
      return { id: user.id, email, password: TEST_PASSWORD, token: await app.tokens.issue(user), school };
    },
    async stop() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
  return testApp;
}
