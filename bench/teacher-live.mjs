#!/usr/bin/env node
// Teacher live dashboard benchmark (issue 6) on PostgreSQL with the offline provider (no pacing):
// 200 teachers of one school each follow `schoolActivity` on their own WebSocket, and a student's chat
// message has to reach all of them. Measured per delivery: the time from just before the student's
// sendChatMessage to the arrival of the matching event (chat id + messageCount) on each teacher's
// socket; 50 sends one at a time, then a round of 4 students x 10 sends with 4 in flight. Baseline from
// the same run: the same sends with 1 teacher subscribed, and chatEvents to 1 subscriber (the student).
// The server runs as a child process (the built dist/server/main.js, as `npm start` runs it), so its
// memory is its own: VmRSS from /proc/<pid>/status at rest, with the subscriptions open, after the sends.
// Usage: npm run bench -- teacher-live   (or node bench/teacher-live.mjs).
import { randomBytes } from "node:crypto";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import {
  adminQuery,
  benchName,
  fetch,
  graphqlRequest,
  heapAfterGc,
  latencyStats,
  percentile,
  printColumns,
  printTable,
  runPool,
  serverRss,
  sleep,
  startServerProcess,
} from "./lib.mjs";

const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 200);
const STUDENTS = 4;
const SENDS = Number(process.env.BENCH_LIVE_SENDS ?? 50);
const ROUND = 10; // concurrent round: each student sends ROUND messages, all students at once
const DELIVERY_TIMEOUT_MS = 10_000;
const SCHOOL = "Pimlico Academy";
const PASSWORD = "bench-password-42";
const TEACHER_CODE = `bench-${randomBytes(8).toString("hex")}`;

const OPEN = `mutation Open($bookId: ID!) { openChat(bookId: $bookId) { id messageCount } }`;
const SEND = `mutation Send($input: SendChatMessageInput!) {
  sendChatMessage(input: $input) { assistantMessage { seq } }
}`;
const ACTIVITY = `subscription { schoolActivity { chat { id messageCount lastUpdated } studentChatCount } }`;
const EVENTS = `subscription Events($chatId: ID!) { chatEvents(chatId: $chatId) { kind seq } }`;
const QUESTIONS = ["Who is Mr. Toad?", "Where does the Rat live?", "What happens in the Wild Wood?", "Who is Badger?"];

const server = await startServerProcess(
  {
    AI_PROVIDER: "offline",
    AI_OFFLINE_PACE_MS: "0",
    CHAT_DAILY_MESSAGE_LIMIT: "100000",
    STRIKES_TO_BLOCK: "100",
    TEACHER_SIGNUP_CODE: TEACHER_CODE,
  },
  { inspect: true },
);
const { url, pid, wsUrl } = server;
/** RSS (before the collection), peak RSS, and heap in use after a full GC. */
const memory = async () => ({ ...serverRss(pid), heap: await heapAfterGc(server.inspectPort) });
const clients = [];
try {
  await sleep(1000);
  const memRest = await memory();

  async function register(body) {
    const res = await fetch(`${url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: PASSWORD, school: SCHOOL, ...body }),
    });
    if (res.status !== 201) {
      throw new Error(`register ${body.email}: HTTP ${res.status} ${await res.text()}`);
    }
    return (await res.json()).token;
  }
  const graphql = (token, query, variables) => graphqlRequest(url, query, variables, token);

  // Accounts: 200 teachers and 4 students of one school (argon2 at 4 in flight).
  const teacherTokens = new Array(TEACHERS);
  await runPool(TEACHERS, 4, async (i) => {
    teacherTokens[i] = await register({
      email: `teacher${i}@bench.readingroom.local`,
      displayName: benchName("Teacher", i),
      role: "teacher",
      teacherCode: TEACHER_CODE,
    });
  });
  const { rows } = await adminQuery(
    `SELECT id FROM "Book" WHERE slug = $1`,
    ["the-wind-in-the-willows"],
    server.dbName,
  );
  const bookId = rows[0]?.id;
  if (!bookId) {
    throw new Error("seed book the-wind-in-the-willows not found");
  }
  const students = [];
  for (let i = 0; i < STUDENTS; i++) {
    const token = await register({ email: `pupil${i}@bench.readingroom.local`, displayName: benchName("Pupil", i) });
    const { openChat } = await graphql(token, OPEN, { bookId });
    students.push({ token, chatId: openChat.id, count: openChat.messageCount });
  }

  // Sends in flight or done, by `${chatId}:${messageCount}` (the count the activity event carries).
  const sends = new Map();
  function track(key, subscribers) {
    const record = { key, sentAt: 0, latencies: [], seen: new Set(), subscribers, resolve: null, settled: null };
    record.settled = new Promise((resolve) => {
      record.resolve = resolve;
    });
    sends.set(key, record);
    return record;
  }
  function deliver(key, who) {
    const at = performance.now();
    const record = sends.get(key);
    if (!record || !record.sentAt || record.seen.has(who)) {
      return;
    }
    record.seen.add(who);
    record.latencies.push(at - record.sentAt);
    if (record.seen.size === record.subscribers) {
      record.resolve();
    }
  }

  /** A student sends one message; the returned record fills with deliveries to `subscribers` sockets. */
  async function send(student, subscribers, message, timeoutMs = DELIVERY_TIMEOUT_MS) {
    const count = student.count + 2;
    student.count = count;
    const activity = track(`${student.chatId}:${count}`, subscribers);
    const own = track(`events:${student.chatId}:${count - 2}`, 1);
    activity.sentAt = performance.now();
    own.sentAt = activity.sentAt;
    const { sendChatMessage } = await graphql(student.token, SEND, { input: { chatId: student.chatId, message } });
    if (sendChatMessage.assistantMessage.seq !== count - 1) {
      throw new Error(`unexpected seq ${sendChatMessage.assistantMessage.seq} (expected ${count - 1})`);
    }
    await Promise.race([Promise.all([activity.settled, own.settled]), sleep(timeoutMs)]);
    return { activity, own };
  }

  function openClient(token) {
    const client = createClient({
      url: wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    clients.push(client);
    return client;
  }
  const errors = [];
  const sink = (onData) => ({
    next: (result) => (result.errors ? errors.push(result.errors) : onData(result.data)),
    error: (error) => errors.push(error),
    complete: () => {},
  });
  function followActivity(teacherIndexes) {
    const opened = [];
    for (const i of teacherIndexes) {
      const client = openClient(teacherTokens[i]);
      client.subscribe(
        { query: ACTIVITY },
        sink(({ schoolActivity }) => deliver(`${schoolActivity.chat.id}:${schoolActivity.chat.messageCount}`, i)),
      );
      opened.push(client);
    }
    return opened;
  }
  function followOwnChat(student) {
    const client = openClient(student.token);
    client.subscribe(
      { query: EVENTS, variables: { chatId: student.chatId } },
      sink(({ chatEvents }) => {
        if (chatEvents.kind === "message") {
          deliver(`events:${student.chatId}:${chatEvents.seq}`, "student");
        }
      }),
    );
    return client;
  }

  /**
   * Sends until every teacher subscription has had at least one event, and each student's chatEvents
   * subscription too: they are all listening (graphql-ws does not acknowledge a subscribe).
   */
  async function warmUp(subscribers) {
    const reached = new Set();
    for (let attempt = 0; attempt < 20 && reached.size < subscribers; attempt++) {
      const { activity } = await send(students[0], subscribers, "Who is Mole?", 2000);
      activity.seen.forEach((who) => reached.add(who));
    }
    if (reached.size < subscribers) {
      throw new Error(`only ${reached.size} of ${subscribers} subscriptions are live`);
    }
    for (const student of students) {
      let live = false;
      for (let attempt = 0; attempt < 20 && !live; attempt++) {
        live = (await send(student, subscribers, "Who is Mole?", 2000)).own.seen.size === 1;
      }
      if (!live) {
        throw new Error("a student's chatEvents subscription is not live");
      }
    }
  }

  /** 50 sends one at a time (round-robin over the students), then ROUND sends per student at once. */
  async function measure(subscribers) {
    const sequential = [];
    let t = performance.now();
    for (let i = 0; i < SENDS; i++) {
      sequential.push(await send(students[i % STUDENTS], subscribers, QUESTIONS[i % QUESTIONS.length]));
    }
    const sequentialSeconds = (performance.now() - t) / 1000;
    const concurrent = [];
    t = performance.now();
    await Promise.all(
      students.map(async (student, s) => {
        for (let i = 0; i < ROUND; i++) {
          concurrent.push(await send(student, subscribers, QUESTIONS[(i + s) % QUESTIONS.length]));
        }
      }),
    );
    const concurrentSeconds = (performance.now() - t) / 1000;
    return {
      sequential: summarise(sequential, sequentialSeconds),
      concurrent: summarise(concurrent, concurrentSeconds),
    };
  }
  function summarise(results, seconds) {
    const of = (pick) => {
      const records = results.map(pick);
      const latencies = records.flatMap((r) => r.latencies).sort((a, b) => a - b);
      const expected = records.reduce((sum, r) => sum + r.subscribers, 0);
      // The time until the last subscriber had it, per message.
      const lastOf = records.map((r) => (r.latencies.length ? Math.max(...r.latencies) : NaN)).sort((a, b) => a - b);
      return {
        ...latencyStats(latencies, seconds),
        max: latencies.at(-1),
        failures: expected - latencies.length,
        expected,
        lastP50: percentile(lastOf, 50),
        lastMax: lastOf.at(-1),
        messages: records.length,
      };
    };
    return { activity: of((r) => r.activity), own: of((r) => r.own) };
  }

  // Baseline: 1 teacher follows the school, the students each follow their own chat.
  students.forEach(followOwnChat);
  followActivity([0]);
  await warmUp(1);
  const one = await measure(1);
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
  await sleep(1500); // past the staff-access cache's TTL, as a fresh subscriber would be
  const memBefore = await memory();

  // 200 teachers.
  students.forEach(followOwnChat);
  const t0 = performance.now();
  followActivity(teacherTokens.map((_, i) => i));
  await warmUp(TEACHERS);
  const subscribeSeconds = (performance.now() - t0) / 1000;
  await sleep(1000);
  const memOpen = await memory();
  const many = await measure(TEACHERS);
  await sleep(1000);
  const memAfter = await memory();
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
  await sleep(2000);
  const memClosed = await memory();

  if (errors.length) {
    console.log(`subscription errors: ${JSON.stringify(errors.slice(0, 3)).slice(0, 1000)}`);
  }
  const base = one.sequential.activity.p50;
  const row = (name, r) => ({ name, ...r, ratio: r.p50 / base });
  printTable(
    `Live delivery on PostgreSQL, offline provider: send -> event on each socket ` +
      `(req/s = deliveries/s; failures = deliveries never received, waiting up to ${DELIVERY_TIMEOUT_MS / 1000} s a send; ratio = p50 / baseline p50)`,
    [
      { name: `schoolActivity, 1 teacher, ${SENDS} sends one at a time (baseline)`, ...one.sequential.activity },
      row(`chatEvents, 1 subscriber, same sends`, one.sequential.own),
      row(`schoolActivity, 1 teacher, ${STUDENTS}x${ROUND} sends ${STUDENTS} in flight`, one.concurrent.activity),
      row(`schoolActivity, ${TEACHERS} teachers, ${SENDS} sends one at a time`, many.sequential.activity),
      row(`chatEvents, 1 subscriber, same sends (${TEACHERS} teachers open)`, many.sequential.own),
      row(
        `schoolActivity, ${TEACHERS} teachers, ${STUDENTS}x${ROUND} sends ${STUDENTS} in flight`,
        many.concurrent.activity,
      ),
      row(`chatEvents, 1 subscriber, same sends (${TEACHERS} teachers open)`, many.concurrent.own),
    ],
  );
  const detail = (name, r) =>
    `  ${name}: ${r.requests}/${r.expected} deliveries, max ${r.max.toFixed(1)} ms; ` +
    `last of the ${r.expected / r.messages} per message p50 ${r.lastP50.toFixed(1)} ms, max ${r.lastMax.toFixed(1)} ms`;
  console.log(
    [
      `\n${TEACHERS} subscriptions opened and live in ${subscribeSeconds.toFixed(1)} s`,
      detail(`1 teacher, one at a time`, one.sequential.activity),
      detail(`1 teacher, ${STUDENTS} in flight`, one.concurrent.activity),
      detail(`${TEACHERS} teachers, one at a time`, many.sequential.activity),
      detail(`${TEACHERS} teachers, ${STUDENTS} in flight`, many.concurrent.activity),
      `  p50 ${TEACHERS} teachers / p50 1 teacher: one at a time ` +
        `${(many.sequential.activity.p50 / one.sequential.activity.p50).toFixed(2)}x, ${STUDENTS} in flight ` +
        `${(many.concurrent.activity.p50 / one.concurrent.activity.p50).toFixed(2)}x`,
    ].join("\n"),
  );
  const signed = (x) => `${x >= 0 ? "+" : ""}${x.toFixed(1)}`;
  const memRows = [
    ["at rest, after start", memRest],
    [`accounts made, 1-teacher run done, sockets closed`, memBefore, memRest],
    [`${TEACHERS} teacher + ${STUDENTS} student subscriptions open`, memOpen, memBefore],
    [`after ${SENDS + STUDENTS * ROUND} more messages, still open`, memAfter, memBefore],
    [`all sockets closed again (2 s later)`, memClosed, memBefore],
  ].map(([name, m, ref]) => [
    name,
    m.rss.toFixed(1),
    ref ? signed(m.rss - ref.rss) : "",
    m.heap.toFixed(1),
    ref ? signed(m.heap - ref.heap) : "",
  ]);
  printColumns(
    `Server memory: VmRSS of the server process (pid ${pid}) from /proc, and its JavaScript heap in use ` +
      `after a full GC (inspector); the clients run in this process, not the server's`,
    ["server process", "RSS MB", "vs row ref", "heap after GC MB", "vs row ref"],
    memRows,
  );
  console.log(
    `(row refs: the 2nd row vs the 1st, the rest vs the 2nd)\npeak RSS (VmHWM) over the run: ` +
      `${memClosed.peak.toFixed(1)} MB; heap held per open subscription ≈ ` +
      `${(((memOpen.heap - memBefore.heap) * 1024) / (TEACHERS + STUDENTS)).toFixed(0)} KB`,
  );
} finally {
  await Promise.all(clients.splice(0).map((c) => c.dispose().catch(() => {})));
  await server.stop();
}
