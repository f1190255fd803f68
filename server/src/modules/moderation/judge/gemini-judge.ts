// Layer 3 of the classifier: an AI judge, when an AI provider is configured. One Gemini call with
// structured output (a JSON schema: category, severity, a one-line reason for staff) over the message
// and the student's recent messages. It runs beside the answer; the answer is released only once the
// judge has cleared the message (chat.service.ts). A time-out, an error or malformed JSON is an absent
// vote, never a clear: layers 1 and 2 decide alone then (classify.ts).

import { GoogleGenAI, HarmBlockThreshold, HarmCategory, type GoogleGenAIOptions } from "@google/genai";
import type { Logger } from "pino";
import { z } from "zod";
import { CATEGORY_INFO, MODERATION_CATEGORIES, type ModerationCategory } from "../taxonomy.js";

export interface JudgeInput {
  readonly text: string;
  /** The student's earlier messages in this chat, oldest first. */
  readonly context: readonly string[];
}

export type JudgeVerdict =
  | { readonly category: null; readonly severity: "none"; readonly reason: string }
  | {
      readonly category: ModerationCategory;
      readonly severity: "low" | "high" | "urgent";
      readonly reason: string;
    };

/** Resolves to the judge's verdict, or null when it has none (time-out, error, malformed answer). */
export type ModerationJudge = (input: JudgeInput, signal?: AbortSignal) => Promise<JudgeVerdict | null>;

export interface GeminiJudgeOptions {
  readonly apiKey?: string;
  readonly vertex?: { project: string; location: string };
  readonly model: string;
  readonly baseUrl?: string;
  /** How long the child's answer may wait for the judge. */
  readonly timeoutMs: number;
}

export const DEFAULT_JUDGE_TIMEOUT_MS = 4_000;

const categoryList = MODERATION_CATEGORIES.map((category) => `- ${category}: ${CATEGORY_INFO[category].label}`).join(
  "\n",
);

export const JUDGE_INSTRUCTION = `You are the safeguarding reviewer of a reading app for UK schoolchildren aged 7-16.
Children chat with an AI about books and write reviews. Judge the child's LAST message, using their
earlier messages only as context (grooming and disclosures can build up over several messages).
Follow Keeping Children Safe in Education (2025). Categories:
${categoryList}
- none: nothing of concern.
Severity: "urgent" for any risk to the child (risk_* categories); "high" for threats, bullying, hate,
sexual content, strong swearing, meeting requests; "low" for mild swearing or sharing a small personal
detail; "none" when the category is none.
Children discuss dark themes in books (death, violence, cruelty, running away) all the time: talking
about what happens in a story, quoting it, or harmless slang and jokes ("i'm dead", "that's sick") is
none. A child saying something about themselves, or aiming words at a person, is not.
Answer with JSON only. "reason" is one short sentence for school staff; never repeat the child's words.`;

const RESPONSE_SCHEMA = {
  type: "object",
  properties: {
    category: { type: "string", enum: [...MODERATION_CATEGORIES, "none"] },
    severity: { type: "string", enum: ["none", "low", "high", "urgent"] },
    reason: { type: "string" },
  },
  required: ["category", "severity", "reason"],
  propertyOrdering: ["category", "severity", "reason"],
} as const;

const answer = z.object({
  category: z.enum([...MODERATION_CATEGORIES, "none"]),
  severity: z.enum(["none", "low", "high", "urgent"]),
  reason: z.string().trim().min(1).max(500),
});

/** Reads the judge's JSON; null when it is not what the schema promised. */
export function parseJudgeAnswer(text: string | undefined): JudgeVerdict | null {
  if (!text) {
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = answer.safeParse(json);
  if (!parsed.success) {
    return null;
  }
  const { category, severity, reason } = parsed.data;
  if (category === "none" || severity === "none") {
    return { category: null, severity: "none", reason };
  }
  // A risk to the child is always urgent, whatever severity the model wrote beside it.
  const fixed = CATEGORY_INFO[category].group === "risk" ? "urgent" : severity === "urgent" ? "high" : severity;
  return { category, severity: fixed, reason };
}

export function judgePrompt(input: JudgeInput): string {
  const earlier = input.context.slice(-6);
  return [
    earlier.length
      ? `Earlier messages from the child, oldest first:\n${earlier.map((m) => `- ${JSON.stringify(m)}`).join("\n")}`
      : "No earlier messages.",
    `The child's last message (judge this one): ${JSON.stringify(input.text)}`,
  ].join("\n\n");
}

export function createGeminiJudge(options: GeminiJudgeOptions, logger?: Logger): ModerationJudge {
  const log = logger?.child({ ai: "moderation-judge" });
  const httpOptions = options.baseUrl ? { httpOptions: { baseUrl: options.baseUrl } } : {};
  const clientOptions: GoogleGenAIOptions = options.vertex
    ? { vertexai: true, ...options.vertex, ...httpOptions }
    : { vertexai: false, apiKey: options.apiKey, ...httpOptions };
  const client = new GoogleGenAI(clientOptions);

  return async (input, signal) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    const abortSignal = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    const started = performance.now();
    try {
      const response = await client.models.generateContent({
        model: options.model,
        contents: [{ role: "user", parts: [{ text: judgePrompt(input) }] }],
        config: {
          systemInstruction: JUDGE_INSTRUCTION,
          temperature: 0,
          maxOutputTokens: 256,
          responseMimeType: "application/json",
          responseJsonSchema: RESPONSE_SCHEMA,
          // The judge must read harmful words to judge them: its own filters stay out of the way.
          safetySettings: [
            HarmCategory.HARM_CATEGORY_HARASSMENT,
            HarmCategory.HARM_CATEGORY_HATE_SPEECH,
            HarmCategory.HARM_CATEGORY_SEXUALLY_EXPLICIT,
            HarmCategory.HARM_CATEGORY_DANGEROUS_CONTENT,
          ].map((category) => ({ category, threshold: HarmBlockThreshold.BLOCK_NONE })),
          abortSignal,
        },
      });
      const verdict = parseJudgeAnswer(response.text);
      if (!verdict) {
        log?.warn({ ms: Math.round(performance.now() - started) }, "moderation judge gave no usable answer");
      }
      return verdict;
    } catch (error) {
      const timedOut = controller.signal.aborted;
      log?.warn(
        { ms: Math.round(performance.now() - started), err: timedOut ? undefined : error },
        timedOut ? "moderation judge timed out" : "moderation judge failed",
      );
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
