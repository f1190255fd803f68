import type { Logger } from "pino";
import type { AiConfig } from "../../config/config.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { createGeminiProvider } from "./gemini-provider.js";
import { createOfflineProvider } from "./offline-provider.js";
import { getPassageIndex } from "./passages.js";
import type { AiBook, AiProvider, ReadingPlace } from "./provider.js";
import { limitBook } from "./spoilers.js";

// The configured provider and the books it talks about. A book's passages are split and indexed once
// per version of its text (keyed by the text's hash) and kept in memory for the next question.

export function createAiProvider(config: AiConfig, logger: Logger): AiProvider {
  if (config.provider === "gemini") {
    return createGeminiProvider(
      {
        model: config.model,
        ...(config.vertex ? { vertex: config.vertex } : { apiKey: config.apiKey }),
        ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
        timeoutMs: config.timeoutMs,
        maxRetries: config.maxRetries,
      },
      logger,
    );
  }
  return paced(createOfflineProvider(), config.paceMs);
}

/** The offline answer is ready at once: paced, it reads like the streamed reply it stands in for. */
function paced(provider: AiProvider, paceMs: number): AiProvider {
  if (paceMs <= 0) {
    return provider;
  }
  return {
    name: provider.name,
    async *reply(request) {
      for await (const piece of provider.reply(request)) {
        yield piece;
        await new Promise((resolve) => setTimeout(resolve, paceMs));
      }
    },
  };
}

export function createAiService(deps: { prisma: PrismaClient; provider: AiProvider }) {
  const { prisma } = deps;
  return {
    provider: deps.provider,

    /**
     * The book with its searchable passages; null when it has no text. With `upTo` (the student's
     * furthest place in the reader), only the text up to it, and `limit` says how far that is (null
     * when the place is at the end and the whole book is allowed).
     */
    async loadBook(bookId: string, upTo?: ReadingPlace): Promise<AiBook | null> {
      const book = await prisma.book.findUnique({
        where: { id: bookId },
        select: {
          id: true,
          title: true,
          author: true,
          description: true,
          characterList: true,
          text: { select: { sha256: true } },
        },
      });
      if (!book?.text) {
        return null;
      }
      const passages = await getPassageIndex(`${book.id}:${book.text.sha256}`, async () => {
        const row = await prisma.bookText.findUniqueOrThrow({ where: { bookId }, select: { content: true } });
        return row.content;
      });
      const { text: _text, ...rest } = book;
      const whole: AiBook = { ...rest, description: rest.description || null, passages, limit: null };
      return upTo ? limitBook(whole, upTo) : whole;
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
