-- AlterTable
ALTER TABLE "User" ADD COLUMN     "readerPrefs" JSONB;

-- AlterTable
ALTER TABLE "UserBook" ADD COLUMN     "furthestChapter" INTEGER,
ADD COLUMN     "furthestParagraph" INTEGER,
ADD COLUMN     "placeChapter" INTEGER,
ADD COLUMN     "placeOffset" INTEGER,
ADD COLUMN     "placeParagraph" INTEGER,
ADD COLUMN     "placeUpdatedAt" TIMESTAMP(3),
ADD COLUMN     "readingSeconds" INTEGER NOT NULL DEFAULT 0;
