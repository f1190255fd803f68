import { NO_RESPONSE } from "../../../lib/messages";
import { readStoredToken } from "../../../lib/session";
import { emitUnauthenticated } from "../../../lib/session-events";

// Uploads (book imports, covers) over XMLHttpRequest: fetch cannot report upload progress.

const UPLOAD_FAILED = "Upload failed";

/** An upload the server refused (`status` is its HTTP status) or that got no answer (status 0). */
export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type UploadOptions = {
  url: string;
  method?: "PUT" | "POST";
  body: Blob | string;
  contentType: string;
  token: string | null;
  /** The fraction of the body sent, from 0 to 1; 1 once the server has accepted it. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Called on a 401: the session has ended (as for the Apollo client). */
  onUnauthenticated?: () => void;
};

const abortError = () => new DOMException("The upload was aborted.", "AbortError");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorMessage(body: unknown): string {
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof error === "string" && error.length > 0 ? error : UPLOAD_FAILED;
}

/**
 * Sends the body and resolves with the server's JSON answer (null when it sent none) on a 2xx.
 * Rejects with an UploadError carrying the server's `{ error }` message and status, with status 0
 * when no answer came, or with an AbortError DOMException when `signal` aborts.
 */
export function uploadWithProgress({
  url,
  method = "POST",
  body,
  contentType,
  token,
  onProgress,
  signal,
  onUnauthenticated,
}: UploadOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    let reported = -1;
    const report = (fraction: number) => {
      // Never backwards, never the same fraction twice.
      const clamped = Math.min(1, Math.max(0, fraction));
      if (onProgress && clamped > reported) {
        reported = clamped;
        onProgress(clamped);
      }
    };
    const abort = () => xhr.abort();
    const settle = (outcome: () => void) => {
      signal?.removeEventListener("abort", abort);
      outcome();
    };

    xhr.open(method, url);
    xhr.setRequestHeader("Content-Type", contentType);
    xhr.setRequestHeader("Accept", "application/json");
    if (token) {
      xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    }
    // Set before send(): a listener added later may miss the upload's events.
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        report(event.loaded / event.total);
      }
    };
    const noResponse = () => settle(() => reject(new UploadError(NO_RESPONSE, 0)));
    xhr.onload = () => {
      const status = xhr.status;
      if (status === 0) {
        noResponse();
        return;
      }
      const answer = xhr.responseText ? parseJson(xhr.responseText) : null;
      if (status >= 200 && status < 300) {
        report(1);
        settle(() => resolve(answer));
        return;
      }
      if (status === 401) {
        onUnauthenticated?.();
      }
      settle(() => reject(new UploadError(errorMessage(answer), status)));
    };
    xhr.onerror = noResponse;
    xhr.ontimeout = noResponse;
    xhr.onabort = () => settle(() => reject(abortError()));
    signal?.addEventListener("abort", abort, { once: true });
    xhr.send(body);
  });
}

/** uploadWithProgress with the signed-in user's token; a 401 ends the session, as it does for Apollo. */
export function uploadAsSignedIn(options: Omit<UploadOptions, "token" | "onUnauthenticated">): Promise<unknown> {
  return uploadWithProgress({ ...options, token: readStoredToken(), onUnauthenticated: emitUnauthenticated });
}
