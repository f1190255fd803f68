import { describe, expect, it } from "vitest";
import {
  type Candidate,
  rankRecommendations,
  readingLevels,
  reasonText,
  type ReadingLevels,
  type Seed,
} from "./book-recommendations.js";

const NOW = new Date("2026-03-01T12:00:00Z");
const NEW_SINCE = new Date("2026-01-01T00:00:00Z");
const OLD = new Date("2025-01-01T00:00:00Z");

const seed = (overrides: Partial<Seed> = {}): Seed => ({
  bookId: "liked-1",
  title: "Black Beauty",
  author: "Anna Sewell",
  genre: "fiction",
  category: "secondary",
  ...overrides,
});

const candidate = (id: string, overrides: Partial<Candidate> = {}): Candidate => ({
  id,
  author: `Author of ${id}`,
  genre: `genre of ${id}`,
  category: "secondary",
  createdAt: OLD,
  readers: 0,
  ratingSum: 0,
  ratingCount: 0,
  coReaders: 0,
  coSeed: null,
  ...overrides,
});

const SECONDARY: ReadingLevels = {
  phase: ["secondary", "college"],
  similar: ["secondary", "college"],
  main: "secondary",
};

function rank(candidates: Candidate[], options: { seeds?: Seed[]; levels?: ReadingLevels; limit?: number } = {}) {
  return rankRecommendations(candidates, {
    seeds: options.seeds ?? [],
    levels: options.levels ?? SECONDARY,
    newSince: NEW_SINCE,
    limit: options.limit ?? 10,
  });
}
const ids = (ranked: { id: string }[]) => ranked.map((r) => r.id);

describe("readingLevels", () => {
  it("a primary school: primary books; a secondary school: secondary and college, secondary first", () => {
    expect(readingLevels("primary", [])).toEqual({ phase: ["primary"], similar: ["primary"], main: "primary" });
    expect(readingLevels("secondary", [])).toEqual(SECONDARY);
  });

  it("all-through or unknown: primary and secondary, the main level from the liked books", () => {
    for (const phase of ["all_through", null, undefined] as const) {
      expect(readingLevels(phase, [])).toEqual({
        phase: ["primary", "secondary"],
        similar: ["primary", "secondary"],
        main: null,
      });
    }
    const liked = [seed({ category: "secondary" }), seed({ category: "primary" }), seed({ category: "secondary" })];
    expect(readingLevels(null, liked).main).toBe("secondary");
  });

  it("a liked book's level joins the levels open to books like it, not the phase's", () => {
    const levels = readingLevels("secondary", [seed({ category: "primary" })]);
    expect(levels.phase).toEqual(["secondary", "college"]);
    expect(levels.similar).toEqual(["primary", "secondary", "college"]);
    expect(levels.main).toBe("secondary");
  });
});

describe("rankRecommendations", () => {
  it("equal scores: by id, whatever order the candidates come in", () => {
    const books = ["c", "a", "d", "b"].map((id) => candidate(id));
    expect(ids(rank(books, { limit: 3 }))).toEqual(["a", "b", "c"]);
    expect(ids(rank([...books].reverse(), { limit: 3 }))).toEqual(["a", "b", "c"]);
  });

  it("same author as a liked book beats schoolmates' picks of one reader, which beat the same genre", () => {
    const liked = seed();
    const ranked = rank(
      [
        candidate("genre", { genre: liked.genre }),
        candidate("author", { author: liked.author }),
        candidate("mates", { coReaders: 1, coSeed: 0 }),
        candidate("plain"),
      ],
      { seeds: [liked] },
    );
    expect(ids(ranked)).toEqual(["author", "mates", "genre", "plain"]);
    expect(ranked.slice(0, 3).map((r) => [r.reason, r.likedBookId])).toEqual([
      ["liked", liked.bookId],
      ["liked", liked.bookId],
      ["liked", liked.bookId],
    ]);
    expect(ranked[3]).toMatchObject({ reason: "suggested", likedBookId: null });
  });

  it("three schoolmates' picks outrank the author; the reason names the liked book they share", () => {
    const seeds = [seed({ bookId: "first" }), seed({ bookId: "second", author: "Someone Else" })];
    const ranked = rank(
      [candidate("author", { author: "Anna Sewell" }), candidate("mates", { coReaders: 3, coSeed: 1 })],
      { seeds },
    );
    expect(ids(ranked)).toEqual(["mates", "author"]);
    expect(ranked[0]?.likedBookId).toBe("second");
  });

  it("the most liked seed is named when two liked books match alike", () => {
    const seeds = [seed({ bookId: "loved", genre: "history" }), seed({ bookId: "liked", genre: "history" })];
    expect(rank([candidate("x", { genre: "history" })], { seeds })[0]?.likedBookId).toBe("loved");
  });

  it("the school: readers and good ratings raise a book; poor ratings sink it below an unknown one", () => {
    const ranked = rank([
      candidate("unknown"),
      candidate("read", { readers: 2 }),
      candidate("loved", { readers: 1, ratingSum: 15, ratingCount: 3 }),
      candidate("panned", { readers: 5, ratingSum: 5, ratingCount: 5 }),
    ]);
    expect(ids(ranked)).toEqual(["loved", "read", "unknown", "panned"]);
    expect(ranked.map((r) => r.reason)).toEqual(["popularAtSchool", "popularAtSchool", "suggested", "suggested"]);
  });

  it("one 5-star rating counts a third of three", () => {
    const ranked = rank([
      candidate("one", { ratingSum: 5, ratingCount: 1 }),
      candidate("three", { ratingSum: 15, ratingCount: 3 }),
    ]);
    expect(ids(ranked)).toEqual(["three", "one"]);
    expect((ranked[0]?.score ?? 0) - (ranked[1]?.score ?? 0)).toBeCloseTo(4 - 4 / 3);
  });

  it("the school's favourite beats a book that only shares a genre, not one by a loved author", () => {
    const liked = seed();
    const favourite = candidate("favourite", { readers: 5, ratingSum: 15, ratingCount: 3 });
    const ranked = rank(
      [favourite, candidate("genre", { genre: liked.genre }), candidate("author", { author: liked.author })],
      { seeds: [liked] },
    );
    expect(ids(ranked)).toEqual(["author", "favourite", "genre"]);
  });

  it("new in the library: added since newSince, when nothing stronger says why", () => {
    const ranked = rank([candidate("old"), candidate("new", { createdAt: NOW })]);
    expect(ranked.map((r) => [r.id, r.reason])).toEqual([
      ["new", "newInLibrary"],
      ["old", "suggested"],
    ]);
  });

  it("the phase's own level first: secondary before college at a secondary school", () => {
    const ranked = rank([candidate("a", { category: "college" }), candidate("b", { category: "secondary" })]);
    expect(ids(ranked)).toEqual(["b", "a"]);
  });

  it("a level outside the phase only for a book by a liked author or liked by schoolmates", () => {
    const liked = seed({ category: "primary", genre: "fiction" });
    const levels = readingLevels("secondary", [liked]);
    const ranked = rank(
      [
        candidate("sequel", { category: "primary", author: liked.author }),
        candidate("mates", { category: "primary", coReaders: 1, coSeed: 0 }),
        candidate("same genre", { category: "primary", genre: "fiction" }),
        candidate("popular", { category: "primary", readers: 5 }),
        candidate("secondary", { category: "secondary" }),
      ],
      { seeds: [liked], levels },
    );
    expect(ids(ranked)).toEqual(["sequel", "mates", "secondary"]);
  });

  it("outside the phase, only of the level of the liked book it is like", () => {
    const story = seed({ bookId: "story", category: "secondary", author: "Robert Louis Stevenson" });
    const pony = seed({ bookId: "pony", category: "primary", author: "Anna Sewell" });
    const levels = readingLevels("secondary", [story, pony]);
    const ranked = rank(
      [
        candidate("verses", { category: "primary", author: "Robert Louis Stevenson" }),
        candidate("more ponies", { category: "primary", author: "Anna Sewell" }),
        candidate("mates of story", { category: "primary", coReaders: 3, coSeed: 0 }),
      ],
      { seeds: [story, pony], levels },
    );
    expect(ranked.map((r) => [r.id, r.likedBookId])).toEqual([["more ponies", "pony"]]);
  });

  it("never a level nobody chose: a college book by a liked author stays out for a primary pupil", () => {
    const liked = seed({ category: "primary" });
    const ranked = rank([candidate("adult", { category: "college", author: liked.author })], {
      seeds: [liked],
      levels: readingLevels("primary", [liked]),
    });
    expect(ranked).toEqual([]);
  });
});

describe("reasonText", () => {
  const context = { likedTitle: "Black Beauty", schoolName: "Pimlico Academy", levelKnown: true };
  it.each([
    ["liked", "Because you liked Black Beauty"],
    ["popularAtSchool", "Popular at Pimlico Academy"],
    ["newInLibrary", "New in your library"],
    ["suggested", "Picked for your reading level"],
  ] as const)("%s: %j", (reason, text) => {
    expect(reasonText(reason, context)).toBe(text);
  });

  it("without a school or a known level", () => {
    const none = { likedTitle: null, schoolName: null, levelKnown: false };
    expect(reasonText("popularAtSchool", none)).toBe("Popular with readers");
    expect(reasonText("suggested", none)).toBe("From your library");
    expect(reasonText("liked", none)).toBe("Because of books you liked");
  });
});
