-- CreateEnum
CREATE TYPE "SchoolPhase" AS ENUM ('primary', 'secondary', 'all_through');

-- AlterTable
ALTER TABLE "Book" ADD COLUMN     "wordCount" INTEGER;

-- AlterTable
ALTER TABLE "School" ADD COLUMN     "phase" "SchoolPhase";

-- CreateIndex
CREATE INDEX "Book_createdAt_id_idx" ON "Book"("createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Book_author_idx" ON "Book"("author");

-- The partner schools' phases (server/src/db/schools.ts SCHOOL_PHASES), for databases seeded before
-- this migration; a new database gets them from the seed.
UPDATE "School" SET "phase" = 'primary' WHERE "id" IN ('pimlico-primary', 'wendell-park-primary', 'ark-conway',
  'mitchell-brook-primary-school', 'ark-white-city', 'leigh-ce-primary-school', 'newton-westpark-primary-school',
  'avonmore-primary', 'ashburnham', 'ark-brunel-primary-academy', 'brentfield-primary-school',
  'leopold-primary-school');
UPDATE "School" SET "phase" = 'secondary' WHERE "id" IN ('pimlico-academy', 'bedford-high-school',
  'st-marys-high-school', 'chelsea-academy', 'paddington-academy', 'phoenix-academy', 'newman', 'wlfs');
UPDATE "School" SET "phase" = 'all_through' WHERE "id" = 'preston-manor';

-- The words of the texts already stored (countWords in server/src/modules/books/book-length.ts).
UPDATE "Book" b SET "wordCount" = (SELECT count(*) FROM regexp_matches(t."content", '\S+', 'g'))
FROM "BookText" t WHERE t."bookId" = b."id";
