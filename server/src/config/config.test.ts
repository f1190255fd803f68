import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

const SECRET = "s".repeat(32);
const POSTGRES_URL = "postgresql://reader:pw@db.example.org:5432/reading_room";

/** Runs loadConfig and returns the ConfigError it throws; fails the test when it does not throw one. */
function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      return error;
    }
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe("loadConfig defaults", () => {
  it("uses the embedded PGlite database under DATA_DIR/pglite", () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: "pglite", dataDir: path.resolve("data", "pglite") });
    expect(config.dataDir).toBe(path.resolve("data"));
  });

  it("puts the embedded database under a configured DATA_DIR", () => {
    const config = loadConfig({ DATA_DIR: "/var/lib/reading-room" });
    expect(config.database).toEqual({ kind: "pglite", dataDir: path.join("/var/lib/reading-room", "pglite") });
  });

  it("listens on port 3000", () => {
    expect(loadConfig({}).port).toBe(3000);
  });

  it("reads empty variables as unset", () => {
    const config = loadConfig({ PORT: "", DATABASE_URL: "", JWT_SECRET: "" });
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe("pglite");
    expect(config.jwtSecret).toBeUndefined();
  });

  it("issues tokens for 7 days, in seconds", () => {
    expect(loadConfig({}).tokenTtlSeconds).toBe(604_800);
  });

  it("seeds the demo accounts with the embedded database", () => {
    expect(loadConfig({}).seedDemo).toBe(true);
  });

  it("lets SEED_DEMO=false turn demo seeding off with the embedded database", () => {
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("never seeds demo accounts with DATABASE_URL", () => {
    const config = loadConfig({ DATABASE_URL: POSTGRES_URL });
    expect(config.database).toEqual({ kind: "postgres", url: POSTGRES_URL, poolSize: 10 });
    expect(config.seedDemo).toBe(false);
  });

  it("never seeds demo accounts with DATABASE_URL even when SEED_DEMO=true", () => {
    expect(loadConfig({ DATABASE_URL: POSTGRES_URL, SEED_DEMO: "true" }).seedDemo).toBe(false);
  });

  it("never seeds demo accounts in production unless SEED_DEMO=true says so", () => {
    expect(loadConfig({ NODE_ENV: "production" }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("listens on every interface, but on this machine only while demo accounts exist", () => {
    expect(loadConfig({ NODE_ENV: "production" }).host).toBe("0.0.0.0");
    expect(loadConfig({ SEED_DEMO: "false" }).host).toBe("0.0.0.0");
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO: "true" }).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO: "true", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });

  it.each([
    ["short", "letmein-2026", undefined],
    ["short", "teach123", "TEACHER_SIGNUP_CODE: too short (8 characters) in production (at least 12 characters)"],
    [
      "one key",
      "aaaaaaaaaaaaaaa",
      "TEACHER_SIGNUP_CODE: too few different characters in production (at least 12 characters)",
    ],
    ["common", "qwerty123456", "TEACHER_SIGNUP_CODE: a common password in production (at least 12 characters)"],
  ])("judges a %s teacher code in production: %j", (_case, code, problem) => {
    const env = { NODE_ENV: "production", TEACHER_SIGNUP_CODE: code };
    if (problem) {
      expect(configErrorOf(env).problems).toEqual([problem]);
    } else {
      expect(loadConfig(env).teacherSignupCode).toBe(code);
    }
    // Outside production a short code is a developer's own business.
    expect(loadConfig({ TEACHER_SIGNUP_CODE: code }).teacherSignupCode).toBe(code);
  });

  it("starts in production with DATABASE_URL when JWT_SECRET is set", () => {
    const config = loadConfig({ NODE_ENV: "production", DATABASE_URL: POSTGRES_URL, JWT_SECRET: SECRET });
    expect(config.env).toBe("production");
    expect(config.jwtSecret).toBe(SECRET);
  });

  it("takes ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    const config = loadConfig({ ADMIN_EMAIL: "head@school.example.org", ADMIN_PASSWORD: "long enough" });
    expect(config.admin).toEqual({ email: "head@school.example.org", password: "long enough" });
  });

  it("keeps events and limits in one process unless REDIS_URL is set", () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "rediss://cache.example.org:6380" }).redis).toEqual({
      url: "rediss://cache.example.org:6380",
      prefix: "rr:",
    });
    expect(loadConfig({ REDIS_URL: "redis://r:6379", REDIS_PREFIX: "school-b:" }).redis?.prefix).toBe("school-b:");
  });

  it("accepts smtp:// and smtps:// URLs", () => {
    expect(loadConfig({ SMTP_URL: "smtp://mail.example.org:25" }).smtpUrl).toBe("smtp://mail.example.org:25");
    expect(loadConfig({ SMTP_URL: "smtps://u:p@mail.example.org" }).smtpUrl).toBe("smtps://u:p@mail.example.org");
  });
});

describe("loadConfig TOKEN_TTL", () => {
  it.each([
    ["7d", 604_800],
    ["12h", 43_200],
    ["30m", 1_800],
    ["3600", 3_600],
  ])("reads %s as %i seconds", (value, seconds) => {
    expect(loadConfig({ TOKEN_TTL: value }).tokenTtlSeconds).toBe(seconds);
  });

  it("refuses a TTL under one minute", () => {
    const error = configErrorOf({ TOKEN_TTL: "30s" });
    expect(error.problems).toEqual(["TOKEN_TTL: must be at least one minute"]);
  });
});

describe("loadConfig refuses bad values with a ConfigError naming the variable", () => {
  it.each<[string, Record<string, string>, string]>([
    ["PORT=abc", { PORT: "abc" }, "PORT"],
    ["PORT out of range", { PORT: "70000" }, "PORT"],
    ["DATABASE_URL=mysql://x", { DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    ["JWT_SECRET shorter than 32 characters", { JWT_SECRET: "s".repeat(31) }, "JWT_SECRET"],
    ["TOKEN_TTL=soon", { TOKEN_TTL: "soon" }, "TOKEN_TTL"],
    ["SMTP_URL=http://x", { SMTP_URL: "http://x" }, "SMTP_URL"],
    ["SEED_DEMO=maybe", { SEED_DEMO: "maybe" }, "SEED_DEMO"],
    ["REDIS_URL=http://x", { REDIS_URL: "http://x" }, "REDIS_URL"],
    ["REDIS_PREFIX with a space", { REDIS_PREFIX: "rr prod" }, "REDIS_PREFIX"],
  ])("%s", (_label, env, variable) => {
    const error = configErrorOf(env);
    expect(error.name).toBe("ConfigError");
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(new RegExp(`^${variable}: `));
    expect(error.message).toContain(`${variable}: `);
  });

  it("ADMIN_EMAIL without ADMIN_PASSWORD", () => {
    const error = configErrorOf({ ADMIN_EMAIL: "head@school.example.org" });
    expect(error.problems).toEqual(["ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither"]);
    expect(error.message).toContain("ADMIN_EMAIL");
  });

  it("ADMIN_PASSWORD without ADMIN_EMAIL", () => {
    const error = configErrorOf({ ADMIN_PASSWORD: "long enough" });
    expect(error.problems).toEqual(["ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither"]);
  });

  it("production with DATABASE_URL and no JWT_SECRET", () => {
    const error = configErrorOf({ NODE_ENV: "production", DATABASE_URL: POSTGRES_URL });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^JWT_SECRET: required in production/);
  });

  it("lists every bad variable at once", () => {
    const error = configErrorOf({ PORT: "abc", SMTP_URL: "http://x", TOKEN_TTL: "soon" });
    expect(error.problems.map((p) => p.split(":")[0]).sort()).toEqual(["PORT", "SMTP_URL", "TOKEN_TTL"]);
  });
});

describe("the AI and chat settings", () => {
  it("answers offline without a Gemini key, with the chat's limits", () => {
    const config = loadConfig({});
    expect(config.ai).toEqual({ provider: "offline", paceMs: 25 });
    expect(config.chat).toEqual({ strikesToBlock: 3, dailyMessageLimit: 150, maxMessageLength: 1000 });
  });

  it("uses Gemini's Developer API when a key is set, with a fast light model by default", () => {
    const config = loadConfig({ GEMINI_API_KEY: "key-1" });
    expect(config.ai).toEqual({
      provider: "gemini",
      model: "gemini-2.5-flash-lite",
      apiKey: "key-1",
      timeoutMs: 20_000,
      maxRetries: 2,
      judge: { timeoutMs: 4_000 },
    });
  });

  it("runs the safeguarding classifier's AI judge with Gemini, unless turned off", () => {
    const on = loadConfig({ GEMINI_API_KEY: "key-1", MODERATION_JUDGE_TIMEOUT_MS: "1500" });
    expect(on.ai).toMatchObject({ judge: { timeoutMs: 1_500 } });
    expect(loadConfig({ GEMINI_API_KEY: "key-1", MODERATION_JUDGE: "false" }).ai).toMatchObject({ judge: null });
    expect(configErrorOf({ GEMINI_API_KEY: "key-1", MODERATION_JUDGE_TIMEOUT_MS: "0" }).problems.join("\n")).toMatch(
      /MODERATION_JUDGE_TIMEOUT_MS/,
    );
  });

  it("uses Vertex AI with a project and location (what schools deploy on)", () => {
    const config = loadConfig({
      GOOGLE_GENAI_USE_VERTEXAI: "true",
      GOOGLE_CLOUD_PROJECT: "school-ai",
      GOOGLE_CLOUD_LOCATION: "europe-west2",
      GEMINI_MODEL: "gemini-2.5-flash",
    });
    expect(config.ai).toMatchObject({
      provider: "gemini",
      model: "gemini-2.5-flash",
      vertex: { project: "school-ai", location: "europe-west2" },
    });
    expect(config.ai).not.toHaveProperty("apiKey");
  });

  it("refuses Gemini without credentials, and Vertex AI without a project and location", () => {
    expect(configErrorOf({ AI_PROVIDER: "gemini" }).problems.join("\n")).toMatch(/AI_PROVIDER=gemini/);
    expect(configErrorOf({ GOOGLE_GENAI_USE_VERTEXAI: "true" }).problems.join("\n")).toMatch(
      /GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION/,
    );
    expect(configErrorOf({ GEMINI_BASE_URL: "ftp://x" }).problems.join("\n")).toMatch(/GEMINI_BASE_URL/);
    expect(configErrorOf({ STRIKES_TO_BLOCK: "0" }).problems.join("\n")).toMatch(/STRIKES_TO_BLOCK/);
  });

  it("can be told to stay offline even with a key", () => {
    expect(loadConfig({ AI_PROVIDER: "offline", GEMINI_API_KEY: "key-1" }).ai.provider).toBe("offline");
  });
});

describe("the safeguarding alert settings", () => {
  it("re-sends an unreviewed urgent alert's e-mail every 15 minutes unless told otherwise", () => {
    expect(loadConfig({}).safeguarding).toEqual({ alertResendMs: 900_000 });
    expect(loadConfig({ ALERT_RESEND_MINUTES: "0.5" }).safeguarding.alertResendMs).toBe(30_000);
    expect(loadConfig({ ALERT_RESEND_MINUTES: "60" }).safeguarding.alertResendMs).toBe(3_600_000);
  });

  it.each(["0", "-5", "soon", "1e3", "20000"])("refuses ALERT_RESEND_MINUTES=%s", (value) => {
    expect(configErrorOf({ ALERT_RESEND_MINUTES: value }).problems).toEqual([
      expect.stringMatching(/^ALERT_RESEND_MINUTES: /),
    ]);
  });
});
