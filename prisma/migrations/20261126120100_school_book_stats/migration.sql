-- Each school's reading and ratings of each book, for the dashboard's recommendations: the school's
-- best books come from an index instead of adding up and sorting the school's whole activity on
-- every dashboard. Kept by triggers on every write to UserBook, Review and User (role or school), so
-- it is never stale, whoever writes. Only students count, as in the recommendations. `score` is the
-- school's part of a recommendation's score (server/src/modules/books/book-recommendations.ts).

-- CreateTable
CREATE TABLE "SchoolBookStat" (
    "schoolId" TEXT NOT NULL,
    "bookId" TEXT NOT NULL,
    "readers" INTEGER NOT NULL DEFAULT 0,
    "ratingSum" INTEGER NOT NULL DEFAULT 0,
    "ratingCount" INTEGER NOT NULL DEFAULT 0,
    "score" DOUBLE PRECISION NOT NULL DEFAULT 0,

    CONSTRAINT "SchoolBookStat_pkey" PRIMARY KEY ("schoolId","bookId")
);

-- CreateIndex
CREATE INDEX "SchoolBookStat_schoolId_score_bookId_idx" ON "SchoolBookStat"("schoolId", "score" DESC, "bookId");

-- 0.5 for each reader (up to 5), plus 2 x (average rating - 3) weighed by how many rated (full from 3).
CREATE FUNCTION "school_book_score"(readers INTEGER, rating_sum INTEGER, rating_count INTEGER)
RETURNS DOUBLE PRECISION LANGUAGE sql IMMUTABLE AS $$
  SELECT 0.5 * least(readers, 5) + CASE WHEN rating_count > 0
    THEN 2 * (rating_sum::float8 / rating_count - 3) * least(rating_count, 3) / 3 ELSE 0 END
$$;

CREATE FUNCTION "school_book_stat_add"(school TEXT, book TEXT, d_readers INTEGER, d_sum INTEGER, d_count INTEGER)
RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF school IS NULL OR (d_readers = 0 AND d_sum = 0 AND d_count = 0) THEN
    RETURN;
  END IF;
  INSERT INTO "SchoolBookStat" AS s ("schoolId", "bookId", "readers", "ratingSum", "ratingCount", "score")
  VALUES (school, book, d_readers, d_sum, d_count, "school_book_score"(d_readers, d_sum, d_count))
  ON CONFLICT ("schoolId", "bookId") DO UPDATE SET
    "readers" = s."readers" + d_readers,
    "ratingSum" = s."ratingSum" + d_sum,
    "ratingCount" = s."ratingCount" + d_count,
    "score" = "school_book_score"(s."readers" + d_readers, s."ratingSum" + d_sum, s."ratingCount" + d_count);
END
$$;

-- The school a user's reading counts for: a student's school, else none.
CREATE FUNCTION "school_book_stat_school"(user_id TEXT) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT u."schoolId" FROM "User" u WHERE u."id" = user_id AND u."role" = 'student'
$$;

CREATE FUNCTION "school_book_stat_user_book"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."read" THEN
    PERFORM "school_book_stat_add"("school_book_stat_school"(OLD."userId"), OLD."bookId", -1, 0, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."read" THEN
    PERFORM "school_book_stat_add"("school_book_stat_school"(NEW."userId"), NEW."bookId", 1, 0, 0);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION "school_book_stat_review"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "school_book_stat_add"("school_book_stat_school"(OLD."userId"), OLD."bookId", 0, -OLD."rating", -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "school_book_stat_add"("school_book_stat_school"(NEW."userId"), NEW."bookId", 0, NEW."rating", 1);
  END IF;
  RETURN NULL;
END
$$;

-- A student's numbers, added to (sign 1) or taken from (sign -1) their school's.
CREATE FUNCTION "school_book_stat_move"(user_id TEXT, school TEXT, sign INTEGER) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
  IF school IS NULL THEN
    RETURN;
  END IF;
  PERFORM "school_book_stat_add"(school, x."bookId", sign * x.readers, sign * x.rating_sum, sign * x.rating_count)
  FROM (
    SELECT y."bookId", sum(y.readers)::int AS readers, sum(y.rating)::int AS rating_sum, sum(y.rated)::int AS rating_count
    FROM (
      SELECT ub."bookId", 1 AS readers, 0 AS rating, 0 AS rated FROM "UserBook" ub WHERE ub."userId" = user_id AND ub."read"
      UNION ALL
      SELECT r."bookId", 0, r."rating", 1 FROM "Review" r WHERE r."userId" = user_id
    ) y
    GROUP BY y."bookId"
  ) x;
END
$$;

CREATE FUNCTION "school_book_stat_user"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Before the row goes: its reading and reviews are deleted after it (cascade), when it is gone.
    IF OLD."role" = 'student' THEN
      PERFORM "school_book_stat_move"(OLD."id", OLD."schoolId", -1);
    END IF;
    RETURN OLD;
  END IF;
  IF OLD."role" IS NOT DISTINCT FROM NEW."role" AND OLD."schoolId" IS NOT DISTINCT FROM NEW."schoolId" THEN
    RETURN NULL;
  END IF;
  IF OLD."role" = 'student' THEN
    PERFORM "school_book_stat_move"(OLD."id", OLD."schoolId", -1);
  END IF;
  IF NEW."role" = 'student' THEN
    PERFORM "school_book_stat_move"(NEW."id", NEW."schoolId", 1);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "UserBook_school_book_stat" AFTER INSERT OR DELETE OR UPDATE OF "read", "userId", "bookId"
  ON "UserBook" FOR EACH ROW EXECUTE FUNCTION "school_book_stat_user_book"();

CREATE TRIGGER "Review_school_book_stat" AFTER INSERT OR DELETE OR UPDATE OF "rating", "userId", "bookId"
  ON "Review" FOR EACH ROW EXECUTE FUNCTION "school_book_stat_review"();

CREATE TRIGGER "User_school_book_stat" AFTER UPDATE OF "role", "schoolId"
  ON "User" FOR EACH ROW EXECUTE FUNCTION "school_book_stat_user"();

CREATE TRIGGER "User_school_book_stat_delete" BEFORE DELETE
  ON "User" FOR EACH ROW EXECUTE FUNCTION "school_book_stat_user"();

-- The numbers of the reading and reviews already stored.
INSERT INTO "SchoolBookStat" ("schoolId", "bookId", "readers", "ratingSum", "ratingCount", "score")
SELECT x."schoolId", x."bookId", x.readers, x.rating_sum, x.rating_count,
  "school_book_score"(x.readers, x.rating_sum, x.rating_count)
FROM (
  SELECT u."schoolId", y."bookId", sum(y.readers)::int AS readers, sum(y.rating)::int AS rating_sum,
    sum(y.rated)::int AS rating_count
  FROM (
    SELECT ub."userId", ub."bookId", 1 AS readers, 0 AS rating, 0 AS rated FROM "UserBook" ub WHERE ub."read"
    UNION ALL
    SELECT r."userId", r."bookId", 0, r."rating", 1 FROM "Review" r
  ) y
  JOIN "User" u ON u."id" = y."userId" AND u."role" = 'student' AND u."schoolId" IS NOT NULL
  GROUP BY u."schoolId", y."bookId"
) x;
