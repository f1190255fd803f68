import { afterAll, beforeAll, beforeEach } from "vitest";
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { SUMMARY_INSTRUCTION_START } from "../../src/modules/ai/gemini-provider.js";

// A fake Gemini REST API on 127.0.0.1 for tests that run the real @google/genai SDK against it:
//
//   const gemini = await startFakeGemini();
//   const provider = createGeminiProvider({ apiKey: "test-key", baseUrl: gemini.url, model: "m", ... });
//   gemini.script({ kind: "error", status: 429 }, { kind: "stream", chunks: ["Hi", " there"] });
//   ... // first call gets a 429, the second a two-chunk stream; later calls get the default echo
//   expect(gemini.requests[1]?.body.contents).toEqual(...);
//   await gemini.close();
//
// It answers POST .../models/{model}:streamGenerateContent (SSE, `data: {json}` events) and
// .../models/{model}:generateContent (JSON) under any API version, Developer API and Vertex AI paths
// alike. Each call takes the next scripted response; with none left it streams `echoReply(message)`.
//
// Calls of the safeguarding classifier's AI judge (a JSON schema in generationConfig) are kept apart:
// `judgeRequests`, answered from `scriptJudge(...)`, by default "nothing of concern" (JUDGE_CLEAR).
// So are the teacher's chat summaries (a system instruction starting SUMMARY_INSTRUCTION_START):
// `summaryRequests`, answered from `scriptSummary(...)`, by default FAKE_SUMMARY.

/** A response to one call. Any kind answers either endpoint (streamed or not). */
export type FakeGeminiResponse =
  | {
      /** A reply in pieces: one SSE event per chunk on the streaming endpoint, joined otherwise. */
      kind: "stream";
      chunks: string[];
      /** Wait before each chunk after the first (default 0). */
      delayMs?: number;
      /** Finish reason on the last chunk (default "STOP"). */
      finishReason?: string;
      /**
       * How the stream ends after the chunks: "finish" (default) normally; "close" ends the response
       * cleanly but without a finish reason; "reset" destroys the connection; "hang" sends nothing
       * more and keeps the connection open.
       */
      end?: "finish" | "close" | "reset" | "hang";
    }
  /** A reply in one piece, after `delayMs` (default 0). */
  | { kind: "reply"; text: string; finishReason?: string; delayMs?: number }
  /** An HTTP error with a Google-style body: {"error":{"code","message","status"}}. */
  | { kind: "error"; status: number; message?: string }
  /**
   * A safety block: "prompt" (default) answers promptFeedback.blockReason SAFETY and no candidates;
   * "response" a candidate with finishReason SAFETY and no text.
   */
  | { kind: "blocked"; where?: "prompt" | "response" }
  /** Reads the request and never answers (until the client gives up or close() is called). */
  | { kind: "hang" };

/** The parts of a generateContent request body that tests look at. */
export type FakeGeminiBody = {
  contents?: { role?: string; parts?: { text?: string }[] }[];
  systemInstruction?: { role?: string; parts?: { text?: string }[] };
  safetySettings?: { category: string; threshold: string }[];
  generationConfig?: Record<string, unknown>;
  [key: string]: unknown;
};

export type FakeGeminiRequest = {
  method: string;
  /** Path and query, e.g. "/v1/models/gemini-2.5-flash-lite:streamGenerateContent?alt=sse". */
  url: string;
  /** The model named in the path, or null when the path is not a model call. */
  model: string | null;
  /** "streamGenerateContent", "generateContent", or null. */
  action: string | null;
  headers: IncomingHttpHeaders;
  /** The x-goog-api-key header. */
  apiKey: string | undefined;
  body: FakeGeminiBody;
};

export type FakeGemini = {
  /** Base URL to give the SDK (httpOptions.baseUrl), e.g. "http://127.0.0.1:40123". */
  url: string;
  /** Every call received but the judge's, in order (recorded before it is answered, so hanging calls count). */
  requests: FakeGeminiRequest[];
  /** Queues responses for the next calls, one per call, in order. */
  script(...responses: FakeGeminiResponse[]): void;
  /** The moderation judge's calls, in order. */
  judgeRequests: FakeGeminiRequest[];
  /** Queues responses for the judge's next calls (default: JUDGE_CLEAR). */
  scriptJudge(...responses: FakeGeminiResponse[]): void;
  /** The chat summaries' calls, in order. */
  summaryRequests: FakeGeminiRequest[];
  /** Queues responses for the next summary calls (default: FAKE_SUMMARY). */
  scriptSummary(...responses: FakeGeminiResponse[]): void;
  /** Forgets the queued responses and the recorded requests. */
  reset(): void;
  /** Stops the server, dropping any open (e.g. hanging) connections. */
  close(): Promise<void>;
};

/** The default answer to the last message of a call, streamed as "Hello", ", " and "you said: {message}". */
export function echoReply(message: string): string {
  return `Hello, you said: ${message}`;
}

const GOOGLE_STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  408: "DEADLINE_EXCEEDED",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

/** The judge's verdict: "nothing of concern", or a category and severity. */
export function judgeAnswer(
  category = "none",
  severity = "none",
  reason = "Nothing of concern.",
): Extract<FakeGeminiResponse, { kind: "reply" }> {
  return { kind: "reply", text: JSON.stringify({ category, severity, reason }) };
}
export const JUDGE_CLEAR = judgeAnswer();

/** The default answer to a chat summary call. */
export const FAKE_SUMMARY = "Asked about the story (summary by the fake Gemini)";

/** Whether a call asks for a teacher's chat summary (see gemini-provider's summarizeChat). */
function asksForSummary(body: FakeGeminiBody): boolean {
  return Boolean(body.systemInstruction?.parts?.[0]?.text?.startsWith(SUMMARY_INSTRUCTION_START));
}

const MODEL_CALL = /\/models\/([^/:?]+):(streamGenerateContent|generateContent)(?:\?|$)/;

export async function startFakeGemini(): Promise<FakeGemini> {
  const requests: FakeGeminiRequest[] = [];
  const judgeRequests: FakeGeminiRequest[] = [];
  const summaryRequests: FakeGeminiRequest[] = [];
  let queue: FakeGeminiResponse[] = [];
  let judgeQueue: FakeGeminiResponse[] = [];
  let summaryQueue: FakeGeminiResponse[] = [];

  const server = http.createServer(async (req, res) => {
    const pieces: Buffer[] = [];
    for await (const piece of req) {
      pieces.push(piece as Buffer);
    }
    const raw = Buffer.concat(pieces).toString("utf8");
    const url = req.url ?? "/";
    const match = MODEL_CALL.exec(url);
    const apiKey = req.headers["x-goog-api-key"];
    const request: FakeGeminiRequest = {
      method: req.method ?? "",
      url,
      model: match?.[1] ?? null,
      action: match?.[2] ?? null,
      headers: req.headers,
      apiKey: typeof apiKey === "string" ? apiKey : undefined,
      body: parseBody(raw),
    };
    const judging = Boolean(request.body.generationConfig?.responseJsonSchema);
    const summarising = !judging && asksForSummary(request.body);
    (judging ? judgeRequests : summarising ? summaryRequests : requests).push(request);
    if (!match || req.method !== "POST") {
      return sendError(res, 404, `No route for ${req.method} ${url}`);
    }
    const response = judging
      ? (judgeQueue.shift() ?? JUDGE_CLEAR)
      : summarising
        ? (summaryQueue.shift() ?? { kind: "reply", text: FAKE_SUMMARY })
        : (queue.shift() ?? { kind: "stream", chunks: echoChunks(request.body) });
    await respond(res, response, request.action === "streamGenerateContent");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script(...responses) {
      queue.push(...responses);
    },
    judgeRequests,
    scriptJudge(...responses) {
      judgeQueue.push(...responses);
    },
    summaryRequests,
    scriptSummary(...responses) {
      summaryQueue.push(...responses);
    },
    reset() {
      queue = [];
      judgeQueue = [];
      summaryQueue = [];
      requests.length = 0;
      judgeRequests.length = 0;
      summaryRequests.length = 0;
    },
    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

async function respond(res: http.ServerResponse, response: FakeGeminiResponse, streamed: boolean): Promise<void> {
  switch (response.kind) {
    case "hang":
      return;
    case "error":
      return sendError(res, response.status, response.message ?? `Fake error ${response.status}`);
    case "blocked": {
      const body =
        response.where === "response"
          ? {
              candidates: [{ finishReason: "SAFETY", index: 0, safetyRatings: [blockedRating()] }],
              usageMetadata: usage(),
            }
          : { promptFeedback: { blockReason: "SAFETY", safetyRatings: [blockedRating()] }, usageMetadata: usage() };
      return streamed ? sendEvents(res, [body]) : sendJson(res, 200, body);
    }
    case "reply": {
      if (response.delayMs) {
        await sleep(response.delayMs);
      }
      const body = candidateBody(response.text, response.finishReason ?? "STOP");
      return streamed ? sendEvents(res, [body]) : sendJson(res, 200, body);
    }
    case "stream": {
      const end = response.end ?? "finish";
      const finishReason = end === "finish" ? (response.finishReason ?? "STOP") : undefined;
      if (!streamed) {
        return sendJson(res, 200, candidateBody(response.chunks.join(""), finishReason));
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const [index, text] of response.chunks.entries()) {
        if (index > 0 && response.delayMs) {
          await sleep(response.delayMs);
        }
        if (res.destroyed) {
          return;
        }
        const last = index === response.chunks.length - 1;
        res.write(event(candidateBody(text, last ? finishReason : undefined)));
      }
      if (end === "reset") {
        res.destroy();
      } else if (end !== "hang") {
        res.end();
      }
      return;
    }
  }
}

function echoChunks(body: FakeGeminiBody): string[] {
  const message =
    body.contents
      ?.at(-1)
      ?.parts?.map((part) => part.text ?? "")
      .join("") ?? "";
  return ["Hello", ", ", `you said: ${message}`];
}

function candidateBody(text: string, finishReason: string | undefined) {
  return {
    candidates: [
      {
        content: { role: "model", parts: [{ text }] },
        ...(finishReason ? { finishReason } : {}),
        index: 0,
      },
    ],
    usageMetadata: usage(),
    modelVersion: "fake-gemini",
  };
}

function blockedRating() {
  return { category: "HARM_CATEGORY_HARASSMENT", probability: "HIGH", blocked: true };
}

function usage() {
  return { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };
}

function sendEvents(res: http.ServerResponse, bodies: unknown[]): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const body of bodies) {
    res.write(event(body));
  }
  res.end();
}

function event(body: unknown): string {
  return `data: ${JSON.stringify(body)}\r\n\r\n`;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: { code: status, message, status: GOOGLE_STATUS[status] ?? "UNKNOWN" } });
}

function parseBody(raw: string): FakeGeminiBody {
  if (raw === "") {
    return {};
  }
  try {
    return JSON.parse(raw) as FakeGeminiBody;
  } catch {
    return { unparsed: raw };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The settings that point a test server's Gemini provider at a fake Gemini (time-out and retries per test). */
export function geminiSettings(
  gemini: Pick<FakeGemini, "url">,
  limits: { timeoutMs: number; maxRetries: number },
): Record<string, string> {
  return {
    AI_PROVIDER: "gemini",
    GEMINI_API_KEY: "test-gemini-key",
    GEMINI_BASE_URL: gemini.url,
    GEMINI_MODEL: "gemini-test-lite",
    AI_TIMEOUT_MS: String(limits.timeoutMs),
    AI_MAX_RETRIES: String(limits.maxRetries),
  };
}

/**
 * A fake Gemini for the tests of a file or a describe block: started before them, reset before each,
 * closed after. `use` receives it when it has started.
 */
export function useFakeGemini(use: (gemini: FakeGemini) => void): void {
  let gemini: FakeGemini | undefined;
  beforeAll(async () => {
    gemini = await startFakeGemini();
    use(gemini);
  });
  beforeEach(() => gemini?.reset());
  afterAll(async () => {
    await gemini?.close();
  });
}
