import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { MAX_TEXT_BYTES } from "../modules/admin/admin-books.service.js";
import { MAX_COVER_BYTES } from "../modules/covers/cover.service.js";
import { ENV_VARIABLES } from "./config.js";
import { PROJECT_ROOT } from "./paths.js";

// The deployment files against the code: docker-compose.yml, .env.example, the Dockerfile and the
// load balancer's config. A variable added to the config schema fails here until someone decides
// whether compose passes it on (and .env.example describes it), or lists it below with a reason.

const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8");

/** Variables the compose app service deliberately does not set, and why. */
const NOT_IN_COMPOSE: Record<string, string> = {
  HOST: "the image listens on every interface (0.0.0.0, the default) inside its container",
  DATA_DIR: "only the embedded database uses it; compose runs PostgreSQL (the Dockerfile sets /data anyway)",
  CLIENT_DIR: "the built client is inside the image, where the default points",
  SEED_DEMO: "demo accounts are never created on PostgreSQL, whatever its value (and compose runs in production)",
  LOG_QUERIES: "a diagnostic for tests and benchmarks",
  GEMINI_BASE_URL: "points the AI at a fake server in tests",
};

/** Variables .env.example deliberately does not describe, and why. */
const NOT_IN_ENV_EXAMPLE: Record<string, string> = {};

type ComposeService = {
  deploy?: { replicas?: number };
  environment?: Record<string, unknown> | string[];
  healthcheck?: { test?: unknown; disable?: boolean };
  ports?: unknown[];
  volumes?: unknown[];
  image?: string;
};
type ComposeFile = { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };

const compose = () => parse(read("docker-compose.yml")) as ComposeFile;

/** The names in a service's environment, in either of compose's forms (map, or KEY=value list). */
function environmentNames(service: ComposeService): string[] {
  const env = service.environment ?? {};
  return Array.isArray(env) ? env.map((entry) => entry.split("=")[0] as string) : Object.keys(env);
}

describe("docker-compose.yml", () => {
  it("parses, with the app, PostgreSQL, Redis and a load balancer", () => {
    const file = compose();
    expect(Object.keys(file.services)).toEqual(expect.arrayContaining(["app", "postgres", "redis", "lb"]));
  });

  it("runs two app replicas behind the load balancer, with no host port on the app", () => {
    const { app, lb } = compose().services;
    expect(app?.deploy?.replicas).toBe(2);
    expect(app?.ports ?? []).toEqual([]);
    expect(lb?.ports?.length).toBeGreaterThan(0);
  });

  it("gives every service a health check", () => {
    for (const [name, service] of Object.entries(compose().services)) {
      expect(service.healthcheck?.test, `${name} has no health check`).toBeDefined();
      expect(service.healthcheck?.disable, `${name} disables its health check`).not.toBe(true);
    }
  });

  it("keeps PostgreSQL's data in a named volume", () => {
    const file = compose();
    const mounts = (file.services.postgres?.volumes ?? []).map(String);
    const data = mounts.find((mount) => mount.endsWith(":/var/lib/postgresql/data"));
    expect(data).toBeDefined();
    expect(Object.keys(file.volumes ?? {})).toContain(data?.split(":")[0]);
  });

  it("uses PostgreSQL 15 and Redis 7, and points the app at both", () => {
    const { app, postgres, redis } = compose().services;
    expect(postgres?.image).toMatch(/^postgres:15(\b|$)/);
    expect(redis?.image).toMatch(/^redis:7(\b|$)/);
    const env = app?.environment as Record<string, string>;
    expect(env.DATABASE_URL).toMatch(/^postgresql:\/\/[^@]+@postgres:5432\//);
    expect(env.REDIS_URL).toBe("redis://redis:6379");
    expect(env.NODE_ENV).toBe("production");
    expect(env.TRUST_PROXY).toBe("1");
  });

  it("names every variable of the app's configuration, or says why not", () => {
    const named = new Set(environmentNames(compose().services.app ?? {}));
    const undecided = ENV_VARIABLES.filter((name) => !named.has(name) && !(name in NOT_IN_COMPOSE));
    expect(undecided, "add these to the app's environment in docker-compose.yml, or to NOT_IN_COMPOSE").toEqual([]);
    // The list of exceptions stays true: nothing in it is both left out and passed on, or unknown.
    const known = new Set<string>(ENV_VARIABLES);
    for (const name of Object.keys(NOT_IN_COMPOSE)) {
      expect(known.has(name), `${name} is not a configuration variable`).toBe(true);
      expect(named.has(name), `${name} is passed on after all`).toBe(false);
    }
  });
});

describe(".env.example", () => {
  it("describes every variable of the configuration, or says why not", () => {
    const text = read(".env.example");
    const described = new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    const missing = ENV_VARIABLES.filter((name) => !described.has(name) && !(name in NOT_IN_ENV_EXAMPLE));
    expect(missing, "add these to .env.example, or to NOT_IN_ENV_EXAMPLE").toEqual([]);
  });
});

describe("Dockerfile", () => {
  /** The instructions of the last stage (the image that runs), continuation lines joined. */
  function finalStage(): string[] {
    const lines = read("Dockerfile")
      .replace(/\\\r?\n/g, " ")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    const from = lines.findLastIndex((line) => /^FROM\s/i.test(line));
    return lines.slice(from);
  }

  it("runs the final stage as a user who is not root", () => {
    const users = finalStage().filter((line) => /^USER\s/i.test(line));
    expect(users.length).toBeGreaterThan(0);
    const user = users.at(-1)?.split(/\s+/)[1] ?? "";
    expect(["root", "0", "0:0"]).not.toContain(user.toLowerCase());
  });

  it("has a health check in the final stage", () => {
    expect(finalStage().some((line) => /^HEALTHCHECK\s+(?!NONE)/i.test(line))).toBe(true);
  });

  it("builds from Node 24", () => {
    const images = read("Dockerfile")
      .split(/\r?\n/)
      .filter((line) => /^FROM\s/i.test(line));
    expect(images.length).toBeGreaterThan(1);
    images.forEach((line) => expect(line).toMatch(/^FROM\s+node:24/i));
  });
});

describe("deploy/nginx.conf", () => {
  const conf = () => read("deploy/nginx.conf");

  it("passes WebSocket upgrades and keeps subscriptions open", () => {
    const text = conf();
    expect(text).toMatch(/proxy_set_header\s+Upgrade\s+\$http_upgrade;/);
    expect(text).toMatch(/proxy_set_header\s+Connection\s+\$connection_upgrade;/);
    const graphql = /location \/graphql \{([^}]*)\}/.exec(text)?.[1] ?? "";
    const timeout = /proxy_read_timeout\s+(\d+)s;/.exec(graphql)?.[1];
    expect(Number(timeout)).toBeGreaterThanOrEqual(600);
  });

  it("tells the app the client's address and scheme", () => {
    const text = conf();
    expect(text).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for;/);
    expect(text).toMatch(/proxy_set_header\s+X-Forwarded-Proto\s+/);
  });

  it("re-resolves the app's replicas from Docker's DNS", () => {
    const text = conf();
    expect(text).toMatch(/resolver\s+127\.0\.0\.11\b/);
    expect(text).toMatch(/server\s+app:3000\s+resolve;/);
  });

  it("accepts a body as large as the app's largest upload, so the app gives its own error", () => {
    const size = /client_max_body_size\s+(\d+)([km]?);/i.exec(conf());
    expect(size).not.toBeNull();
    const unit = { "": 1, k: 1024, m: 1024 * 1024 }[(size?.[2] ?? "").toLowerCase() as "" | "k" | "m"];
    expect(Number(size?.[1]) * unit).toBeGreaterThanOrEqual(Math.max(MAX_TEXT_BYTES, MAX_COVER_BYTES));
  });
});
