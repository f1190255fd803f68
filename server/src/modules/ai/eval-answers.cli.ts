import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { type AiConfig, ConfigError, loadConfig } from "../../config/config.js";
import { createAiProvider } from "./ai.service.js";
import {
  ANSWER_SETS,
  type AnswerEntry,
  type AnswerReport,
  MAX_REPLY_WORDS,
  percentile,
  readAnswerSet,
  scoreAnswerSet,
  type TypeScore,
} from "./eval/answer-set.js";
import { loadSeedBook } from "./eval/evaluate-answers.js";
import { AiProviderError, type AiBook, type AiProvider, type ChatMode } from "./provider.js";
import { isDeclineText } from "./voice.js";

// `npm run eval:answers [-- --provider offline|gemini] [--set dev|blind] [--misses]`: asks an AI
// provider every question of an answer set (eval/answer-set.ts) and prints how many it answered, how
// many off-topic questions it declined, per question type, the replies over the word limit and the
// reply times. Gemini uses the server's own settings (GEMINI_API_KEY, or Vertex AI) and provider.

export const EVAL_ANSWERS_USAGE = `Usage: npm run eval:answers -- [--provider offline|gemini] [--set dev|blind] [--misses]

  --provider  offline (default) or gemini (needs GEMINI_API_KEY, or GOOGLE_GENAI_USE_VERTEXAI=true with
              GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION; GEMINI_MODEL and GEMINI_BASE_URL apply)
  --set       dev (default) or blind (written blind: score it once, never tune on it)
  --misses    also print every missed question with its reply`;

/** Exit status for a wrong option or a missing setting: nothing was asked. */
export const EXIT_USAGE = 2;

const PROVIDERS = ["offline", "gemini"] as const;
const SETS = ["dev", "blind"] as const;
type SetName = (typeof SETS)[number];
type ProviderName = (typeof PROVIDERS)[number];

/** Progress goes to stderr this often on a Gemini run (every reply is a network call). */
const PROGRESS_EVERY = 10;

export type EvalAnswersDeps = {
  /** The environment the AI settings are read from (process.env by default). */
  env?: Record<string, string | undefined>;
  /** Standard output and error, a line at a time. */
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Reads the named set; by default its file in the source tree (tests give a set of their own). */
  readSet?: (set: SetName) => Promise<AnswerEntry[]>;
  /** A book of the seed catalogue by slug (loadSeedBook by default). */
  loadBook?: (slug: string) => Promise<AiBook>;
};

/** Runs the evaluation for the command-line arguments; resolves to the process's exit status. */
export async function evalAnswers(argv: readonly string[], deps: EvalAnswersDeps = {}): Promise<number> {
  const out = deps.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = deps.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const options = readOptions(argv);
  if ("problem" in options) {
    err(options.problem);
    err(EVAL_ANSWERS_USAGE);
    return EXIT_USAGE;
  }
  if (options.help) {
    out(EVAL_ANSWERS_USAGE);
    return 0;
  }

  const ai = aiSettings(options.provider, deps.env ?? process.env);
  if ("problem" in ai) {
    err(ai.problem);
    return EXIT_USAGE;
  }
  let entries: AnswerEntry[];
  try {
    entries = await (deps.readSet ?? readSetFile)(options.set);
  } catch (error) {
    err(
      `Could not read the ${options.set} answer set (${fileURLToPath(ANSWER_SETS[options.set])}): ${(error as Error).message}`,
    );
    return EXIT_USAGE;
  }

  const logger = pino({ level: "warn" }, { write: (line: string) => err(line.trimEnd()) });
  const failures = { count: 0 };
  const provider = countingFailures(createAiProvider(ai.config, logger), failures);
  const gemini = ai.config.provider === "gemini";
  const model = ai.config.provider === "gemini" ? ` (${ai.config.model})` : "";
  out(`Answer set ${options.set}: ${entries.length} questions, provider ${provider.name}${model}`);

  const report = await scoreAnswerSet(entries, {
    provider,
    loadBook: deps.loadBook ?? loadSeedBook,
    // Gemini words its refusals itself: the book's title may come in quotation marks.
    ...(gemini ? { isDecline: isRefusal } : {}),
    onReply: (done, total) => {
      if (gemini && (done % PROGRESS_EVERY === 0 || done === total)) {
        err(`  ${done}/${total} asked`);
      }
    },
  });
  for (const line of reportLines(report, failures.count, options.misses)) {
    out(line);
  }
  return 0;
}

type Options = { provider: ProviderName; set: SetName; misses: boolean; help: boolean };

function readOptions(argv: readonly string[]): Options | { problem: string } {
  let values: { provider?: string; set?: string; misses?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        provider: { type: "string" },
        set: { type: "string" },
        misses: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { problem: (error as Error).message };
  }
  const provider = values.provider ?? "offline";
  const set = values.set ?? "dev";
  if (!isOneOf(PROVIDERS, provider)) {
    return { problem: `Unknown provider "${provider}": use offline or gemini.` };
  }
  if (!isOneOf(SETS, set)) {
    return { problem: `Unknown set "${set}": use dev or blind.` };
  }
  return { provider, set, misses: values.misses ?? false, help: values.help ?? false };
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** The server's AI settings for the provider asked for, or why they are missing. */
function aiSettings(
  provider: ProviderName,
  env: Record<string, string | undefined>,
): { config: AiConfig } | { problem: string } {
  // Only the AI settings matter here; the offline replies are not paced (their time is measured).
  const aiEnv = Object.fromEntries(
    Object.entries(env).filter(([name]) =>
      /^(GEMINI_|GOOGLE_GENAI_|GOOGLE_CLOUD_|AI_TIMEOUT_MS$|AI_MAX_RETRIES$)/.test(name),
    ),
  );
  try {
    const config = loadConfig({ ...aiEnv, AI_PROVIDER: provider, AI_OFFLINE_PACE_MS: "0" }).ai;
    return { config };
  } catch (error) {
    if (!(error instanceof ConfigError)) {
      throw error;
    }
    const missingKey = error.problems.some((problem) => problem.startsWith("AI_PROVIDER=gemini"));
    return {
      problem: missingKey
        ? "--provider gemini needs Gemini settings: set GEMINI_API_KEY (Gemini Developer API), or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION (Vertex AI)."
        : error.message,
    };
  }
}

function readSetFile(set: SetName): Promise<AnswerEntry[]> {
  return readAnswerSet(ANSWER_SETS[set]);
}

/**
 * A provider whose failures after its own retries count as an empty reply (a miss), so that one
 * time-out does not end a long run. A failure that will repeat (a bad key, a wrong model) still ends it.
 */
function countingFailures(provider: AiProvider, failures: { count: number }): AiProvider {
  return {
    name: provider.name,
    async *reply(request) {
      try {
        yield* provider.reply(request);
      } catch (error) {
        if (!(error instanceof AiProviderError) || !error.retryable) {
          throw error;
        }
        failures.count += 1;
      }
    },
  };
}

/** A refusal as voice.ts words it, also with the title in quotation marks or curly apostrophes. */
export function isRefusal(reply: string, book: AiBook, mode: ChatMode): boolean {
  const plain = (text: string) => text.replace(/[‘’]/g, "'").replace(/["“”]/g, "");
  return isDeclineText(plain(reply), { ...book, title: plain(book.title) }, mode);
}

function share(score: TypeScore): string {
  const percent = score.total === 0 ? "n/a" : `${((100 * score.correct) / score.total).toFixed(1)}%`;
  return `${score.correct}/${score.total} (${percent})`;
}

function milliseconds(value: number): string {
  return `${value.toFixed(value < 10 ? 2 : 0)} ms`;
}

/** The printed report. */
export function reportLines(report: AnswerReport, failures: number, misses: boolean): string[] {
  const types = Object.keys(report.byType).sort();
  const width = Math.max(0, ...types.map((type) => type.length));
  const lines = [
    `answered: ${share(report.answerable)} of the answerable questions (the answer in the reply)`,
    `declined right: ${share(report.declined)} of the off-topic questions`,
    "per question type:",
    ...types.map((type) => `  ${type.padEnd(width)}  ${share(report.byType[type] as TypeScore)}`),
    `replies over ${MAX_REPLY_WORDS} words: ${report.tooLong}`,
    `reply time: p50 ${milliseconds(percentile(report.timings, 50))}, p99 ${milliseconds(percentile(report.timings, 99))}`,
  ];
  if (failures > 0) {
    lines.push(`provider failures (counted as empty replies): ${failures}`);
  }
  if (misses) {
    lines.push(`missed (${report.misses.length}):`);
    for (const { entry, reply } of report.misses) {
      const chat = entry.mode && entry.mode !== "book" ? `, talking to ${entry.mode}` : "";
      const wanted = entry.expect === "decline" ? "a polite refusal" : (entry.answers ?? []).join(" | ");
      lines.push(
        `- [${entry.type}] ${entry.book}${chat}: ${entry.question}`,
        `    expected: ${wanted}`,
        `    reply: ${reply.replace(/\s+/g, " ").trim() || "(none)"}`,
      );
    }
  }
  return lines;
}
