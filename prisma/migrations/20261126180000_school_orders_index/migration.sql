-- Explore's school orders (mostRead, highestRated) read the school's ranked books from an index, best
-- first, and stop once the page is full, instead of joining all of the school's rows to the catalogue
-- and sorting them on every page. `average` is the school's average rating of the book (0 when
-- none), kept by the same trigger function as the other totals.

-- AlterTable
ALTER TABLE "SchoolBookStat" ADD COLUMN "average" DOUBLE PRECISION NOT NULL DEFAULT 0;

UPDATE "SchoolBookStat" SET "average" = "ratingSum"::float8 / "ratingCount" WHERE "ratingCount" > 0;

-- CreateIndex
CREATE INDEX "SchoolBookStat_schoolId_readers_idx" ON "SchoolBookStat"("schoolId", "readers" DESC);

-- CreateIndex
CREATE INDEX "SchoolBookStat_schoolId_average_ratingCount_idx" ON "SchoolBookStat"("schoolId", "average" DESC, "ratingCount" DESC);

CREATE OR REPLACE FUNCTION "school_book_stat_add"(school TEXT, book TEXT, d_readers INTEGER, d_sum INTEGER, d_count INTEGER)
RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF school IS NULL OR (d_readers = 0 AND d_sum = 0 AND d_count = 0) THEN
    RETURN;
  END IF;
  INSERT INTO "SchoolBookStat" AS s ("schoolId", "bookId", "readers", "ratingSum", "ratingCount", "score", "average")
  VALUES (school, book, d_readers, d_sum, d_count, "school_book_score"(d_readers, d_sum, d_count),
    CASE WHEN d_count > 0 THEN d_sum::float8 / d_count ELSE 0 END)
  ON CONFLICT ("schoolId", "bookId") DO UPDATE SET
    "readers" = s."readers" + d_readers,
    "ratingSum" = s."ratingSum" + d_sum,
    "ratingCount" = s."ratingCount" + d_count,
    "score" = "school_book_score"(s."readers" + d_readers, s."ratingSum" + d_sum, s."ratingCount" + d_count),
    "average" = CASE WHEN s."ratingCount" + d_count > 0
      THEN (s."ratingSum" + d_sum)::float8 / (s."ratingCount" + d_count) ELSE 0 END;
END
$$;
