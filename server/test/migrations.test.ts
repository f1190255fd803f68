import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../src/db/database.js";
import { migrate, MigrationError, readMigrations } from "../src/db/migrate.js";
import { Prisma, type PrismaClient } from "../src/generated/prisma/client.js";
import { startTestApp, type TestApp } from "./helpers/test-app.js";

const root = path.resolve(import.meta.dirname, "../..");
const onPostgres = process.env.TEST_DATABASE === "postgres";

/** Runs the real Prisma CLI (with the project's schema engine stand-in) against the test database. */
function prismaCli(args: string[], pgliteDir?: string) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PATH: `${root}/node_modules/.bin:${process.env.PATH}`,
  };
  if (pgliteDir) {
    env.PGLITE_DIR = pgliteDir;
    delete env.DATABASE_URL;
  } else {
    env.DATABASE_URL = inject("databaseUrl");
  }
  const result = spawnSync(process.execPath, [path.join(root, "prisma/tools/prisma.mjs"), ...args], {
    cwd: root,
    env,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe("migrations", () => {
  let app: TestApp;
  let cliDir: string | undefined;

  beforeAll(async () => {
    app = await startTestApp();
    if (!onPostgres) {
      // The CLI opens PGlite itself, so it gets its own copy of the migrated template.
      cliDir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-cli-"));
      fs.cpSync(inject("pgliteTemplate"), cliDir, { recursive: true });
    }
  });
  afterAll(async () => {
    await app.stop();
    if (cliDir) {
      fs.rmSync(cliDir, { recursive: true, force: true });
    }
  });

  it("applies nothing on a second start", () => {
    expect(app.migration.applied).toEqual([]);
    expect(app.migration.alreadyApplied).toBe(readMigrations().length);
  });

  it("records them so that Prisma Migrate sees an up-to-date history", () => {
    const { status, output } = prismaCli(["migrate", "status"], cliDir);
    expect(output).toContain("Database schema is up to date");
    expect(status).toBe(0);
  });

  it("leaves a database that matches schema.prisma exactly", () => {
    const same = prismaCli(
      ["migrate", "diff", "--from-config-datasource", "--to-schema", "prisma/schema.prisma", "--exit-code"],
      cliDir,
    );
    expect(same.status, same.output).toBe(0);

    // The same check sees a difference when there is one.
    const changed = path.join(os.tmpdir(), `rr-schema-${randomUUID()}.prisma`);
    fs.writeFileSync(
      changed,
      `${fs.readFileSync(path.join(root, "prisma/schema.prisma"), "utf8")}\nmodel Extra {\n  id Int @id\n}\n`,
    );
    try {
      const different = prismaCli(
        ["migrate", "diff", "--from-config-datasource", "--to-schema", changed, "--exit-code"],
        cliDir,
      );
      expect(different.status, different.output).toBe(2);
    } finally {
      fs.rmSync(changed, { force: true });
    }
  });

  it("creates, reads, updates and deletes every model through the generated client", async () => {
    const prisma = app.db.prisma;
    const suffix = randomUUID().slice(0, 8);
    const school = await prisma.school.create({ data: { id: `school-${suffix}`, name: `School ${suffix}` } });
    const user = await prisma.user.create({
      data: { email: `crud-${suffix}@test.local`, displayName: "Crud", passwordHash: "x", schoolId: school.id },
    });
    const book = await prisma.book.create({
      data: { title: "T", author: "A", category: "primary", genre: "fiction", characterList: ["Alice", "Hatter"] },
    });
    const chatId = `${user.id}_${book.id}`;
    const cover = { bookId: book.id, contentType: "image/png", data: Buffer.from([1, 2, 3]), width: 1, height: 1 };

    // model -> [create, read, update, delete]; a model without a row fails the coverage check below.
    const cases: Record<Prisma.ModelName, () => Promise<unknown>> = {
      School: async () => {
        const updated = await prisma.school.update({ where: { id: school.id }, data: { name: `Renamed ${suffix}` } });
        expect(updated.name).toBe(`Renamed ${suffix}`);
      },
      User: async () => {
        const updated = await prisma.user.update({
          where: { id: user.id },
          data: { strikeCount: { increment: 2 }, blocked: true, blockedAt: new Date(), blockReason: "test" },
        });
        expect(updated).toMatchObject({ strikeCount: 2, blocked: true, role: "student", status: "active" });
      },
      Book: async () => {
        const read = await prisma.book.findUniqueOrThrow({ where: { id: book.id } });
        expect(read).toMatchObject({ characterList: ["Alice", "Hatter"], status: "draft", allSchools: true });
        await prisma.book.update({ where: { id: book.id }, data: { status: "published", pages: 12 } });
      },
      BookText: async () => {
        await prisma.bookText.create({
          data: { bookId: book.id, content: "Once upon a time", sizeBytes: 16, sha256: "x" },
        });
        await prisma.bookText.update({ where: { bookId: book.id }, data: { content: "Twice" } });
        expect((await prisma.bookText.findUniqueOrThrow({ where: { bookId: book.id } })).content).toBe("Twice");
        await prisma.bookText.delete({ where: { bookId: book.id } });
      },
      BookCover: async () => {
        await prisma.bookCover.create({ data: { ...cover, sha256: "abc" } });
        const read = await prisma.bookCover.findUniqueOrThrow({ where: { bookId: book.id } });
        expect([...read.data]).toEqual([1, 2, 3]);
        await prisma.bookCover.update({ where: { bookId: book.id }, data: { width: 2 } });
      },
      BookCoverRendition: async () => {
        await prisma.bookCoverRendition.create({
          data: { bookId: book.id, size: "low", contentType: "image/webp", data: Buffer.from([9]), etag: "e" },
        });
        await prisma.bookCoverRendition.update({
          where: { bookId_size: { bookId: book.id, size: "low" } },
          data: { etag: "f" },
        });
        await prisma.bookCoverRendition.delete({ where: { bookId_size: { bookId: book.id, size: "low" } } });
        await prisma.bookCover.delete({ where: { bookId: book.id } });
      },
      BookSchool: async () => {
        await prisma.bookSchool.create({ data: { bookId: book.id, schoolId: school.id } });
        expect(await prisma.bookSchool.count({ where: { bookId: book.id } })).toBe(1);
        await prisma.bookSchool.delete({ where: { bookId_schoolId: { bookId: book.id, schoolId: school.id } } });
      },
      UserBook: async () => {
        const created = await prisma.userBook.create({
          data: { id: `${user.id}_${book.id}`, userId: user.id, bookId: book.id },
        });
        expect(created).toMatchObject({ read: false, lastReadAt: null, readingTime: 10 });
        await prisma.userBook.update({ where: { id: created.id }, data: { read: true, lastReadAt: new Date() } });
        await prisma.userBook.delete({ where: { id: created.id } });
      },
      Review: async () => {
        const review = await prisma.review.create({
          data: { userId: user.id, bookId: book.id, rating: 5, reviewText: "Lovely" },
        });
        await expect(
          prisma.review.create({ data: { userId: user.id, bookId: book.id, rating: 4, reviewText: "Again" } }),
        ).rejects.toMatchObject({ code: "P2002" });
        await prisma.review.update({ where: { id: review.id }, data: { rating: 4 } });
        await prisma.review.delete({ where: { id: review.id } });
      },
      SchoolBookStat: async () => {
        // Kept by triggers: the reading and the review above came and went.
        const stat = await prisma.schoolBookStat.findUniqueOrThrow({
          where: { schoolId_bookId: { schoolId: school.id, bookId: book.id } },
        });
        expect(stat).toMatchObject({ readers: 0, ratingSum: 0, ratingCount: 0, score: 0 });
      },
      Chat: async () => {
        await prisma.chat.create({
          data: { id: chatId, userId: user.id, bookId: book.id, schoolId: school.id, studentDisplayName: "Crud" },
        });
        await prisma.chat.update({ where: { id: chatId }, data: { messageCount: { increment: 2 } } });
        expect((await prisma.chat.findUniqueOrThrow({ where: { id: chatId } })).messageCount).toBe(2);
      },
      ChatMessage: async () => {
        await prisma.chatMessage.create({ data: { chatId, seq: 1, role: "user", content: "Hi" } });
        await expect(
          prisma.chatMessage.create({ data: { chatId, seq: 1, role: "assistant", content: "dup" } }),
        ).rejects.toMatchObject({ code: "P2002" });
        await prisma.chatMessage.updateMany({ where: { chatId }, data: { content: "Hello" } });
        await prisma.chat.delete({ where: { id: chatId } });
        expect(await prisma.chatMessage.count({ where: { chatId } })).toBe(0);
      },
      ModerationEvent: async () => {
        const event = await prisma.moderationEvent.create({
          data: { type: "strike", userId: user.id, schoolId: school.id, reason: "test", severity: "urgent" },
        });
        await prisma.moderationEvent.update({
          where: { id: event.id },
          data: { reviewedAt: new Date(), reviewedById: user.id },
        });
        await prisma.moderationEvent.delete({ where: { id: event.id } });
      },
      PasswordResetToken: async () => {
        const token = await prisma.passwordResetToken.create({
          data: { userId: user.id, tokenHash: `hash-${suffix}`, expiresAt: new Date(Date.now() + 60_000) },
        });
        await prisma.passwordResetToken.update({ where: { id: token.id }, data: { usedAt: new Date() } });
        await prisma.passwordResetToken.delete({ where: { id: token.id } });
      },
      OutboxEmail: async () => {
        const mail = await prisma.outboxEmail.create({ data: { to: user.email, subject: "s", text: "t" } });
        await prisma.outboxEmail.update({ where: { id: mail.id }, data: { subject: "s2" } });
        await prisma.outboxEmail.delete({ where: { id: mail.id } });
      },
      ServerSetting: async () => {
        await prisma.serverSetting.create({ data: { key: `k-${suffix}`, value: "v" } });
        await prisma.serverSetting.update({ where: { key: `k-${suffix}` }, data: { value: "w" } });
        await prisma.serverSetting.delete({ where: { key: `k-${suffix}` } });
      },
      AdminAction: async () => {
        const action = await prisma.adminAction.create({
          data: {
            actorId: user.id,
            actorName: "Crud",
            action: "book.created",
            targetType: "book",
            targetId: book.id,
            summary: "s",
          },
        });
        const updated = await prisma.adminAction.update({ where: { id: action.id }, data: { summary: "t" } });
        expect(updated).toMatchObject({ actorId: user.id, summary: "t" });
        await prisma.adminAction.delete({ where: { id: action.id } });
      },
      SafeguardingContact: async () => {
        await prisma.safeguardingContact.create({ data: { schoolId: school.id, userId: user.id, role: "lead" } });
        await prisma.safeguardingContact.update({
          where: { schoolId_userId: { schoolId: school.id, userId: user.id } },
          data: { role: "deputy" },
        });
        await prisma.safeguardingContact.delete({
          where: { schoolId_userId: { schoolId: school.id, userId: user.id } },
        });
      },
      SafeguardingAlertEmail: async () => {
        const event = await prisma.moderationEvent.create({
          data: { type: "alert", severity: "urgent", userId: user.id, schoolId: school.id, reason: "test" },
        });
        await prisma.safeguardingAlertEmail.create({ data: { eventId: event.id, nextSendAt: new Date() } });
        await prisma.safeguardingAlertEmail.update({ where: { eventId: event.id }, data: { sentCount: 1 } });
        await prisma.moderationEvent.delete({ where: { id: event.id } });
        expect(await prisma.safeguardingAlertEmail.count({ where: { eventId: event.id } })).toBe(0);
      },
      SafeguardingNote: async () => {
        // Append-only (a trigger of the migration): written once, never changed or removed, so it is
        // written about a student of its own (of no school), whom the deletions below do not reach.
        const pupil = await prisma.user.create({
          data: { email: `note-${suffix}@test.local`, displayName: "Noted", passwordHash: "x" },
        });
        const event = await prisma.moderationEvent.create({
          data: { type: "concern", userId: pupil.id, reason: "test" },
        });
        const note = await prisma.safeguardingNote.create({
          data: { eventId: event.id, authorId: user.id, authorName: "Crud", text: "Spoke to the child" },
        });
        await expect(
          prisma.safeguardingNote.update({ where: { id: note.id }, data: { text: "changed" } }),
        ).rejects.toThrow(/audit trail/);
        await expect(prisma.safeguardingNote.delete({ where: { id: note.id } })).rejects.toThrow(/audit trail/);
        await expect(prisma.moderationEvent.delete({ where: { id: event.id } })).rejects.toThrow(/audit trail/);
        expect(await prisma.safeguardingNote.findUniqueOrThrow({ where: { id: note.id } })).toMatchObject({
          text: "Spoke to the child",
        });
      },
    };
    expect(Object.keys(cases).sort()).toEqual(Object.values(Prisma.ModelName).sort());
    for (const run of Object.values(cases)) {
      await run();
    }
    // Deleting the user cascades to what only they own.
    await prisma.user.delete({ where: { id: user.id } });
    await prisma.book.delete({ where: { id: book.id } });
    await prisma.school.delete({ where: { id: school.id } });
    expect(await prisma.user.findUnique({ where: { id: user.id } })).toBeNull();
  });
});

describe("the migrator", () => {
  const withFreshDatabase = async (fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-migrate-"));
    const db = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      await fn(db);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const run = onPostgres ? it.skip : it; // pure migrator behaviour: once is enough

  run("builds the schema from empty, then applies nothing", async () => {
    await withFreshDatabase(async (db) => {
      const first = await migrate(db.sql);
      expect(first.applied).toEqual(readMigrations().map((m) => m.name));
      const second = await migrate(db.sql);
      expect(second).toEqual({ applied: [], alreadyApplied: first.applied.length });
      await expect(countUsers(db.prisma)).resolves.toBe(0);
    });
  });

  run("rolls a failing migration back whole and records nothing", async () => {
    await withFreshDatabase(async (db) => {
      const broken = [
        { name: "001_ok", sql: 'CREATE TABLE "a" (id int);', checksum: "1" },
        { name: "002_bad", sql: 'CREATE TABLE "b" (id int); SELECT * FROM "missing";', checksum: "2" },
      ];
      await expect(migrate(db.sql, broken)).rejects.toBeInstanceOf(MigrationError);
      const tables = await db.sql.query<{ name: string }>(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
      );
      expect(tables.map((t) => t.name)).toEqual(["_prisma_migrations", "a"]);
      const rows = await db.sql.query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations"');
      expect(rows.map((r) => r.migration_name)).toEqual(["001_ok"]);
    });
  });

  run("refuses to start when an applied migration was edited", async () => {
    await withFreshDatabase(async (db) => {
      await migrate(db.sql, [{ name: "001", sql: "SELECT 1;", checksum: "aaa" }]);
      await expect(migrate(db.sql, [{ name: "001", sql: "SELECT 2;", checksum: "bbb" }])).rejects.toThrow(
        "Migration 001 was changed after it was applied",
      );
    });
  });
});

function countUsers(prisma: PrismaClient) {
  return prisma.user.count();
}
