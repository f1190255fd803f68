import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/test-app.js";

// The server's side of the client: a built client folder of our own making (the real one is tested
// in the browser suite), served with an SPA fallback and real 404s.
describe("serving the built client", () => {
  let app: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-client-"));
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(
      path.join(clientDir, "index.html"),
      "<!doctype html><title>Reading Room</title><div id=root></div>",
    );
    fs.writeFileSync(path.join(clientDir, "assets", "main-abc123.js"), "console.log('hi')");
    fs.writeFileSync(path.join(clientDir, "favicon.svg"), "<svg/>");
    app = await startTestApp({ CLIENT_DIR: clientDir });
  });
  afterAll(async () => {
    await app.stop();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("serves index.html at / and at any client route, never cached", async () => {
    for (const route of ["/", "/dashboard", "/books/some-id/review", "/no/such/page"]) {
      const res = await app.api("GET", route, { headers: { accept: "text/html" } });
      expect(res.status, route).toBe(200);
      expect(res.body, route).toContain("<title>Reading Room</title>");
      expect(res.headers.get("cache-control"), route).toBe("no-cache");
    }
  });

  it("serves hashed assets with a long cache life", async () => {
    const res = await app.api("GET", "/assets/main-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers a missing file with 404, not with the app", async () => {
    for (const route of ["/assets/missing.js", "/missing.png", "/favicon.ico"]) {
      const res = await app.api("GET", route, { headers: { accept: "text/html" } });
      expect(res.status, route).toBe(404);
    }
  });

  it("keeps /api JSON 404s and GraphQL apart from the client", async () => {
    const api = await app.api("GET", "/api/unknown", { headers: { accept: "text/html" } });
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: "Not found", code: "NOT_FOUND" });
    const gql = await app.gql("{ schools { id } }");
    expect(gql.status).toBe(200);
  });

  it("does not serve the app to non-browser requests for unknown paths", async () => {
    const res = await app.api("GET", "/unknown", { headers: { accept: "application/json" } });
    expect(res.status).toBe(404);
  });
});
