-- CreateEnum
CREATE TYPE "SafeguardingRole" AS ENUM ('lead', 'deputy');

-- AlterEnum
ALTER TYPE "ModerationEventType" ADD VALUE 'concern';

-- CreateTable
CREATE TABLE "SafeguardingContact" (
    "schoolId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "SafeguardingRole" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SafeguardingContact_pkey" PRIMARY KEY ("schoolId","userId")
);

-- CreateTable
CREATE TABLE "SafeguardingNote" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "authorName" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SafeguardingNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SafeguardingAlertEmail" (
    "eventId" TEXT NOT NULL,
    "nextSendAt" TIMESTAMP(3),
    "lastSentAt" TIMESTAMP(3),
    "sentCount" INTEGER NOT NULL DEFAULT 0,
    "failedCount" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SafeguardingAlertEmail_pkey" PRIMARY KEY ("eventId")
);

-- CreateIndex
CREATE INDEX "SafeguardingContact_userId_idx" ON "SafeguardingContact"("userId");

-- CreateIndex
CREATE INDEX "SafeguardingNote_eventId_createdAt_idx" ON "SafeguardingNote"("eventId", "createdAt");

-- CreateIndex
CREATE INDEX "SafeguardingAlertEmail_nextSendAt_idx" ON "SafeguardingAlertEmail"("nextSendAt");

-- AddForeignKey
ALTER TABLE "SafeguardingContact" ADD CONSTRAINT "SafeguardingContact_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SafeguardingContact" ADD CONSTRAINT "SafeguardingContact_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SafeguardingNote" ADD CONSTRAINT "SafeguardingNote_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "ModerationEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SafeguardingAlertEmail" ADD CONSTRAINT "SafeguardingAlertEmail_eventId_fkey" FOREIGN KEY ("eventId") REFERENCES "ModerationEvent"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Safeguarding notes are an audit trail: what was done about an alert, by whom and when. Once written
-- a note is never changed or removed, whatever the client (the app, a script, a console): every UPDATE,
-- DELETE and TRUNCATE is refused here. Removing a note for a lawful reason is a deliberate act by the
-- database's owner (ALTER TABLE ... DISABLE TRIGGER), not something the application can do.
CREATE FUNCTION "safeguarding_note_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Safeguarding notes are an audit trail: they cannot be changed or deleted'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "SafeguardingNote_append_only"
  BEFORE UPDATE OR DELETE ON "SafeguardingNote"
  FOR EACH ROW EXECUTE FUNCTION "safeguarding_note_append_only"();

CREATE TRIGGER "SafeguardingNote_no_truncate"
  BEFORE TRUNCATE ON "SafeguardingNote"
  FOR EACH STATEMENT EXECUTE FUNCTION "safeguarding_note_append_only"();
