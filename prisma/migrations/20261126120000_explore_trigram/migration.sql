-- Explore's search is a case-insensitive substring of the title or the author (ILIKE '%term%'): a
-- trigram index on each lets PostgreSQL find the matches without reading every book (terms of 3
-- characters or more; shorter ones still scan). pg_trgm is a trusted extension (PostgreSQL 13+): the
-- database's owner may create it. PGlite loads it too (server/src/db/database.ts).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateIndex
CREATE INDEX "Book_title_trgm_idx" ON "Book" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Book_author_trgm_idx" ON "Book" USING GIN ("author" gin_trgm_ops);
