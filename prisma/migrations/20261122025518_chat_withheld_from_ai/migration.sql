-- AlterTable
ALTER TABLE "ChatMessage" ADD COLUMN     "withheldFromAi" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "ChatMessage_chatId_createdAt_idx" ON "ChatMessage"("chatId", "createdAt");
