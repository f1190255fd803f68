import type { AddressInfo } from "node:net";
import net from "node:net";
import { SMTPServer } from "smtp-server";
import { schoolIdOf } from "../../src/db/schools.js";
import { uniqueDisplayName } from "./auth-kit.js";
import { uniqueTag } from "./book-factory.js";
import type { TestApp, TestUser } from "./test-app.js";

// The safeguarding tests' pieces: a real SMTP server on 127.0.0.1 that keeps what it receives, a
// school of the test's own with its staff, a small CSV reader, and the GraphQL documents.

export type ReceivedMail = { from: string; to: string[]; subject: string; text: string };

export type SmtpCapture = {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Messages whose DATA has arrived but is not yet answered (while `hold()` is in force). */
  held: number;
  /** Keeps every message waiting (no answer to DATA) until `release()`. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
};

/** A port nothing listens on now (for a mail server that is down, started there later). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A real SMTP server (the `smtp-server` package) on 127.0.0.1, keeping every message it receives. */
export async function startSmtp(port = 0): Promise<SmtpCapture> {
  const mails: ReceivedMail[] = [];
  let holding = false;
  const waiting: (() => void)[] = [];
  const capture = {} as SmtpCapture;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const finish = () => {
          capture.held -= 1;
          mails.push({
            ...parseMessage(Buffer.concat(chunks).toString("utf8")),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          });
          callback();
        };
        capture.held += 1;
        if (holding) {
          waiting.push(finish);
        } else {
          finish();
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return Object.assign(capture, {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    mails,
    held: 0,
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const finish of waiting.splice(0)) {
        finish();
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** The subject and the plain text of a single-part message (quoted-printable, base64 or plain). */
export function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  let text = body;
  if (encoding === "quoted-printable") {
    text = decodeQuotedPrintable(body);
  } else if (encoding === "base64") {
    text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return { subject: decodeEncodedWords(header("Subject")), text: text.replace(/\r\n/g, "\n") };
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

/** RFC 4180 records (quoted fields with "" and line breaks), after a byte-order mark. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  const input = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < input.length; i++) {
    const c = input[i] as string;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && input[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 1;
    } else {
      field += c;
    }
  }
  if (field || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

export type SchoolWithStaff = {
  id: string;
  name: string;
  teachers: TestUser[];
  student: TestUser & { displayName: string };
};

/**
 * A school no other test uses, with `teachers` active teachers and a student. On a database of the
 * test file's own (startIsolatedTestApp): the schools query lists every School row.
 */
export async function schoolWithStaff(app: TestApp, teachers = 2): Promise<SchoolWithStaff> {
  const name = `School ${uniqueTag()}`;
  const id = schoolIdOf(name);
  await app.db.prisma.school.create({ data: { id, name } });
  const staff: TestUser[] = [];
  for (let i = 0; i < teachers; i++) {
    staff.push(await app.createUser({ role: "teacher", school: name, displayName: uniqueDisplayName("Teacher") }));
  }
  const displayName = uniqueDisplayName("Pupil");
  const student = { ...(await app.createUser({ role: "student", school: name, displayName })), displayName };
  return { id, name, teachers: staff, student };
}

// --- GraphQL documents ---------------------------------------------------------------------------

export const CONTACTS_FIELDS =
  "school { id name } lead { id displayName } deputies { id displayName } candidates { id displayName } canEdit";
export const SAFEGUARDING_CONTACTS = `query Contacts($schoolId: ID) { safeguardingContacts(schoolId: $schoolId) { ${CONTACTS_FIELDS} } }`;
export const SET_CONTACTS = `mutation SetContacts($input: SetSafeguardingContactsInput!) {
  setSafeguardingContacts(input: $input) { ${CONTACTS_FIELDS} }
}`;
export const DETAIL_FIELDS = `alert { id type severity category label reason messageExcerpt studentId studentDisplayName reviewedAt reviewedByName }
  schoolName notes { id authorName text createdAt } emailsSent lastEmailedAt`;
export const SAFEGUARDING_ALERT = `query Alert($id: ID!) { safeguardingAlert(id: $id) { ${DETAIL_FIELDS} } }`;
export const REVIEW_ALERTS = `mutation Review($input: ReviewSafeguardingAlertsInput!) {
  reviewSafeguardingAlerts(input: $input) { ${DETAIL_FIELDS} }
}`;
