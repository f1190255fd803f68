import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onUnauthenticated } from "../../../lib/session-events";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { uploadAsSignedIn, UploadError, uploadWithProgress } from "./upload";

type Handler = (() => void) | null;

/** Just enough of XMLHttpRequest to record what was sent and to answer as a server would. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = undefined;
  sent = false;
  aborted = false;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: Pick<ProgressEvent, "lengthComputable" | "loaded" | "total">) => void) | null } = {
    onprogress: null,
  };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;

  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.sent = true;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  // What the test makes the browser and the server do.
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function onlyXhr(): FakeXhr {
  expect(FakeXhr.instances).toHaveLength(1);
  return FakeXhr.instances[0] as FakeXhr;
}

/** What the promise rejected with (fails the test if it resolved). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the upload to fail, but it succeeded");
}

const basic = { url: "/api/admin/books/import", body: "title,author\r\n", contentType: "text/csv", token: "tok-1" };

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("uploadWithProgress", () => {
  it("POSTs the body with its content type and the bearer token", () => {
    void uploadWithProgress(basic);
    const xhr = onlyXhr();
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/admin/books/import");
    expect(xhr.sent).toBe(true);
    expect(xhr.body).toBe("title,author\r\n");
    expect(xhr.headers).toEqual({
      "Content-Type": "text/csv",
      Accept: "application/json",
      Authorization: "Bearer tok-1",
    });
  });

  it("uses the given method and sends a Blob as it is, without Authorization when there is no token", () => {
    const cover = new Blob(["png bytes"], { type: "image/png" });
    void uploadWithProgress({ ...basic, method: "PUT", body: cover, contentType: "image/png", token: null });
    const xhr = onlyXhr();
    expect(xhr.method).toBe("PUT");
    expect(xhr.body).toBe(cover);
    expect(xhr.headers).toEqual({ "Content-Type": "image/png", Accept: "application/json" });
  });

  it("reports progress as loaded/total, ignores unknown lengths, ends at 1 and resolves with the JSON answer", async () => {
    const onProgress = vi.fn();
    const upload = uploadWithProgress({ ...basic, onProgress });
    const xhr = onlyXhr();
    xhr.progress(0, 400);
    xhr.progress(100, 400);
    xhr.progress(300, 0, false);
    xhr.progress(200, 400);
    xhr.progress(50, 0);
    xhr.respond(201, { imported: 12, skipped: 1 });
    await expect(upload).resolves.toEqual({ imported: 12, skipped: 1 });
    expect(onProgress.mock.calls.map(([fraction]) => fraction)).toEqual([0, 0.25, 0.5, 1]);
  });

  it("reports 1 only once when the last progress event already reached it", async () => {
    const onProgress = vi.fn();
    const upload = uploadWithProgress({ ...basic, onProgress });
    const xhr = onlyXhr();
    xhr.progress(400, 400);
    xhr.respond(200, { ok: true });
    await upload;
    expect(onProgress.mock.calls).toEqual([[1]]);
  });

  it("resolves with null when a 2xx answer has no body", async () => {
    const upload = uploadWithProgress(basic);
    onlyXhr().respond(204, "");
    await expect(upload).resolves.toBeNull();
  });

  it("rejects with the server's error message and status, without reporting completion", async () => {
    const onProgress = vi.fn();
    const upload = uploadWithProgress({ ...basic, onProgress });
    const xhr = onlyXhr();
    xhr.progress(400, 400);
    xhr.respond(422, { error: "Row 3: title is required" });
    const error = await rejectionOf(upload);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ name: "UploadError", status: 422, message: "Row 3: title is required" });
    expect(onProgress.mock.calls).toEqual([[1]]);
  });

  it.each([
    ["an HTML error page", 502, "<html>Bad gateway</html>"],
    ["JSON without an error", 500, { message: "internal" }],
    ["an empty error", 400, { error: "" }],
    ["no body", 413, ""],
  ])("falls back to 'Upload failed' for %s", async (_what, status, body) => {
    const upload = uploadWithProgress(basic);
    onlyXhr().respond(status, body);
    expect(await rejectionOf(upload)).toMatchObject({ status, message: "Upload failed" });
  });

  it("rejects with status 0 and the no-response message on a network error or timeout", async () => {
    const failed = uploadWithProgress(basic);
    onlyXhr().onerror?.();
    const error = await rejectionOf(failed);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ status: 0, message: "No response from server. Please check your connection" });

    FakeXhr.instances = [];
    const timedOut = uploadWithProgress(basic);
    onlyXhr().ontimeout?.();
    expect(await rejectionOf(timedOut)).toMatchObject({
      status: 0,
      message: "No response from server. Please check your connection",
    });
  });

  it("aborts the request and rejects with an AbortError when the signal aborts", async () => {
    const controller = new AbortController();
    const upload = uploadWithProgress({ ...basic, signal: controller.signal });
    const xhr = onlyXhr();
    xhr.progress(100, 400);
    controller.abort();
    expect(xhr.aborted).toBe(true);
    const error = await rejectionOf(upload);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("does not send at all when the signal has already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejectionOf(uploadWithProgress({ ...basic, signal: controller.signal }));
    expect((error as DOMException).name).toBe("AbortError");
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it("stops listening to the signal once settled", async () => {
    const controller = new AbortController();
    const upload = uploadWithProgress({ ...basic, signal: controller.signal });
    const xhr = onlyXhr();
    xhr.respond(200, { ok: true });
    await upload;
    controller.abort();
    expect(xhr.aborted).toBe(false);
  });

  it("reports a 401 as the end of the session, and no other refusal", async () => {
    const ended = vi.fn();
    const forbidden = uploadWithProgress({ ...basic, onUnauthenticated: ended });
    FakeXhr.instances[0]?.respond(403, { error: "Forbidden" });
    expect(await rejectionOf(forbidden)).toMatchObject({ status: 403, message: "Forbidden" });
    expect(ended).not.toHaveBeenCalled();

    const unauthorised = uploadWithProgress({ ...basic, onUnauthenticated: ended });
    FakeXhr.instances[1]?.respond(401, { error: "Authentication required" });
    expect(await rejectionOf(unauthorised)).toMatchObject({ status: 401, message: "Authentication required" });
    expect(ended).toHaveBeenCalledTimes(1);
  });
});

describe("uploadAsSignedIn", () => {
  it("sends the stored session's token", async () => {
    const token = storeSignedIn(buildUser({ role: "admin" }));
    const upload = uploadAsSignedIn({ url: "/api/covers/1", method: "PUT", body: "x", contentType: "image/png" });
    const xhr = onlyXhr();
    expect(xhr.headers.Authorization).toBe(`Bearer ${token}`);
    xhr.respond(200, { url: "/covers/1.png" });
    await expect(upload).resolves.toEqual({ url: "/covers/1.png" });
  });

  it("sends no token when signed out", async () => {
    const upload = uploadAsSignedIn({ url: "/api/covers/1", body: "x", contentType: "image/png" });
    const xhr = onlyXhr();
    expect(xhr.headers.Authorization).toBeUndefined();
    expect(xhr.headers["Content-Type"]).toBe("image/png");
    xhr.respond(200, {});
    await upload;
  });

  it("ends the session on a 401, as the Apollo client does", async () => {
    storeSignedIn(buildUser({ role: "admin" }));
    const ended = vi.fn();
    const unsubscribe = onUnauthenticated(ended);
    try {
      const upload = uploadAsSignedIn({ url: "/api/covers/1", body: "x", contentType: "image/png" });
      onlyXhr().respond(401, { error: "Session expired" });
      expect(await rejectionOf(upload)).toMatchObject({ status: 401, message: "Session expired" });
      expect(ended).toHaveBeenCalledTimes(1);
    } finally {
      unsubscribe();
    }
  });
});
