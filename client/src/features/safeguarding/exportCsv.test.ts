import { afterEach, describe, expect, it, vi } from "vitest";
import { NO_RESPONSE } from "../../lib/messages";
import { onUnauthenticated } from "../../lib/session-events";
import { storeSignedIn, buildUser } from "../../test/factories";
import { downloadAlertsCsv, EXPORT_FAILED, fileNameOf } from "./exportCsv";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubFetch(response: Response | Error) {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) {
      throw response;
    }
    return response;
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("downloadAlertsCsv", () => {
  it("fetches the CSV with the session's token and saves it under the server's file name", async () => {
    storeSignedIn(buildUser({ role: "teacher" }));
    const fetch = stubFetch(
      new Response("\uFEFFAlert ID\r\n", {
        headers: { "content-disposition": 'attachment; filename="safeguarding-alerts-newman-2026-11-26.csv"' },
      }),
    );
    URL.createObjectURL = vi.fn(() => "blob:csv");
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    expect(await downloadAlertsCsv({ schoolId: "newman" })).toBe("safeguarding-alerts-newman-2026-11-26.csv");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/safeguarding/alerts.csv?schoolId=newman");
    expect((init.headers as Record<string, string>).authorization).toMatch(/^Bearer .+/);
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe("safeguarding-alerts-newman-2026-11-26.csv");
    expect(link.href).toBe("blob:csv");
  });

  it("rejects with the server's message, ends the session on a 401, and says when nothing answered", async () => {
    stubFetch(new Response(JSON.stringify({ error: "School not found" }), { status: 404 }));
    await expect(downloadAlertsCsv()).rejects.toThrow("School not found");
    stubFetch(new Response("<html>", { status: 502 }));
    await expect(downloadAlertsCsv()).rejects.toThrow(EXPORT_FAILED);
    const ended = vi.fn();
    const stop = onUnauthenticated(ended);
    stubFetch(new Response(JSON.stringify({ error: "Authentication required" }), { status: 401 }));
    await expect(downloadAlertsCsv()).rejects.toThrow("Authentication required");
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
    stubFetch(new TypeError("Failed to fetch"));
    await expect(downloadAlertsCsv()).rejects.toThrow(NO_RESPONSE);
  });

  it("takes only a plain file name from the header", () => {
    expect(fileNameOf('attachment; filename="a-b_1.csv"')).toBe("a-b_1.csv");
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe("safeguarding-alerts.csv");
    expect(fileNameOf(null)).toBe("safeguarding-alerts.csv");
  });
});
