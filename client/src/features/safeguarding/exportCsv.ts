import { NO_RESPONSE } from "../../lib/messages";
import { readStoredToken } from "../../lib/session";
import { emitUnauthenticated } from "../../lib/session-events";

// The school's safeguarding alerts as a CSV file (GET /api/safeguarding/alerts.csv): fetched with the
// session's token (a plain link would send none), then saved through a temporary object URL.

export const EXPORT_FAILED = "Failed to export the alerts";
const FALLBACK_NAME = "safeguarding-alerts.csv";

/** The file name of a Content-Disposition header, or a plain default. */
export function fileNameOf(disposition: string | null): string {
  const name = disposition ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;
  return name && /^[\w.-]+$/.test(name) ? name : FALLBACK_NAME;
}

/** Downloads the CSV (the admin may name a school); rejects with the server's message, or a plain one. */
export async function downloadAlertsCsv(options: { schoolId?: string | null } = {}): Promise<string> {
  const query = options.schoolId ? `?schoolId=${encodeURIComponent(options.schoolId)}` : "";
  const token = readStoredToken();
  let res: Response;
  try {
    res = await fetch(`/api/safeguarding/alerts.csv${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new Error(NO_RESPONSE);
  }
  if (res.status === 401) {
    emitUnauthenticated();
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    throw new Error(typeof body?.error === "string" && body.error ? body.error : EXPORT_FAILED);
  }
  const name = fileNameOf(res.headers.get("content-disposition"));
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
