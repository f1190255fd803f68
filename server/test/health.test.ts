import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/test-app.js";

describe("server", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it("reports the database reachable at /healthz", async () => {
    const res = await app.api("GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "up", databaseKind: process.env.TEST_DATABASE });
  });

  it("runs on Node 24", () => {
    console.log(`node ${process.version}`);
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await app.api("GET", "/api/nope");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "Not found" });
  });

  it("serves the GraphQL IDE from its own files to a browser at /graphql", async () => {
    const page = await app.api("GET", "/graphql", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = page.body as string;
    expect(html).toContain("AltairGraphQL.init");
    expect(html).toContain('<base href="/graphql-ide/">');
    // Nothing is loaded from another host: every script and stylesheet is relative.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    for (const asset of [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1])) {
      const res = await fetch(`${app.url}/graphql-ide/${asset}`);
      expect(res.status, asset).toBe(200);
      await res.arrayBuffer();
    }
  });

  it("still answers GraphQL requests at /graphql", async () => {
    const res = await app.gql("{ schools { name } }");
    expect(res.status).toBe(200);
    expect(res.body.data.schools).toHaveLength(24);
    expect(res.body.data.schools[0]).toEqual({ name: "Pimlico Academy" });
  });
});

describe("graceful shutdown", () => {
  it("lets in-flight requests finish, then refuses new connections", async () => {
    const app = await startTestApp();
    const user = await app.createUser();
    // A login takes tens of milliseconds of argon2id: it is still running when close() starts.
    const received = new Promise((resolve) => app.httpServer.once("request", resolve));
    const inFlight = app.api("POST", "/api/auth/login", { body: { email: user.email, password: user.password } });
    await received;
    const closed = app.stop();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    await closed;
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  });
});
