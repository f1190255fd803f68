#!/usr/bin/env node
// Explore Books benchmark on PostgreSQL: the seeded catalogue plus 10,000 more books, a signed-in
// student whose school has 300 other students with their reading and reviews, and the Explore query
// (books(first: 24)) with no filter, with a search, with a genre and with both, in each order, and
// the student dashboard (its recommendations held, and worked out afresh), against GET /healthz (the
// same server's floor) as the baseline. Then what is left without the database: the same requests
// with the book service's answers held in memory, and with only the reader's marks read.
// The baseline is measured for 5 s before the cases and 5 s after; ratios are against their mean.
// Usage: npm run bench -- explore   (or node bench/explore.mjs). Figures depend on the machine:
// compare the ratios, which are measured in the same run.
import { fetch, graphqlRequest, load as loadFor, printTable, startServer } from "./lib.mjs";

const EXTRA_BOOKS = Number(process.env.BENCH_BOOKS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
// Each case stops at REQUESTS or after this many seconds, whichever comes first: the whole run
// stays under about two minutes even on a busy machine.
const CASE_SECONDS = Number(process.env.BENCH_CASE_SECONDS ?? 15);
const CONCURRENCY = 50;
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 5);
// The student's schoolmates: each read READS_EACH books of the catalogue and reviewed REVIEWS_EACH.
const SCHOOLMATES = Number(process.env.BENCH_SCHOOLMATES ?? 300);
const READS_EACH = 20;
const REVIEWS_EACH = 8;

const load = (fn, options) => loadFor(fn, { seconds: CASE_SECONDS, ...options });

const EXPLORE = `query Explore(
  $search: String, $category: BookCategory, $genre: String, $sort: BookSort, $first: Int, $after: String
) {
  books(search: $search, category: $category, genre: $genre, sort: $sort, first: $first, after: $after) {
    items { id title author category genre coverUrl coverLowUrl coverColor pages wordCount reading { id read } }
    nextCursor
    totalCount
  }
}`;

const DASHBOARD_QUERY =
  "query { dashboard { booksRead readingTime recentBooks { id } recommendations { reasonText book { id } } } }";

// Varied, deterministic titles and authors: about a third of the titles contain "the".
const ADJECTIVES = ["Silent", "Hidden", "Golden", "Lost", "Brave", "Secret", "Winter", "Little", "Distant", "Wild"];
const NOUNS = ["Garden", "River", "Castle", "Island", "Forest", "Lantern", "Harbour", "Mountain", "Voyage", "Clock"];
const LINKS = ["of the", "and the", "beyond", "under", "without", "in"];
const PLACES = ["North", "Moon", "Sea", "City", "Valley", "Storm", "Kingdom", "Desert"];
const FIRST = ["Ada", "Ben", "Chloe", "Dev", "Ella", "Farah", "George", "Hana", "Isaac", "Jomo", "Kate", "Leo"];
const LAST = ["Adams", "Baker", "Chen", "Diaz", "Evans", "Fraser", "Gupta", "Hughes", "Iqbal", "Jones", "Khan"];
const GENRES = ["fiction", "non-fiction", "science", "history", "literature", "poetry", "mystery", "adventure"];
const CATEGORIES = ["primary", "secondary", "college"];
const pick = (list, n) => list[n % list.length];

function extraBook(i) {
  const title =
    i % 3 === 0
      ? `${pick(ADJECTIVES, i)} ${pick(NOUNS, i >> 2)} ${pick(LINKS, i >> 3)} ${pick(PLACES, i >> 5)} ${i}`
      : `${pick(ADJECTIVES, i >> 1)} ${pick(NOUNS, i)} ${pick(PLACES, i >> 4)} ${i}`;
  return {
    title,
    author: `${pick(FIRST, i)} ${pick(LAST, i >> 3)}`,
    category: pick(CATEGORIES, i >> 1),
    genre: pick(GENRES, i >> 2),
    description: `Bench book ${i}.`,
    status: "published",
    hasText: true,
    hasCover: true,
    coverVersion: "x",
    coverColor: "#336699",
  };
}

/**
 * What is left without the database: the same requests when the book service does no database
 * work, so what is left is HTTP, the session, Apollo, graphql-js and JSON. First with each answer
 * held in memory (a page and its reader's marks); then with the page held and the reader's marks
 * read per request in one statement, as a page held for a whole school would still need. Neither is
 * how the server answers: they bound what any caching of the pages could reach on this stack.
 */
async function withoutDatabase({ app, explore, dashboard, baseline }) {
  const books = app.services.books;
  const { listBooks, dashboard: dashboardOf } = books;
  const heldAnswers = (answer, keyOf) => {
    const held = new Map();
    return (props) => {
      const key = keyOf(props);
      if (!held.has(key)) {
        held.set(key, answer(props));
      }
      return held.get(key);
    };
  };
  const pageKey = (props) => JSON.stringify({ ...props, actor: props.actor.id });
  const cases = [
    ["books(first: 24)", { first: 24 }],
    ['books(first: 24, search: "the")', { first: 24, search: "the" }],
    ['books(first: 24, search: "zzz")', { first: 24, search: "zzz" }],
    ["books(first: 24, sort: mostRead)", { first: 24, sort: "mostRead" }],
  ];
  const rows = [];
  const measure = async (label, fn) => {
    const result = await load(fn, { total: REQUESTS, concurrency: CONCURRENCY });
    rows.push({ name: `${label} (${result.requests} req)`, ...result, ratio: result.rps / baseline.rps });
  };
  try {
    books.listBooks = heldAnswers(listBooks, pageKey);
    books.dashboard = heldAnswers(dashboardOf, (actor) => actor.id);
    for (const [name, variables] of cases) {
      await measure(`answer held: ${name}`, () => explore(variables));
    }
    await measure("answer held: dashboard", dashboard);
    const heldPage = heldAnswers(listBooks, pageKey);
    books.listBooks = async (props) => {
      const page = await heldPage(props);
      const marks = await app.db.prisma.userBook.findMany({
        where: { userId: props.actor.id, bookId: { in: page.items.map((book) => book.id) } },
        select: { id: true, bookId: true, read: true, lastReadAt: true, readingTime: true },
      });
      const markOf = new Map(marks.map((mark) => [mark.bookId, mark]));
      return { ...page, items: page.items.map((book) => ({ ...book, reading: markOf.get(book.id) ?? null })) };
    };
    for (const [name, variables] of cases) {
      await measure(`page held, marks read: ${name}`, () => explore(variables));
    }
  } finally {
    Object.assign(books, { listBooks, dashboard: dashboardOf });
  }
  return rows;
}

const started = performance.now();
const server = await startServer("postgres");
const { app } = server;
const { url } = app;
try {
  for (let from = 0; from < EXTRA_BOOKS; from += 2000) {
    const batch = Array.from({ length: Math.min(2000, EXTRA_BOOKS - from) }, (_, k) => extraBook(from + k));
    await app.db.prisma.book.createMany({ data: batch });
  }
  // The school's reading: each schoolmate reads books from a popular third of the catalogue (so some
  // books are read by many) and reviews some of them.
  const school = await app.db.prisma.school.findUniqueOrThrow({ where: { name: "Pimlico Academy" } });
  const catalogue = (await app.db.prisma.book.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map(
    (book) => book.id,
  );
  await app.db.prisma.user.createMany({
    data: Array.from({ length: SCHOOLMATES }, (_, i) => ({
      id: `bench-mate-${i}`,
      email: `mate-${i}@bench.readingroom.local`,
      displayName: `Mate ${i}`,
      passwordHash: "not-a-hash",
      schoolId: school.id,
    })),
  });
  const reads = [];
  const reviews = [];
  for (let i = 0; i < SCHOOLMATES; i += 1) {
    const chosen = new Set();
    for (let k = 0; chosen.size < READS_EACH; k += 1) {
      chosen.add(catalogue[(i * 7 + k * k * 13) % Math.floor(catalogue.length / 3)]);
    }
    [...chosen].forEach((bookId, k) => {
      reads.push({ id: `bench-mate-${i}_${bookId}`, userId: `bench-mate-${i}`, bookId, read: true });
      if (k < REVIEWS_EACH) {
        reviews.push({ userId: `bench-mate-${i}`, bookId, rating: 1 + ((i + k) % 5), reviewText: "Bench review" });
      }
    });
  }
  await app.db.prisma.userBook.createMany({ data: reads });
  await app.db.prisma.review.createMany({ data: reviews });
  // As after autovacuum: the planner knows the tables' sizes, and the trigram (GIN) indexes their
  // contents (a GIN index's own statistics are refreshed by VACUUM, not by ANALYZE).
  await app.db.sql.exec('VACUUM ANALYZE "Book", "BookSchool", "User", "UserBook", "Review", "SchoolBookStat"');

  const registered = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: "explorer@bench.readingroom.local",
      password: "bench-password-42",
      displayName: "Bench Explorer",
      school: "Pimlico Academy",
    }),
  });
  if (!registered.ok) {
    throw new Error(`register: HTTP ${registered.status}: ${await registered.text()}`);
  }
  const { token } = await registered.json();
  const graphql = (query, variables = {}) => graphqlRequest(url, query, variables, token);
  const explore = async (variables) => (await graphql(EXPLORE, variables)).books;
  const health = async () => {
    const res = await fetch(`${url}/healthz`);
    if (!res.ok) {
      throw new Error(`HTTP ${res.status}`);
    }
    await res.arrayBuffer();
  };

  const cases = [
    ["books(first: 24)", { first: 24 }],
    ['books(first: 24, search: "the")', { first: 24, search: "the" }],
    ['books(first: 24, genre: "history")', { first: 24, genre: "history" }],
    ['search "the" + secondary + fiction', { first: 24, search: "the", category: "secondary", genre: "fiction" }],
    ['books(first: 24, search: "zzz") (no match)', { first: 24, search: "zzz" }],
    ["books(first: 24, sort: newest)", { first: 24, sort: "newest" }],
    ["books(first: 24, sort: mostRead)", { first: 24, sort: "mostRead" }],
    ["books(first: 24, sort: highestRated)", { first: 24, sort: "highestRated" }],
    ['sort: mostRead + genre: "history"', { first: 24, sort: "mostRead", genre: "history" }],
  ];
  const totals = {};
  for (const [name, variables] of cases) {
    const page = await explore(variables);
    totals[name] = page.totalCount;
  }
  // The dashboard beside it. The student read 5 books (their schoolmates read some of them too) and
  // loved the first.
  const firstPage = await explore({ first: 5, sort: "mostRead", genre: "history" });
  for (const book of firstPage.items) {
    await graphql(`mutation { setBookRead(bookId: "${book.id}", read: true) { id } }`);
  }
  await graphql(
    `mutation { submitReview(bookId: "${firstPage.items[0].id}", rating: 5, reviewText: "Loved it") { id } }`,
  );
  const dashboard = () => graphql(DASHBOARD_QUERY);
  console.log("recommended:", (await dashboard()).dashboard.recommendations.map((r) => r.reasonText).join(" | "));
  const setupSeconds = (performance.now() - started) / 1000;

  // warm-up
  await load(() => explore({ first: 24 }), { total: 200, concurrency: CONCURRENCY, seconds: 5 });

  // The baseline over a fixed time before and after the cases, and their mean: /healthz answers
  // thousands a second, so a count of requests would be over in a moment and swayed by it.
  const before = await load(health, { total: Infinity, concurrency: CONCURRENCY, seconds: BASELINE_SECONDS });
  const rows = [{ name: `GET /healthz, before (${before.requests} req)`, ...before }];
  const baseline = { rps: before.rps };
  for (const [name, variables] of cases) {
    const result = await load(() => explore(variables), { total: REQUESTS, concurrency: CONCURRENCY });
    rows.push({
      name: `${name}: ${totals[name]} hits (${result.requests} req)`,
      ...result,
      ratio: result.rps / baseline.rps,
    });
  }
  const dash = await load(dashboard, { total: REQUESTS, concurrency: CONCURRENCY });
  rows.push({ name: `dashboard (5 books read) (${dash.requests} req)`, ...dash, ratio: dash.rps / baseline.rps });
  // The same on a second instance of the same database that holds no recommendations
  // (RECOMMENDATIONS_CACHE_MS=0), as on a first visit or after schoolmates' reading: they are worked
  // out afresh for every request.
  const twin = await startServer("postgres", { RECOMMENDATIONS_CACHE_MS: "0" }, server);
  try {
    const fresh = await load(() => graphqlRequest(twin.app.url, DASHBOARD_QUERY, {}, token), {
      total: REQUESTS,
      concurrency: CONCURRENCY,
    });
    rows.push({
      name: `dashboard, recommendations worked out each time (${fresh.requests} req)`,
      ...fresh,
      ratio: fresh.rps / baseline.rps,
    });
  } finally {
    await twin.stop();
  }
  rows.push(...(await withoutDatabase({ app, explore, dashboard, baseline })));
  const after = await load(health, { total: Infinity, concurrency: CONCURRENCY, seconds: BASELINE_SECONDS });
  rows.splice(1, 0, { name: `GET /healthz, after (${after.requests} req)`, ...after });
  // Every ratio against the mean of the two.
  baseline.rps = (before.rps + after.rps) / 2;
  for (const row of rows.slice(2)) {
    row.ratio = row.rps / baseline.rps;
  }
  const bookCount = await app.db.prisma.book.count();
  printTable(
    `Explore on postgres: ${bookCount} books (${EXTRA_BOOKS} added), up to ${REQUESTS} requests or ${CASE_SECONDS} s per case, ${CONCURRENCY} in flight`,
    rows,
  );
  console.log(`\nsetup ${setupSeconds.toFixed(1)} s, total ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await server.stop();
}
