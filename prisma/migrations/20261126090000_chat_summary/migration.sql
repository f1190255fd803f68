-- AlterTable
ALTER TABLE "Chat" ADD COLUMN     "summary" TEXT,
ADD COLUMN     "summaryMessageCount" INTEGER;
