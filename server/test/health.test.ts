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
});
