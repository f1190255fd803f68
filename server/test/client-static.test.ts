import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./helpers/test-app.js";

// The server's side of the client: a built client folder of our own making (the real one is tested
// in the browser suite), served with an SPA fallback and real 404s.
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const line${i} = "Reading Room ${i}";`).join("\n");

/** A GET with exactly these request headers, and the body as it came over the wire (not decoded). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

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
    // A larger asset with the build's precompressed copies beside it (client/vite.config.ts).
    fs.writeFileSync(path.join(clientDir, "assets", "big-abc123.js"), BIG_SCRIPT);
    fs.writeFileSync(path.join(clientDir, "assets", "big-abc123.js.br"), zlib.brotliCompressSync(BIG_SCRIPT));
    fs.writeFileSync(path.join(clientDir, "assets", "big-abc123.js.gz"), zlib.gzipSync(BIG_SCRIPT));
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

  it("sends the build's brotli or gzip copy of an asset to a browser that accepts it, the file itself otherwise", async () => {
    const url = `${app.url}/assets/big-abc123.js`;
    const br = await rawGet(url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT);
    expect(br.body.length).toBeLessThan(BIG_SCRIPT.length / 4);

    const gzip = await rawGet(url, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(BIG_SCRIPT);

    const plain = await rawGet(url, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
  });

  it("compresses a JSON response over 1 KB, and leaves a small one as it is", async () => {
    const query = encodeURIComponent("{ __schema { types { name description } } }");
    const big = await rawGet(`${app.url}/graphql?query=${query}`, {
      "accept-encoding": "br, gzip",
      accept: "application/json",
      "apollo-require-preflight": "true",
    });
    expect(big.status).toBe(200);
    expect(big.headers["content-encoding"]).toBe("br");
    const decoded = JSON.parse(zlib.brotliDecompressSync(big.body).toString()) as { data: unknown };
    expect(decoded.data).toBeTruthy();
    expect(zlib.brotliDecompressSync(big.body).length).toBeGreaterThan(1024);

    const small = await rawGet(`${app.url}/healthz`, { "accept-encoding": "br, gzip" });
    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ status: "ok" });
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
