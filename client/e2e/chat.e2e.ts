/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserHarness, signIn, startBrowserHarness } from "./browser.js";

// The AI chat in a real browser, with the offline provider (answers from the book's own text): a
// student's question streams into the pane; a character answers in the first person; a teacher's
// open page receives the student's messages live; a third harmful message blocks the student and the
// safeguarding notice appears.

describe("the AI chat in a real browser", () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    // Paced offline replies, so the answer really arrives in pieces.
    h = await startBrowserHarness({ AI_OFFLINE_PACE_MS: "40" });
  });
  afterAll(() => h.close());

  it("answers from the book, streams, talks in character, reaches the teacher live, and blocks", async () => {
    const student = await h.app.createUser({ displayName: "Tom Toadfan" });
    const teacher = await h.app.createUser({ role: "teacher", school: student.school, displayName: "Ms Reed" });
    const book = await h.app.db.prisma.book.findUniqueOrThrow({
      where: { slug: "the-wind-in-the-willows" },
      select: { id: true },
    });

    const page = await h.newPage();
    await signIn(page, student, "/dashboard");
    await page.goto(`/books/${book.id}`);
    await page.getByRole("heading", { name: "The Wind in the Willows" }).waitFor();
    await page.getByText("Start a conversation about the book").waitFor();
    await page.getByText("Your teacher can read your chats.").waitFor();
    const input = page.getByPlaceholder("Ask a question about the book...");

    // The teacher opens the student's chat before the student writes anything.
    const teacherPage = await h.newPage();
    await signIn(teacherPage, teacher, "/teacher/dashboard");
    await teacherPage.goto(`/teacher/chats/${student.id}_${book.id}`);
    await teacherPage.getByRole("heading", { name: "Tom Toadfan" }).waitFor();

    // Record every text the reply shows while it is written: it must grow in more than one step.
    const log = page.getByRole("log", { name: "Chat about the book" });
    await input.fill("Who is Mr. Toad?");
    await input.press("Enter");
    await page.getByText("Who is Mr. Toad?").waitFor();
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const text = (await log.textContent()) ?? "";
          seen.add(text);
          return text.split("Who is Mr. Toad?")[1] ?? "";
        },
        { timeout: 20_000, interval: 30 },
      )
      // The whole reply: the quote, then its chapter and a question back.
      .toMatch(/[”"] \(chapter [^)]+\) [^?]+\?/i);
    await expect.poll(() => page.getByRole("button", { name: "Send" }).isEnabled()).toBe(true);
    const answer = (await log.textContent()) ?? "";
    // The offline provider quotes the book.
    expect(answer).toMatch(/[“"][^“”"]{10,}[”"]/);
    expect(seen.size).toBeGreaterThan(2);

    // The teacher's page has both messages, live.
    await teacherPage.getByText("Who is Mr. Toad?").waitFor({ timeout: 20_000 });

    // A character answers in the first person.
    await page.getByLabel("Talk to a Character").selectOption("Toad");
    await page.getByText("Talking to: Toad").waitFor();
    await page.getByText("Start a conversation with Toad").waitFor();
    const toadInput = page.getByPlaceholder("Ask Toad...");
    await toadInput.fill("What do you love most?");
    await page.getByRole("button", { name: "Send" }).click();
    const toadLog = page.getByRole("log", { name: "Chat with Toad" });
    await expect
      .poll(async () => ((await toadLog.textContent()) ?? "").split("What do you love most?")[1] ?? "", {
        timeout: 20_000,
      })
      .toMatch(/\b(I|I'm|I’m|my|me)\b/);

    // Back to the book chat: the character's messages leave the pane, the book chat's come back.
    await page.getByRole("button", { name: "Switch to Book Chat" }).click();
    await page.getByText("Who is Mr. Toad?").waitFor();
    expect(await page.getByText("What do you love most?").count()).toBe(0);

    // Harmful messages: two warnings, then the third blocks the account and the notice shows. Each
    // warning is waited for by its own words: the one before may still be on screen.
    const harmful: [string, string | null][] = [
      ["you are a stupid idiot and everyone hates you", "because it could hurt someone"],
      ["this book is fucking boring", "because it has swearing in it"],
      ["i am going to stab you tomorrow", null],
    ];
    for (const [message, warning] of harmful) {
      // The book chat's pane may still be settling after the switch: the text must be in the box
      // before it is sent, and Send waits until it can be pressed.
      await input.fill(message);
      await expect.poll(() => input.inputValue()).toBe(message);
      await page.getByRole("button", { name: "Send" }).click();
      if (warning) {
        await page.getByRole("alert").filter({ hasText: warning }).waitFor();
      }
    }
    await page
      .getByText(
        "Safeguarding notice: Your account is currently restricted from sending messages or reviews due to repeated harmful content. Please speak to your teacher.",
      )
      .waitFor();
    expect(await page.getByPlaceholder("Ask a question about the book...").count()).toBe(0);
    const user = await h.app.db.prisma.user.findUniqueOrThrow({ where: { id: student.id } });
    expect(user).toMatchObject({ blocked: true, strikeCount: 3 });
    // None of the harmful messages reached the chat.
    expect(await teacherPage.getByText("stupid idiot").count()).toBe(0);
  });
});
