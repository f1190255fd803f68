import { type FakeGemini, geminiSettings, startFakeGemini } from "./fake-gemini.js";
import { startTestApp, type TestApp } from "./test-app.js";

// A test app and the seed book the chat tests talk about (The Wind in the Willows); with Gemini as its
// AI, served by a fake Gemini on 127.0.0.1.

export type BookApp = { app: TestApp; bookId: string };
export type GeminiApp = BookApp & { gemini: FakeGemini };

/** A test app with `env`, and the id of The Wind in the Willows in it. */
export async function startBookApp(env: Record<string, string>): Promise<BookApp> {
  const app = await startTestApp(env);
  const { id: bookId } = await app.db.prisma.book.findUniqueOrThrow({
    where: { slug: "the-wind-in-the-willows" },
    select: { id: true },
  });
  return { app, bookId };
}

export async function startGeminiApp(
  limits: { timeoutMs: number; maxRetries: number },
  env: Record<string, string> = {},
): Promise<GeminiApp> {
  const gemini = await startFakeGemini();
  return { gemini, ...(await startBookApp({ ...geminiSettings(gemini, limits), ...env })) };
}

export async function stopGeminiApp({ gemini, app }: Pick<GeminiApp, "gemini" | "app">): Promise<void> {
  await app.stop();
  await gemini.close();
}
