import { describe, expect, it } from "vitest";
import { createLogger } from "./app.js";

// A stand-in for stdout: a terminal (isTTY) or not (a pipe, a file, a container's log driver).
function fakeStdout(isTTY: boolean) {
  const chunks: string[] = [];
  return {
    isTTY,
    write(chunk: string) {
      chunks.push(chunk);
      return true;
    },
    text: () => chunks.join(""),
  };
}

// eslint-disable-next-line no-control-regex
const withoutColours = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

describe("createLogger", () => {
  it("writes one JSON object per line when stdout is not a terminal", () => {
    const stdout = fakeStdout(false);
    const logger = createLogger({ logLevel: "info" }, stdout);
    logger.info({ port: 3000 }, "listening");
    logger.warn("careful");

    const lines = stdout.text().trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0] as string) as Record<string, unknown>;
    expect(first).toMatchObject({ level: 30, msg: "listening", port: 3000 });
    expect(typeof first.time).toBe("number");
    expect(JSON.parse(lines[1] as string)).toMatchObject({ level: 40, msg: "careful" });
  });

  it("writes readable lines, with the level and the time of day, when stdout is a terminal", () => {
    const stdout = fakeStdout(true);
    const logger = createLogger({ logLevel: "info" }, stdout);
    logger.info({ port: 3000 }, "listening");

    const text = withoutColours(stdout.text());
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: listening\n/);
    expect(text).toContain("port: 3000");
    // The machine's name and the process id say nothing to a person at their own terminal.
    expect(text).not.toContain("hostname");
    expect(text).not.toContain("pid");
  });

  it("sums a request up on one line in a terminal, and keeps all of it in JSON", () => {
    const request = {
      req: { id: 2, method: "GET", url: "/api/books", headers: { "user-agent": "curl/8" }, remotePort: 40042 },
      res: { statusCode: 404, headers: { "content-type": "application/json" } },
      responseTime: 3,
    };
    const terminal = fakeStdout(true);
    createLogger({ logLevel: "info" }, terminal).info(request, "request completed");
    expect(withoutColours(terminal.text())).toMatch(/^\[[\d:.]+\] INFO: GET \/api\/books 404 3ms\n$/);

    const pipe = fakeStdout(false);
    createLogger({ logLevel: "info" }, pipe).info(request, "request completed");
    expect(JSON.parse(pipe.text())).toMatchObject({ ...request, msg: "request completed" });
  });

  it("keeps LOG_LEVEL's level, in a terminal or not", () => {
    for (const isTTY of [true, false]) {
      const stdout = fakeStdout(isTTY);
      const logger = createLogger({ logLevel: "warn" }, stdout);
      logger.info("hidden");
      logger.warn("shown");
      expect(stdout.text()).not.toContain("hidden");
      expect(stdout.text()).toContain("shown");

      const silent = fakeStdout(isTTY);
      createLogger({ logLevel: "silent" }, silent).fatal("never");
      expect(silent.text()).toBe("");
    }
  });

  it("keeps redacting secrets in readable lines too", () => {
    const stdout = fakeStdout(true);
    createLogger({ logLevel: "info" }, stdout).info({ body: { password: "hunter22" } }, "signed in");
    expect(stdout.text()).not.toContain("hunter22");
    expect(stdout.text()).toContain("[redacted]");
  });
});
