import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { schoolIdOf } from "../src/db/schools.js";
import { OPEN_CHAT, SEND } from "./helpers/chat-kit.js";
import { type FakeGemini } from "./helpers/fake-gemini.js";
import { startGeminiApp, stopGeminiApp } from "./helpers/gemini-app.js";
import { type TestApp, type TestUser } from "./helpers/test-app.js";

// The Gemini tutor through the chat API: the phase of the student's school (School.phase) reaches the
// system instruction, so replies suit a primary or a secondary pupil; all-through and unknown schools
// get the neutral wording.

describe("Gemini tutor at the student's level", () => {
  let gemini: FakeGemini;
  let app: TestApp;
  let bookId: string;

  beforeAll(async () => {
    ({ gemini, app, bookId } = await startGeminiApp(
      { timeoutMs: 2_000, maxRetries: 0 },
      { MODERATION_JUDGE: "false" },
    ));
  });
  beforeEach(() => gemini.reset());
  afterAll(() => stopGeminiApp({ gemini, app }));

  /** Sends a message in the user's book (or character) chat and returns the instruction Gemini got. */
  async function instructionFor(user: TestUser, message: string, characterName?: string): Promise<string> {
    const opened = await app.gql(OPEN_CHAT, { bookId, ...(characterName ? { characterName } : {}) }, user.token);
    expect(opened.body.errors).toBeUndefined();
    const before = gemini.requests.length;
    const sent = await app.gql(SEND, { input: { chatId: opened.body.data.openChat.id, message } }, user.token);
    expect(sent.body.errors).toBeUndefined();
    expect(gemini.requests).toHaveLength(before + 1);
    return (
      gemini.requests
        .at(-1)
        ?.body.systemInstruction?.parts?.map((part) => part.text)
        .join("") ?? ""
    );
  }

  it("talks to a primary pupil at primary level", async () => {
    const student = await app.createUser({ school: "Pimlico Primary" });

    const instruction = await instructionFor(student, "Who is Mole?");

    expect(instruction).toContain("a primary-school child aged about 7 to 11");
    expect(instruction).toContain("The child's level: primary school (ages about 7 to 11).");
    expect(instruction).not.toContain("secondary");
  });

  it("talks to a secondary pupil at secondary level, in character too", async () => {
    const student = await app.createUser({ school: "Pimlico Academy" });

    const book = await instructionFor(student, "Why does Mole leave home?");
    const toad = await instructionFor(student, "Why do you love motor-cars?", "Toad");

    expect(book).toContain("The child's level: secondary school (ages about 11 to 16).");
    expect(book).not.toContain("primary");
    expect(toad).toContain("You are Toad, a character in the book");
    expect(toad).toContain("You are talking with a secondary-school pupil aged about 11 to 16");
    expect(toad).toContain('Answer in the first person, as Toad ("I", "me", "my")');
  });

  it("uses the neutral wording for an all-through school, a school of unknown phase, and no school", async () => {
    const allThrough = await app.createUser({ school: "Preston Manor" });
    const unknown = await app.createUser({ school: "Literacy Pirates" });
    const admin = await app.createUser({ role: "admin" });

    for (const user of [allThrough, unknown, admin]) {
      const instruction = await instructionFor(user, "Who is Badger?");
      expect(instruction).toContain("a child aged about 7 to 14");
      expect(instruction).not.toMatch(/primary school|secondary school/);
    }
  });

  it("follows the student to their new school", async () => {
    const student = await app.createUser({ school: "Pimlico Primary" });
    expect(await instructionFor(student, "Who is Ratty?")).toContain("The child's level: primary school");

    await app.db.prisma.user.update({ where: { id: student.id }, data: { schoolId: schoolIdOf("WLFS") } });

    const moved = await instructionFor(student, "Where does Ratty live?");
    expect(moved).toContain("The child's level: secondary school");
    expect(moved).not.toContain("primary");
  });
});
