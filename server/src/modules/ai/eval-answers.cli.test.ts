import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeGemini, startFakeGemini } from "../../../test/helpers/fake-gemini.js";
import type { AnswerEntry } from "./eval/answer-set.js";
import { EVAL_ANSWERS_USAGE, evalAnswers, type EvalAnswersDeps, EXIT_USAGE, isRefusal } from "./eval-answers.cli.js";
import type { AiBook } from "./provider.js";
import { declineText } from "./voice.js";

// `npm run eval:answers`: the script's main function, over a small set written here (never the dev or
// blind sets, which others write and freeze), with the offline provider and with Gemini (the real SDK
// against the fake Gemini server).

const WILLOWS = "the-wind-in-the-willows";

const TINY_SET: AnswerEntry[] = [
  { book: WILLOWS, type: "who", question: "Who is Toad?", answers: ["Toad"] },
  { book: WILLOWS, type: "meaning", question: "What does wayfarer mean?", answers: ["qwertyuiop"] },
  { book: WILLOWS, type: "off-topic", question: "Can you help me with my maths homework?", expect: "decline" },
  {
    book: WILLOWS,
    type: "off-topic",
    mode: "Toad",
    question: "Who won the football last night?",
    expect: "decline",
  },
];

/** Runs the main function with the given set, keeping what it prints. */
async function run(argv: string[], entries: AnswerEntry[], deps: EvalAnswersDeps = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await evalAnswers(argv, {
    env: {},
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    readSet: async () => entries,
    ...deps,
  });
  return { status, out: out.join("\n"), err: err.join("\n") };
}

describe("eval:answers with the offline provider", () => {
  it("prints answered, declined, per type, long replies and reply times, and the misses when asked", async () => {
    const { status, out } = await run(["--misses"], TINY_SET);

    expect(status).toBe(0);
    expect(out).toContain("Answer set dev: 4 questions, provider offline");
    expect(out).toContain("answered: 1/2 (50.0%) of the answerable questions");
    expect(out).toContain("declined right: 2/2 (100.0%) of the off-topic questions");
    expect(out).toContain(
      "per question type:\n  meaning    0/1 (0.0%)\n  off-topic  2/2 (100.0%)\n  who        1/1 (100.0%)",
    );
    expect(out).toContain("replies over 80 words: 0");
    expect(out).toMatch(/reply time: p50 \d+(\.\d+)? ms, p99 \d+(\.\d+)? ms/);
    expect(out).not.toContain("provider failures");
    // The one miss, with what was expected and what came back.
    expect(out).toContain("missed (1):\n- [meaning] the-wind-in-the-willows: What does wayfarer mean?");
    expect(out).toContain("    expected: qwertyuiop");
    expect(out).toMatch(/ {4}reply: \S/);
  });

  it("leaves the misses out unless asked", async () => {
    const { status, out } = await run([], TINY_SET);

    expect(status).toBe(0);
    expect(out).toContain("answered: 1/2");
    expect(out).not.toContain("missed");
    expect(out).not.toContain("What does wayfarer mean?");
  });
});

describe("eval:answers with Gemini", () => {
  let gemini: FakeGemini;
  const env = () => ({
    GEMINI_API_KEY: "test-eval-key",
    GEMINI_BASE_URL: gemini.url,
    GEMINI_MODEL: "gemini-eval-model",
    AI_MAX_RETRIES: "0",
    AI_TIMEOUT_MS: "5000",
  });

  beforeAll(async () => {
    gemini = await startFakeGemini();
  });
  beforeEach(() => gemini.reset());
  afterAll(async () => {
    await gemini.close();
  });

  it("asks Gemini every question through the server's provider and scores its replies", async () => {
    const longReply = `A wayfarer is a traveller on foot. ${"The Rat and the Mole meet many people on the road. ".repeat(8)}`;
    gemini.script(
      { kind: "stream", chunks: ["Toad is a rich animal ", "who lives at Toad Hall."] },
      { kind: "reply", text: longReply },
      { kind: "reply", text: "I can only talk about “The Wind in the Willows”. Would you like to know about Mole?" },
      { kind: "reply", text: "Paris is the capital of France!" },
      { kind: "error", status: 503 },
    );
    const entries: AnswerEntry[] = [
      TINY_SET[0]!,
      { ...TINY_SET[1]!, answers: ["traveller"] },
      TINY_SET[2]!,
      { ...TINY_SET[2]!, question: "Where is Paris?" },
      { book: WILLOWS, type: "where", question: "Where does Toad live?", answers: ["Toad Hall"] },
    ];

    const { status, out, err } = await run(["--provider", "gemini", "--misses"], entries, { env: env() });

    expect(status).toBe(0);
    expect(out).toContain("Answer set dev: 5 questions, provider gemini (gemini-eval-model)");
    expect(out).toContain("answered: 2/3 (66.7%)");
    expect(out).toContain("declined right: 1/2 (50.0%)");
    expect(out).toContain("  where      0/1 (0.0%)");
    expect(out).toContain("replies over 80 words: 1");
    expect(out).toContain("provider failures (counted as empty replies): 1");
    expect(out).toContain("- [off-topic] the-wind-in-the-willows: Where is Paris?\n    expected: a polite refusal");
    expect(out).toContain("    reply: Paris is the capital of France!");
    expect(out).toContain(
      "- [where] the-wind-in-the-willows: Where does Toad live?\n    expected: Toad Hall\n    reply: (none)",
    );
    expect(err).toContain("5/5 asked");

    // The server's Gemini provider: the model and key from the settings, the tutor's instructions
    // grounded on the seed book's text, and the question as the child's turn.
    expect(gemini.requests).toHaveLength(5);
    const first = gemini.requests[0]!;
    expect(first.url).toContain("/models/gemini-eval-model:streamGenerateContent");
    expect(first.apiKey).toBe("test-eval-key");
    const instruction = first.body.systemInstruction?.parts?.map((part) => part.text).join("") ?? "";
    expect(instruction).toContain('the book "The Wind in the Willows" by Kenneth Grahame');
    expect(instruction).toContain("Give the answer first, in one short sentence.");
    expect(instruction).toMatch(/<<<BOOK EXCERPTS>>>[\s\S]*Toad[\s\S]*<<<END OF BOOK EXCERPTS>>>/);
    expect(first.body.contents).toEqual([{ role: "user", parts: [{ text: "Who is Toad?" }] }]);
  });

  it("stops at a failure that would repeat, such as a key Gemini refuses", async () => {
    gemini.script({ kind: "error", status: 403, message: "API key not valid" });

    await expect(run(["--provider", "gemini"], TINY_SET, { env: env() })).rejects.toThrow(/HTTP 403/);
    expect(gemini.requests).toHaveLength(1);
  });
});

describe("eval:answers: wrong options and missing settings", () => {
  it("exits 2 with a clear message when --provider gemini has no key", async () => {
    const { status, out, err } = await run(["--provider", "gemini"], TINY_SET, { env: { GEMINI_MODEL: "m" } });

    expect(status).toBe(EXIT_USAGE);
    expect(err).toContain("--provider gemini needs Gemini settings: set GEMINI_API_KEY");
    expect(out).toBe("");
  });

  it.each([
    [["--provider", "openai"], 'Unknown provider "openai": use offline or gemini.'],
    [["--set", "holdout"], 'Unknown set "holdout": use dev or blind.'],
    [["--verbose"], "Unknown option '--verbose'"],
  ])("exits 2 with the usage for %j", async (argv, problem) => {
    const { status, out, err } = await run(argv, TINY_SET);

    expect(status).toBe(EXIT_USAGE);
    expect(err).toContain(problem);
    expect(err).toContain(EVAL_ANSWERS_USAGE);
    expect(out).toBe("");
  });

  it("exits 2 when the set cannot be read, naming its file", async () => {
    const { status, err } = await run([], [], {
      readSet: () => Promise.reject(new Error("ENOENT: no such file")),
    });

    expect(status).toBe(EXIT_USAGE);
    expect(err).toMatch(/Could not read the dev answer set \(.*server\/src\/modules\/ai\/eval\/dev-answers\.json\)/);
  });

  it("prints the usage for --help", async () => {
    const { status, out } = await run(["--help"], TINY_SET);

    expect(status).toBe(0);
    expect(out).toBe(EVAL_ANSWERS_USAGE);
  });
});

describe("isRefusal", () => {
  const book = {
    title: "Alice's Adventures in Wonderland",
    author: "Lewis Carroll",
    characterList: [],
  } as unknown as AiBook;

  it("knows the refusals of voice.ts, with or without quotation marks round the title", () => {
    expect(isRefusal(declineText(book, { kind: "book" }), book, { kind: "book" })).toBe(true);
    expect(
      isRefusal("I can only talk about “Alice’s Adventures in Wonderland”. Ask me about Alice!", book, {
        kind: "book",
      }),
    ).toBe(true);
    expect(
      isRefusal('I only know about my own story in "Alice\'s Adventures in Wonderland", my dear.', book, {
        kind: "character",
        name: "The Mad Hatter",
      }),
    ).toBe(true);
  });

  it("does not count an answer as a refusal", () => {
    expect(isRefusal("Alice drinks from a bottle labelled DRINK ME.", book, { kind: "book" })).toBe(false);
    expect(isRefusal("I can only guess: the Hatter was late.", book, { kind: "book" })).toBe(false);
  });
});
