import { createServer } from "node:net";
import { GoogleGenAI } from "@google/genai";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { echoReply, useFakeGemini, type FakeGemini } from "../../../test/helpers/fake-gemini.js";
import {
  createGeminiProvider,
  DEFAULT_GEMINI_MODEL,
  SAFETY_FALLBACK_REPLY,
  type GeminiOptions,
} from "./gemini-provider.js";
import { limitPassageIndex } from "./passages.js";
import { AiProviderError, type AiBook, type AiRequest, type Passage, type PassageIndex } from "./provider.js";
import { collectStream } from "../../../test/helpers/streams.js";

// The real @google/genai SDK against the fake Gemini server in test/helpers/fake-gemini.ts.

const API_KEY = "test-secret-key-1234567890";

/** Passages ranked by the words they share with the query: enough to check what reaches the prompt. */
function memoryIndex(texts: { chapter: string | null; text: string }[]): PassageIndex {
  const passages: Passage[] = texts.map((passage, index) => ({
    index,
    ...passage,
    // One section per passage, like one chapter each.
    place: { section: index, firstParagraph: 0, lastParagraph: 0 },
  }));
  const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);
  return {
    passages,
    search(query, limit) {
      const wanted = words(query);
      return passages
        .map((passage) => ({ ...passage, score: [...words(passage.text)].filter((word) => wanted.has(word)).length }))
        .filter((passage) => passage.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, limit);
    },
  };
}

const book: AiBook = {
  id: "book-1",
  title: "Alice's Adventures in Wonderland",
  author: "Lewis Carroll",
  description: "A girl falls down a rabbit hole.",
  characterList: ["Alice", "The Mad Hatter"],
  passages: memoryIndex([
    {
      chapter: "CHAPTER I. Down the Rabbit-Hole",
      text: "Alice began to get very tired of sitting by her sister on a bank.",
    },
    { chapter: "CHAPTER VII. A Mad Tea-Party", text: "The Hatter opened his eyes very wide on hearing this." },
  ]),
};

function request(overrides: Partial<AiRequest> = {}): AiRequest {
  return { book, mode: { kind: "book" }, history: [], message: "Why was the Hatter surprised?", ...overrides };
}

/** A real pino logger whose lines are kept in `lines`. */
function captureLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

function providerError(error: unknown): AiProviderError {
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
}

/** Everything an error could show: message, stack and the chain of causes. */
function everythingIn(error: unknown): string {
  const shown: string[] = [];
  for (let current = error; current !== undefined && current !== null; current = (current as Error).cause) {
    shown.push(String(current), (current as Error).stack ?? "", JSON.stringify(current));
  }
  return shown.join("\n");
}

let gemini: FakeGemini;
useFakeGemini((started) => (gemini = started));

function provider(overrides: Partial<GeminiOptions> = {}, logger?: pino.Logger) {
  return createGeminiProvider(
    { apiKey: API_KEY, model: "gemini-test-model", baseUrl: gemini.url, timeoutMs: 2_000, maxRetries: 2, ...overrides },
    logger,
  );
}

describe("Gemini provider: the request", () => {
  it("streams from the model in the options, with the key in x-goog-api-key", async () => {
    const { pieces, error } = await collectStream(provider().reply(request()));

    expect(error).toBeUndefined();
    expect(pieces.join("")).toBe(echoReply("Why was the Hatter surprised?"));
    expect(gemini.requests).toHaveLength(1);
    const sent = gemini.requests[0]!;
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("/v1/models/gemini-test-model:streamGenerateContent?alt=sse");
    expect(sent.apiKey).toBe(API_KEY);
    expect(sent.url).not.toContain(API_KEY);
  });

  it("sets the system instruction, with the retrieved excerpts, and the generation settings", async () => {
    await collectStream(provider({ temperature: 0.2 }).reply(request()));

    const body = gemini.requests[0]!.body;
    const instruction = body.systemInstruction?.parts?.map((part) => part.text).join("") ?? "";
    expect(instruction).toContain("You are a friendly reading tutor.");
    expect(instruction).toContain(`"Alice's Adventures in Wonderland" by Lewis Carroll`);
    expect(instruction).toContain('<book-excerpt chapter="CHAPTER VII. A Mad Tea-Party">');
    expect(instruction).toContain("The Hatter opened his eyes very wide");
    expect(instruction).not.toContain("tired of sitting by her sister");
    expect(body.generationConfig).toMatchObject({ temperature: 0.2, maxOutputTokens: expect.any(Number) });
  });

  it("sends only the passages up to the student's place, and says how far they have read", async () => {
    const limited: AiBook = {
      ...book,
      passages: limitPassageIndex(book.passages, { chapter: 0, paragraph: 3 }),
      limit: { chapter: 0, paragraph: 3, chapterTitle: "CHAPTER I. Down the Rabbit-Hole" },
    };
    await collectStream(
      provider().reply(request({ book: limited, message: "Why was the Hatter surprised? Was Alice tired?" })),
    );

    const instruction = gemini.requests[0]!.body.systemInstruction?.parts?.map((part) => part.text).join("") ?? "";
    expect(instruction).toContain("tired of sitting by her sister");
    expect(instruction).not.toContain("The Hatter opened his eyes very wide");
    expect(instruction).toContain('How far the child has read: up to the chapter "CHAPTER I. Down the Rabbit-Hole"');
    expect(instruction).toContain("You'll find out in a later chapter!");

    // The whole book: no such rule.
    await collectStream(provider().reply(request({ message: "Why was the Hatter surprised? Was Alice tired?" })));
    const whole = gemini.requests[1]!.body.systemInstruction?.parts?.map((part) => part.text).join("") ?? "";
    expect(whole).toContain("The Hatter opened his eyes very wide");
    expect(whole).not.toContain("How far the child has read");
  });

  it("speaks as the character in character mode", async () => {
    await collectStream(provider().reply(request({ mode: { kind: "character", name: "The Mad Hatter" } })));

    const instruction = gemini.requests[0]!.body.systemInstruction?.parts?.[0]?.text ?? "";
    expect(instruction).toContain("You are The Mad Hatter, a character in the book");
  });

  it("sets all four safety settings explicitly, blocking from a low probability up", async () => {
    await collectStream(provider().reply(request()));

    const settings = gemini.requests[0]!.body.safetySettings ?? [];
    expect([...settings].sort((a, b) => a.category.localeCompare(b.category))).toEqual([
      { category: "HARM_CATEGORY_DANGEROUS_CONTENT", threshold: "BLOCK_LOW_AND_ABOVE" },
      { category: "HARM_CATEGORY_HARASSMENT", threshold: "BLOCK_LOW_AND_ABOVE" },
      { category: "HARM_CATEGORY_HATE_SPEECH", threshold: "BLOCK_LOW_AND_ABOVE" },
      { category: "HARM_CATEGORY_SEXUALLY_EXPLICIT", threshold: "BLOCK_LOW_AND_ABOVE" },
    ]);
  });

  it("sends the history in order, starting with a user turn, then the new message", async () => {
    const history: AiRequest["history"] = [
      { role: "assistant", content: "Hello! I'm the Mad Hatter." },
      { role: "user", content: "Hello Hatter" },
      { role: "assistant", content: "Have some tea!" },
      { role: "user", content: "Why is a raven like a writing-desk?" },
      { role: "assistant", content: "I haven't the slightest idea." },
    ];

    await collectStream(provider().reply(request({ history, message: "Why not?" })));

    expect(gemini.requests[0]!.body.contents).toEqual([
      { role: "user", parts: [{ text: "Hello Hatter" }] },
      { role: "model", parts: [{ text: "Have some tea!" }] },
      { role: "user", parts: [{ text: "Why is a raven like a writing-desk?" }] },
      { role: "model", parts: [{ text: "I haven't the slightest idea." }] },
      { role: "user", parts: [{ text: "Why not?" }] },
    ]);
  });

  it("merges an unanswered last question with the new message, so the roles still alternate", async () => {
    const history: AiRequest["history"] = [{ role: "user", content: "Who is Alice?" }];

    await collectStream(provider().reply(request({ history, message: "Hello?" })));

    expect(gemini.requests[0]!.body.contents).toEqual([{ role: "user", parts: [{ text: "Who is Alice?\n\nHello?" }] }]);
  });

  it("refuses an empty message without calling Gemini", async () => {
    const history: AiRequest["history"] = [{ role: "user", content: "An earlier question" }];

    const { error } = await collectStream(provider().reply(request({ history, message: "   " })));

    expect(providerError(error).retryable).toBe(false);
    expect(gemini.requests).toHaveLength(0);
  });
});

describe("Gemini provider: a tutor at the child's level", () => {
  const instructionOf = (call: number) =>
    gemini.requests[call]?.body.systemInstruction?.parts?.map((part) => part.text).join("") ?? "";

  it("tells Gemini the child's school phase: primary, secondary, or neither", async () => {
    await collectStream(provider().reply(request({ learner: { phase: "primary" } })));
    await collectStream(provider().reply(request({ learner: { phase: "secondary" } })));
    await collectStream(provider().reply(request({ learner: { phase: null } })));
    await collectStream(provider().reply(request()));

    const [primary, secondary, unknown, none] = [0, 1, 2, 3].map(instructionOf);
    expect(primary).toContain("a primary-school child aged about 7 to 11");
    expect(primary).toContain("The child's level: primary school (ages about 7 to 11).");
    expect(primary).not.toContain("secondary");
    expect(secondary).toContain("a secondary-school pupil aged about 11 to 16");
    expect(secondary).toContain("The child's level: secondary school (ages about 11 to 16).");
    expect(secondary).not.toContain("primary");
    expect(unknown).toContain("a child aged about 7 to 14");
    expect(unknown).not.toMatch(/primary|secondary school/);
    expect(none).toBe(unknown);
  });

  it("sends a tutor's rules, the history, the grounding passages and the reading limit in one request", async () => {
    const limited: AiBook = {
      ...book,
      passages: limitPassageIndex(book.passages, { chapter: 0, paragraph: 3 }),
      limit: { chapter: 0, paragraph: 3, chapterTitle: "CHAPTER I. Down the Rabbit-Hole" },
    };
    const history: AiRequest["history"] = [
      { role: "user", content: "Who is Alice?" },
      { role: "assistant", content: "Alice is a curious girl. What would you do if you saw a talking rabbit?" },
    ];

    await collectStream(
      provider().reply(
        request({
          book: limited,
          history,
          learner: { phase: "secondary" },
          message: "Write my book report about why Alice was tired and the Hatter",
        }),
      ),
    );

    const body = gemini.requests[0]!.body;
    expect(body.contents).toEqual([
      { role: "user", parts: [{ text: "Who is Alice?" }] },
      {
        role: "model",
        parts: [{ text: "Alice is a curious girl. What would you do if you saw a talking rabbit?" }],
      },
      { role: "user", parts: [{ text: "Write my book report about why Alice was tired and the Hatter" }] },
    ]);
    const instruction = instructionOf(0);
    expect(instruction).toContain("Give the answer first, in one short sentence.");
    expect(instruction).toContain("Never ask more than one question.");
    expect(instruction).toContain("Never write the child's work for them: no essays, book reports");
    expect(instruction).toContain("offer to help them plan it instead");
    expect(instruction).toContain("never more than 80 words");
    expect(instruction).toContain("The child's level: secondary school");
    // Grounded on the part they have read only, and told how far that is.
    const block = instruction.slice(instruction.indexOf("<<<BOOK EXCERPTS>>>"));
    expect(block).toContain('<book-excerpt chapter="CHAPTER I. Down the Rabbit-Hole">');
    expect(block).toContain("tired of sitting by her sister");
    expect(instruction).not.toContain("The Hatter opened his eyes very wide");
    expect(instruction).toContain('How far the child has read: up to the chapter "CHAPTER I. Down the Rabbit-Hole"');
    // The child's message is a turn of its own, never part of the rules.
    expect(instruction).not.toContain("Write my book report");
  });

  it("keeps a character in character, in the first person, and out of homework", async () => {
    await collectStream(
      provider().reply(request({ mode: { kind: "character", name: "The Mad Hatter" }, learner: { phase: "primary" } })),
    );

    const instruction = instructionOf(0);
    expect(instruction).toContain("You are The Mad Hatter, a character in the book");
    expect(instruction).toContain(
      'Answer in the first person, as The Mad Hatter ("I", "me", "my"), and stay in character',
    );
    expect(instruction).toContain('Never talk about The Mad Hatter as "he", "she" or "they"');
    expect(instruction).toContain("politely decline in character");
    expect(instruction).toContain("say kindly, in character, that it should be in their own words");
    expect(instruction).toContain("Never ask more than one question.");
    expect(instruction).toContain("You are talking with a primary-school child aged about 7 to 11");
    expect(instruction).toContain("The Hatter opened his eyes very wide");
  });
});

describe("Gemini provider: streaming", () => {
  it("yields each chunk as it arrives, in order", async () => {
    gemini.script({ kind: "stream", chunks: ["The Hatter ", "was surprised ", "by Alice."], delayMs: 150 });

    const arrivals: { piece: string; at: number }[] = [];
    for await (const piece of provider().reply(request())) {
      arrivals.push({ piece, at: Date.now() });
    }

    expect(arrivals.map((arrival) => arrival.piece)).toEqual(["The Hatter ", "was surprised ", "by Alice."]);
    // Pieces were handed over while the stream was still running, not all at the end.
    expect(arrivals[2]!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(250);
  });

  it("fails, without retrying, when the stream stops midway", async () => {
    gemini.script({ kind: "stream", chunks: ["The Hatter ", "was"], delayMs: 20, end: "close" });

    const { pieces, error } = await collectStream(provider().reply(request()));

    expect(pieces).toEqual(["The Hatter ", "was"]);
    expect(providerError(error).message).toBe("Gemini's reply stopped before it was finished.");
    expect(gemini.requests).toHaveLength(1);
  });

  it("fails, without retrying, when the connection drops midway", async () => {
    gemini.script({ kind: "stream", chunks: ["The Hatter ", "was"], delayMs: 50, end: "reset" });

    const { pieces, error } = await collectStream(provider().reply(request()));

    expect(pieces[0]).toBe("The Hatter ");
    expect(providerError(error).retryable).toBe(true);
    expect(gemini.requests).toHaveLength(1);
  });
});

describe("Gemini provider: failures and retries", () => {
  it("retries a 429 and then succeeds", async () => {
    const { logger, lines } = captureLogger();
    gemini.script({ kind: "error", status: 429, message: "Resource has been exhausted" });

    const { pieces, error } = await collectStream(provider({}, logger).reply(request()));

    expect(error).toBeUndefined();
    expect(pieces.join("")).toBe(echoReply("Why was the Hatter surprised?"));
    expect(gemini.requests).toHaveLength(2);
    expect(lines.join("")).toContain("Retrying Gemini");
  });

  it("fails with a retryable AiProviderError after a 500 three times", async () => {
    gemini.script(...Array.from({ length: 3 }, () => ({ kind: "error" as const, status: 500 })), {
      kind: "reply",
      text: "late",
    });

    const { pieces, error } = await collectStream(provider({ maxRetries: 2 }).reply(request()));

    expect(pieces).toEqual([]);
    const failure = providerError(error);
    expect(failure.retryable).toBe(true);
    expect(failure.message).toContain("HTTP 500");
    expect(gemini.requests).toHaveLength(3);
  });

  it.each([400, 401, 403, 404])("fails at once, without retrying, on a %i", async (status) => {
    gemini.script({ kind: "error", status });

    const { error } = await collectStream(provider().reply(request()));

    const failure = providerError(error);
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain(`HTTP ${status}`);
    expect(gemini.requests).toHaveLength(1);
  });

  it("never shows the key in errors or logs", async () => {
    const { logger, lines } = captureLogger();
    gemini.script(
      { kind: "error", status: 503, message: `Backend busy for key ${API_KEY}` },
      { kind: "error", status: 400, message: `API key not valid: ${API_KEY}` },
    );

    const { error } = await collectStream(provider({}, logger).reply(request()));

    const failure = providerError(error);
    expect(failure.message).toContain("API key not valid: [redacted]");
    expect(everythingIn(failure)).not.toContain(API_KEY);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(API_KEY);
  });

  it("times out a call that never answers within timeoutMs, as a retryable failure", async () => {
    gemini.script({ kind: "hang" });

    const started = Date.now();
    const { error } = await collectStream(provider({ timeoutMs: 200, maxRetries: 0 }).reply(request()));
    const elapsed = Date.now() - started;

    const failure = providerError(error);
    expect(failure.retryable).toBe(true);
    expect(failure.message).toBe("No answer from the AI within 200 ms.");
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(10_000); // no hang: a bound loose enough for a busy machine
  });

  it("retries after a time-out and succeeds", async () => {
    gemini.script({ kind: "hang" });

    const { pieces } = await collectStream(provider({ timeoutMs: 200, maxRetries: 1 }).reply(request()));

    expect(pieces.join("")).toBe(echoReply("Why was the Hatter surprised?"));
    expect(gemini.requests).toHaveLength(2);
  });

  it("times out a stream that goes quiet midway", async () => {
    gemini.script({ kind: "stream", chunks: ["The Hatter "], end: "hang" });

    const started = Date.now();
    const { pieces, error } = await collectStream(provider({ timeoutMs: 200 }).reply(request()));

    expect(pieces).toEqual(["The Hatter "]);
    expect(providerError(error).message).toBe("No answer from the AI within 200 ms.");
    expect(Date.now() - started).toBeLessThan(10_000); // no hang (loose: a busy machine is slow)
    expect(gemini.requests).toHaveLength(1);
  });

  it("retries when Gemini cannot be reached, as a retryable failure", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });

    const { error } = await collectStream(
      provider({ baseUrl: `http://127.0.0.1:${closedPort}`, maxRetries: 1 }).reply(request()),
    );

    const failure = providerError(error);
    expect(failure.retryable).toBe(true);
    expect(failure.message).toContain("Could not reach Gemini");
  });
});

describe("Gemini provider: safety blocks", () => {
  it.each(["prompt", "response"] as const)("answers a %s blocked for safety with the kind fallback", async (where) => {
    gemini.script({ kind: "blocked", where });

    const { pieces, error } = await collectStream(provider().reply(request()));

    expect(error).toBeUndefined();
    expect(pieces).toEqual([SAFETY_FALLBACK_REPLY]);
    expect(gemini.requests).toHaveLength(1);
  });

  it("keeps the fallback kind and pointing to a trusted adult", () => {
    expect(SAFETY_FALLBACK_REPLY).toContain("trusted adult");
    expect(SAFETY_FALLBACK_REPLY).toContain("Childline on 0800 1111");
  });

  it("stops a reply that is blocked midway, adding nothing", async () => {
    gemini.script({ kind: "stream", chunks: ["The Hatter ", ""], finishReason: "SAFETY" });

    const { pieces, error } = await collectStream(provider().reply(request()));

    expect(error).toBeUndefined();
    expect(pieces).toEqual(["The Hatter "]);
  });
});

describe("Gemini provider: abort", () => {
  it("stops when the caller aborts, without retrying", async () => {
    gemini.script({ kind: "stream", chunks: ["The Hatter "], end: "hang" });
    const caller = new AbortController();

    const pieces: string[] = [];
    const started = Date.now();
    const error = await (async () => {
      try {
        for await (const piece of provider().reply(request({ signal: caller.signal }))) {
          pieces.push(piece);
          setTimeout(() => caller.abort(), 20);
        }
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();

    expect(pieces).toEqual(["The Hatter "]);
    const failure = providerError(error);
    expect(failure.message).toBe("The AI request was cancelled.");
    expect(failure.retryable).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000); // no hang (loose: a busy machine is slow)
    expect(gemini.requests).toHaveLength(1);
  });

  it("does not call Gemini when the caller has already aborted", async () => {
    const { error } = await collectStream(provider().reply(request({ signal: AbortSignal.abort() })));

    expect(providerError(error).message).toBe("The AI request was cancelled.");
    expect(gemini.requests).toHaveLength(0);
  });
});

describe("createGeminiProvider", () => {
  it("needs exactly one of an API key and Vertex AI", () => {
    const base = { model: DEFAULT_GEMINI_MODEL, timeoutMs: 1_000, maxRetries: 0 };
    expect(() => createGeminiProvider(base)).toThrow(/exactly one/);
    expect(() =>
      createGeminiProvider({ ...base, apiKey: API_KEY, vertex: { project: "p", location: "europe-west2" } }),
    ).toThrow(/exactly one/);
    expect(() => createGeminiProvider({ ...base, vertex: { project: "", location: "" } })).toThrow(/project/);
  });

  it("builds a Vertex AI provider without calling anything", () => {
    const vertex = createGeminiProvider({
      vertex: { project: "reading-room", location: "europe-west2" },
      model: DEFAULT_GEMINI_MODEL,
      timeoutMs: 1_000,
      maxRetries: 0,
    });

    expect(vertex.name).toBe("gemini");
  });

  it("defaults to gemini-2.5-flash-lite", () => {
    expect(DEFAULT_GEMINI_MODEL).toBe("gemini-2.5-flash-lite");
  });
});

describe("fake Gemini", () => {
  it("answers the non-streamed generateContent and records the call", async () => {
    const ai = new GoogleGenAI({ vertexai: false, apiKey: API_KEY, httpOptions: { baseUrl: gemini.url } });
    gemini.script({ kind: "reply", text: "Once upon a time." });

    const scripted = await ai.models.generateContent({ model: "m", contents: "Tell me a story" });
    const echoed = await ai.models.generateContent({ model: "m", contents: "Hi" });

    expect(scripted.text).toBe("Once upon a time.");
    expect(echoed.text).toBe(echoReply("Hi"));
    expect(gemini.requests.map((sent) => sent.action)).toEqual(["generateContent", "generateContent"]);
  });

  it("answers an unknown path with a Google-style 404", async () => {
    const response = await fetch(`${gemini.url}/v1/nothing`, { method: "POST", body: "{}" });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 404, status: "NOT_FOUND" } });
  });
});
