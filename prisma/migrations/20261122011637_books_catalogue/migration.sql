-- AlterTable
ALTER TABLE "Book" ADD COLUMN     "coverColor" TEXT,
ADD COLUMN     "ratingCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "ratingSum" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "seedHash" TEXT;

-- AlterTable
ALTER TABLE "BookText" ADD COLUMN     "sha256" TEXT NOT NULL;

-- CreateIndex
CREATE INDEX "Book_ratingCount_idx" ON "Book"("ratingCount");
