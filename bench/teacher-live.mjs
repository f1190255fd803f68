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
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createClient } from "graphql-ws";
import pg from "pg";
import WebSocket from "ws";
import { ADMIN_URL, printTable, root } from "./lib.mjs";

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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

async function adminQuery(sql, params = [], database) {
  const url = new URL(ADMIN_URL);
  if (database) {
    url.pathname = `/${database}`;
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The server's resident memory and its peak so far, in MB, from /proc (the process as the OS sees it). */
function serverRss(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/**
 * The server's JavaScript heap in use after a full garbage collection, in MB, through its inspector
 * (what it actually holds on to; RSS also counts garbage not yet collected and pages V8 keeps).
 */
async function serverHeap(inspectPort) {
  const [target] = await fetch(`http://127.0.0.1:${inspectPort}/json/list`).then((r) => r.json());
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let id = 0;
  const call = (method) =>
    new Promise((resolve, reject) => {
      const mine = ++id;
      const onMessage = (raw) => {
        const reply = JSON.parse(String(raw));
        if (reply.id === mine) {
          socket.off("message", onMessage);
          return reply.error ? reject(new Error(reply.error.message)) : resolve(reply.result);
        }
      };
      socket.on("message", onMessage);
      socket.send(JSON.stringify({ id: mine, method }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const { usedSize } = await call("Runtime.getHeapUsage");
    return usedSize / 1024 / 1024;
  } finally {
    socket.close();
  }
}

/** The built server in a child process on a fresh PostgreSQL database, as `npm start` runs it. */
async function startServerProcess(env) {
  const dbName = `rr_bench_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rr-bench-"));
  const port = await freePort();
  const inspectPort = await freePort();
  // The inspector (loopback only) is used between the timed phases, to read the heap after a full GC.
  const child = spawn(
    process.execPath,
    [`--inspect=127.0.0.1:${inspectPort}`, path.join(root, "dist", "server", "main.js")],
    {
      cwd: dataDir, // no stray .env is read
      stdio: ["ignore", "inherit", "pipe"],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl.toString(),
        JWT_SECRET: randomBytes(32).toString("hex"),
        SEED_DEMO: "false",
        ...env,
      },
    },
  );
  // The server's warnings and errors pass through; the inspector's own notices do not.
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    const lines = chunk
      .split("\n")
      .filter((l) => l && !/^(Debugger (listening|attached|ending)|For help, see)/.test(l));
    if (lines.length) {
      process.stderr.write(`[server] ${lines.join("\n[server] ")}\n`);
    }
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const outcome = await Promise.race([exited, sleep(15_000).then(() => "timeout")]);
      if (outcome === "timeout") {
        child.kill("SIGKILL");
        await exited;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const early = await Promise.race([exited, sleep(0).then(() => null)]);
    if (early !== null) {
      await stop();
      throw new Error(`server exited during start-up (${early})`);
    }
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      break;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("server did not start within 60 s");
    }
    await sleep(100);
  }
  return {
    pid: child.pid,
    url,
    dbName,
    stop,
    /** RSS (before the collection), peak RSS, and heap in use after a full GC. */
    async memory() {
      const { rss, peak } = serverRss(child.pid);
      return { rss, peak, heap: await serverHeap(inspectPort) };
    },
  };
}

const server = await startServerProcess({
  AI_PROVIDER: "offline",
  AI_OFFLINE_PACE_MS: "0",
  CHAT_DAILY_MESSAGE_LIMIT: "100000",
  STRIKES_TO_BLOCK: "100",
  TEACHER_SIGNUP_CODE: TEACHER_CODE,
});
const { url, pid } = server;
const wsUrl = `${url.replace("http", "ws")}/graphql`;
const clients = [];
try {
  await sleep(1000);
  const memRest = await server.memory();

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
  async function graphql(token, query, variables) {
    const r = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = await r.json();
    if (body.errors) {
      throw new Error(JSON.stringify(body.errors));
    }
    return body.data;
  }

  // Accounts: 200 teachers and 4 students of one school (argon2 at 4 in flight).
  const teacherTokens = new Array(TEACHERS);
  let nextTeacher = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (nextTeacher < TEACHERS) {
        const i = nextTeacher++;
        teacherTokens[i] = await register({
          email: `teacher${i}@bench.readingroom.local`,
          displayName: `Teacher ${i}`,
          role: "teacher",
          teacherCode: TEACHER_CODE,
        });
      }
    }),
  );
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
    const token = await register({ email: `pupil${i}@bench.readingroom.local`, displayName: `Pupil ${i}` });
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
        requests: latencies.length,
        rps: latencies.length / seconds,
        p50: pct(latencies, 50),
        p99: pct(latencies, 99),
        max: latencies.at(-1),
        failures: expected - latencies.length,
        expected,
        lastP50: pct(lastOf, 50),
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
  const memBefore = await server.memory();

  // 200 teachers.
  students.forEach(followOwnChat);
  const t0 = performance.now();
  followActivity(teacherTokens.map((_, i) => i));
  await warmUp(TEACHERS);
  const subscribeSeconds = (performance.now() - t0) / 1000;
  await sleep(1000);
  const memOpen = await server.memory();
  const many = await measure(TEACHERS);
  await sleep(1000);
  const memAfter = await server.memory();
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
  await sleep(2000);
  const memClosed = await server.memory();

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
  const header = ["server process", "RSS MB", "vs row ref", "heap after GC MB", "vs row ref"];
  const widths = header.map((h, i) => Math.max(h.length, ...memRows.map((r) => r[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  console.log(
    `\nServer memory: VmRSS of the server process (pid ${pid}) from /proc, and its JavaScript heap in use ` +
      `after a full GC (inspector); the clients run in this process, not the server's`,
  );
  console.log(fmt(header));
  memRows.forEach((r) => console.log(fmt(r)));
  console.log(
    `(row refs: the 2nd row vs the 1st, the rest vs the 2nd)\npeak RSS (VmHWM) over the run: ` +
      `${memClosed.peak.toFixed(1)} MB; heap held per open subscription ≈ ` +
      `${(((memOpen.heap - memBefore.heap) * 1024) / (TEACHERS + STUDENTS)).toFixed(0)} KB`,
  );
} finally {
  await Promise.all(clients.splice(0).map((c) => c.dispose().catch(() => {})));
  await server.stop();
}
