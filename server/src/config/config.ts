import path from "node:path";
import { z } from "zod";
import { isCommonPassword } from "../auth/passwords.js";
import { SESSION_CACHE_TTL_MS } from "../auth/session-cache.js";
import { RECOMMENDATIONS_TTL_MS } from "../modules/books/catalogue-cache.js";
import { CLIENT_DIST_DIR } from "./paths.js";

// Every setting of the server, read and validated in one place. A bad value stops start-up with a
// message that names the variable (see loadConfig).

const boolean = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"], {
    error: "must be true or false",
  })
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

/** "604800", "7d", "12h", "30m" or "45s" to seconds. */
const duration = z.string().transform((value, ctx) => {
  const m = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!m) {
    ctx.addIssue({ code: "custom", message: "must be seconds or a number with s, m, h or d (e.g. 7d)" });
    return z.NEVER;
  }
  const unit = { "": 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as "" | "s" | "m" | "h" | "d"];
  const seconds = Number(m[1]) * unit;
  if (seconds < 60) {
    ctx.addIssue({ code: "custom", message: "must be at least one minute" });
    return z.NEVER;
  }
  return seconds;
});

// Whole decimal numbers only: " ", "0x50" or "1e3" are mistakes, not numbers.
const integer = z
  .string()
  .regex(/^\s*\d+\s*$/, { error: "must be a whole number" })
  .transform((v) => Number(v.trim()));
const port = integer.pipe(z.number().max(65535, { error: "must be a port number (0-65535)" }));
const positiveInt = (max = Number.MAX_SAFE_INTEGER) => integer.pipe(z.number().positive().max(max));
/** Minutes, decimals allowed ("0.5"; tests use a fraction of a second), more than zero. */
const minutes = z
  .string()
  .regex(/^\s*\d+(\.\d+)?\s*$/, { error: "must be a number of minutes (e.g. 15 or 0.5)" })
  .transform((v) => Number(v.trim()))
  .pipe(
    z
      .number()
      .positive({ error: "must be more than zero" })
      .max(7 * 24 * 60),
  );
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  // Unset: every interface, except while demo accounts exist (then this machine only).
  HOST: optionalString,
  PUBLIC_URL: z.url({ error: "must be a URL such as https://reading.example.org" }).optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || /^postgres(ql)?:\/\//.test(v), {
      message: "must be a postgresql:// URL (or unset for the embedded database)",
    })
    .transform((v) => (v ? v : undefined)),
  DATA_DIR: z.string().min(1).default("./data"),
  // Several instances: real-time events and rate limits shared through Redis. Unset: one process.
  REDIS_URL: optionalString.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
    message: "must be a redis:// or rediss:// URL",
  }),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, { error: "must be 1-64 letters, digits, or _ : . -" })
    .default("rr:"),
  DATABASE_POOL_SIZE: positiveInt(200).default(10),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: "must be at least 32 characters",
  }),
  TOKEN_TTL: duration.default(7 * 86400),
  // The bootstrap teacher code: it works for a school until an admin gives the school a code of its own.
  TEACHER_SIGNUP_CODE: optionalString,
  ADMIN_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, {
    message: "must be an email address",
  }),
  ADMIN_PASSWORD: optionalString.refine((v) => v === undefined || v.length >= 8, {
    message: "must be at least 8 characters",
  }),
  SEED_DEMO: boolean.optional(),
  SEED_CATALOGUE: boolean.default(true),
  LOG_QUERIES: boolean.default(false),
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: "must be an smtp:// or smtps:// URL",
  }),
  MAIL_FROM: z.string().min(3).default("Reading Room <no-reply@readingroom.local>"),
  PASSWORD_RESET_TTL: duration.default(3600),
  // Per account and address: a stranger failing elsewhere does not lock the account's owner out.
  LOGIN_ATTEMPTS_PER_MINUTE: positiveInt(100_000).default(10),
  // Per account from every address: the ceiling for guesses spread over many addresses.
  LOGIN_ATTEMPTS_PER_MINUTE_PER_ACCOUNT: positiveInt(100_000).default(50),
  // A whole class signs in from one school address: the per-address limit must allow for that.
  LOGIN_ATTEMPTS_PER_MINUTE_PER_ADDRESS: positiveInt(100_000).default(120),
  // A class registering together from one school address must still get through.
  REGISTRATIONS_PER_MINUTE_PER_ADDRESS: positiveInt(100_000).default(30),
  REGISTRATIONS_PER_MINUTE: positiveInt(100_000).default(300),
  // Wrong teacher sign-up codes: a handful per address, and a ceiling for the whole deployment.
  TEACHER_CODE_FAILURES_PER_HOUR_PER_ADDRESS: positiveInt(100_000).default(5),
  TEACHER_CODE_FAILURES_PER_HOUR: positiveInt(100_000).default(50),
  RESET_REQUESTS_PER_HOUR: positiveInt(100_000).default(5),
  RESET_REQUESTS_PER_HOUR_PER_ADDRESS: positiveInt(100_000).default(60),
  BODY_LIMIT_BYTES: positiveInt(50 * 1024 * 1024).default(100 * 1024),
  GRAPHQL_IDE: boolean.optional(),
  // Other sites' pages allowed to call the API (CORS) and open the WebSocket: exact origins, commas.
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const origins = value
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean);
      for (const origin of origins) {
        let parsed: URL | undefined;
        try {
          parsed = new URL(origin);
        } catch {
          parsed = undefined;
        }
        if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
          ctx.addIssue({ code: "custom", message: `"${origin}" is not an origin such as https://app.example.org` });
          return z.NEVER;
        }
      }
      return origins;
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: positiveInt().default(10_000),
  // How long a verified session is held per token (auth/session-cache.ts); 0 reads it on every request.
  SESSION_CACHE_MS: integer.pipe(z.number().min(0).max(60_000)).default(SESSION_CACHE_TTL_MS),
  // How long a student's recommendations are held (modules/books/book.service.ts); 0 works them out on
  // every dashboard. Their own reading and ratings, and any change to the catalogue, are seen at once.
  RECOMMENDATIONS_CACHE_MS: integer.pipe(z.number().min(0).max(600_000)).default(RECOMMENDATIONS_TTL_MS),
  // Behind a load balancer: "true", a hop count, or addresses/subnets (Express's "trust proxy").
  TRUST_PROXY: z.string().default("false"),
  CLIENT_DIR: z.string().min(1).default(CLIENT_DIST_DIR),
  // The AI: "gemini" needs GEMINI_API_KEY (Developer API) or GOOGLE_GENAI_USE_VERTEXAI with a project
  // and location (Vertex AI, the one to use for schools). Unset: gemini when configured, else offline.
  AI_PROVIDER: z.enum(["gemini", "offline"]).optional(),
  GEMINI_API_KEY: optionalString,
  GEMINI_MODEL: z.string().min(1).default("gemini-2.5-flash-lite"),
  GEMINI_BASE_URL: optionalString.refine((v) => v === undefined || /^https?:\/\//.test(v), {
    message: "must be an http(s) URL",
  }),
  GOOGLE_GENAI_USE_VERTEXAI: boolean.default(false),
  GOOGLE_CLOUD_PROJECT: optionalString,
  GOOGLE_CLOUD_LOCATION: optionalString,
  AI_TIMEOUT_MS: positiveInt(300_000).default(20_000),
  AI_MAX_RETRIES: integer.pipe(z.number().max(10)).default(2),
  // The AI judge of the safeguarding classifier (layer 3), with Gemini: on unless "false"; how long a
  // child's answer may wait for its verdict (then layers 1 and 2 decide alone).
  MODERATION_JUDGE: boolean.default(true),
  MODERATION_JUDGE_TIMEOUT_MS: positiveInt(30_000).default(4_000),
  // The offline answer is ready at once; paced, it streams like a real reply (0 = all at once).
  AI_OFFLINE_PACE_MS: integer.pipe(z.number().max(1000)).default(25),
  STRIKES_TO_BLOCK: positiveInt(100).default(3),
  CHAT_DAILY_MESSAGE_LIMIT: positiveInt(100_000).default(150),
  CHAT_MESSAGE_MAX_LENGTH: positiveInt(20_000).default(1000),
  // An urgent alert's e-mail to the school's safeguarding contacts goes again this often until reviewed.
  ALERT_RESEND_MINUTES: minutes.default(15),
});

/** Every environment variable the server reads (the deployment files are checked against it). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; poolSize: number };
  dataDir: string;
  /** Shared events and rate limits for several instances; undefined: in memory, one process. */
  redis: { url: string; prefix: string } | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  /** How long a verified session is held per token; 0: not held. */
  sessionCacheMs: number;
  /** How long a student's recommendations are held; 0: worked out on every dashboard. */
  recommendationsCacheMs: number;
  teacherSignupCode: string | undefined;
  admin: { email: string; password: string } | undefined;
  seedDemo: boolean;
  /** The public-domain seed books (on by default; tests that build their own catalogue turn it off). */
  seedCatalogue: boolean;
  /** Count (and log at debug level) every SQL statement: a diagnostic, used by tests and benchmarks. */
  logQueries: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  passwordResetTtlSeconds: number;
  limits: {
    /** Sign-in attempts per account and address. */
    loginPerAccountAddressPerMinute: number;
    /** Sign-in attempts per account from all addresses together. */
    loginPerAccountPerMinute: number;
    loginPerAddressPerMinute: number;
    registrationsPerAddressPerMinute: number;
    registrationsPerMinute: number;
    teacherCodeFailuresPerAddressPerHour: number;
    teacherCodeFailuresPerHour: number;
    resetPerEmailPerHour: number;
    resetPerAddressPerHour: number;
  };
  bodyLimitBytes: number;
  graphqlIde: boolean;
  /** Exact origins allowed cross-origin requests and WebSockets (none by default). */
  corsOrigins: string[];
  logLevel: string;
  shutdownTimeoutMs: number;
  trustProxy: boolean | number | string;
  /** The built client served at / (nothing is served there when it is not built). */
  clientDir: string;
  ai: AiConfig;
  chat: {
    /** Strikes (harmful messages or reviews) that block a student's account. */
    strikesToBlock: number;
    /** Messages a student may send per day (London time), across all their chats. */
    dailyMessageLimit: number;
    maxMessageLength: number;
  };
  safeguarding: {
    /** How long after an urgent alert's e-mail it is sent again while nobody has reviewed the alert. */
    alertResendMs: number;
  };
};

export type AiConfig =
  | { provider: "offline"; paceMs: number }
  | {
      provider: "gemini";
      model: string;
      apiKey?: string;
      vertex?: { project: string; location: string };
      baseUrl?: string;
      timeoutMs: number;
      maxRetries: number;
      /** The safeguarding classifier's AI judge, or null when it is turned off. */
      judge: { timeoutMs: number } | null;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads the configuration from an environment (process.env by default) or throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `FOO=` in a .env file means "use the default".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push("ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither");
  }
  if (e.NODE_ENV === "production" && e.DATABASE_URL && !e.JWT_SECRET) {
    problems.push("JWT_SECRET: required in production with DATABASE_URL (every instance must share it)");
  }
  if (e.NODE_ENV === "production" && e.TEACHER_SIGNUP_CODE !== undefined) {
    const weakness = teacherCodeWeakness(e.TEACHER_SIGNUP_CODE);
    if (weakness) {
      problems.push(`TEACHER_SIGNUP_CODE: ${weakness} in production (at least ${MIN_TEACHER_CODE_LENGTH} characters)`);
    }
  }
  if (e.NODE_ENV === "production" && e.SMTP_URL && !e.PUBLIC_URL) {
    problems.push("PUBLIC_URL: required in production with SMTP_URL (password reset links point to it)");
  }
  const ai = aiConfig(e, problems);
  if (problems.length) {
    throw new ConfigError(problems);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const embedded = e.DATABASE_URL === undefined;
  // Demo accounts (published passwords) are for trying the product on one machine: never on a real
  // database, and in production only when asked for by name.
  const seedDemo = embedded && (e.SEED_DEMO ?? e.NODE_ENV !== "production");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (seedDemo ? "127.0.0.1" : "0.0.0.0"),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    database: embedded
      ? { kind: "pglite", dataDir: path.join(dataDir, "pglite") }
      : { kind: "postgres", url: e.DATABASE_URL as string, poolSize: e.DATABASE_POOL_SIZE },
    dataDir,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL,
    sessionCacheMs: e.SESSION_CACHE_MS,
    recommendationsCacheMs: e.RECOMMENDATIONS_CACHE_MS,
    teacherSignupCode: e.TEACHER_SIGNUP_CODE,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo,
    seedCatalogue: e.SEED_CATALOGUE,
    logQueries: e.LOG_QUERIES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    passwordResetTtlSeconds: e.PASSWORD_RESET_TTL,
    limits: {
      loginPerAccountAddressPerMinute: e.LOGIN_ATTEMPTS_PER_MINUTE,
      loginPerAccountPerMinute: e.LOGIN_ATTEMPTS_PER_MINUTE_PER_ACCOUNT,
      loginPerAddressPerMinute: e.LOGIN_ATTEMPTS_PER_MINUTE_PER_ADDRESS,
      registrationsPerAddressPerMinute: e.REGISTRATIONS_PER_MINUTE_PER_ADDRESS,
      registrationsPerMinute: e.REGISTRATIONS_PER_MINUTE,
      teacherCodeFailuresPerAddressPerHour: e.TEACHER_CODE_FAILURES_PER_HOUR_PER_ADDRESS,
      teacherCodeFailuresPerHour: e.TEACHER_CODE_FAILURES_PER_HOUR,
      resetPerEmailPerHour: e.RESET_REQUESTS_PER_HOUR,
      resetPerAddressPerHour: e.RESET_REQUESTS_PER_HOUR_PER_ADDRESS,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    graphqlIde: e.GRAPHQL_IDE ?? e.NODE_ENV !== "production",
    corsOrigins: e.CORS_ORIGINS,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    clientDir: path.resolve(e.CLIENT_DIR),
    ai,
    chat: {
      strikesToBlock: e.STRIKES_TO_BLOCK,
      dailyMessageLimit: e.CHAT_DAILY_MESSAGE_LIMIT,
      maxMessageLength: e.CHAT_MESSAGE_MAX_LENGTH,
    },
    safeguarding: { alertResendMs: Math.max(1, Math.round(e.ALERT_RESEND_MINUTES * 60_000)) },
  };
}

export const MIN_TEACHER_CODE_LENGTH = 12;

/** Why a teacher code is too easy to guess online, or undefined when it is not. */
export function teacherCodeWeakness(code: string): string | undefined {
  if (code.length < MIN_TEACHER_CODE_LENGTH) {
    return `too short (${code.length} characters)`;
  }
  if (new Set(code.toLowerCase()).size < 6) {
    return "too few different characters";
  }
  if (isCommonPassword(code)) {
    return "a common password";
  }
  return undefined;
}

function aiConfig(e: z.infer<typeof envSchema>, problems: string[]): AiConfig {
  const vertex = e.GOOGLE_GENAI_USE_VERTEXAI;
  if (vertex && !(e.GOOGLE_CLOUD_PROJECT && e.GOOGLE_CLOUD_LOCATION)) {
    problems.push("GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION: required with GOOGLE_GENAI_USE_VERTEXAI");
  }
  const configured = vertex || e.GEMINI_API_KEY !== undefined;
  const provider = e.AI_PROVIDER ?? (configured ? "gemini" : "offline");
  if (provider === "offline") {
    return { provider, paceMs: e.AI_OFFLINE_PACE_MS };
  }
  if (!configured) {
    problems.push("AI_PROVIDER=gemini: set GEMINI_API_KEY, or GOOGLE_GENAI_USE_VERTEXAI with a project and location");
  }
  return {
    provider,
    model: e.GEMINI_MODEL,
    ...(vertex
      ? { vertex: { project: e.GOOGLE_CLOUD_PROJECT ?? "", location: e.GOOGLE_CLOUD_LOCATION ?? "" } }
      : { apiKey: e.GEMINI_API_KEY }),
    ...(e.GEMINI_BASE_URL ? { baseUrl: e.GEMINI_BASE_URL } : {}),
    timeoutMs: e.AI_TIMEOUT_MS,
    maxRetries: e.AI_MAX_RETRIES,
    judge: e.MODERATION_JUDGE ? { timeoutMs: e.MODERATION_JUDGE_TIMEOUT_MS } : null,
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true" || value === "false") {
    return value === "true";
  }
  return /^\d+$/.test(value) ? Number(value) : value;
}
