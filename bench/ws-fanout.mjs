#!/usr/bin/env node
// WebSocket fan-out (issue 9): 1,000 open WebSockets and the time from a student's chat send to its
// delivery, on PostgreSQL with the offline AI (AI_OFFLINE_PACE_MS=0). The built server runs as its own
// process. Every socket speaks graphql-ws as the client does (connection_init with
// { authorization: "Bearer <token>" }, then the client's own subscription documents): the sender's
// second tab follows the chat (ChatEvents), teachers follow their school (SchoolActivity).
// Measured per delivery: from just before the SendChatMessage mutation to the event on the socket
// (the student's message in ChatEvents; the chat's new count in SchoolActivity), sends one at a time.
//   baseline: 1 open WebSocket (the chat's follower; then, apart, 1 teacher of the school)
//   spread:   1,000 sockets: the follower + 999 teachers over the 24 schools (about 42 per school)
//   one school: 1,000 sockets: the follower + 999 teachers of the sender's school (every send reaches all)
// ratio = p50 / p50 of the 1-socket baseline of the same subscription. Beside the latencies, the
// servers' CPU time per send (Linux /proc; the sender's mutation, moderation and reply included):
// less swayed than latency by other work on the machine.
// With --redis (or BENCH_REDIS=1) and REDIS_URL support in the server: two instances on one database
// and one Redis (redis://127.0.0.1:6379, or BENCH_REDIS_URL); the student sends through instance A,
// every socket is on instance B, so each delivery crosses Redis. Baseline then: the same on 1 socket.
// Usage: npm run bench -- ws-fanout   (or node bench/ws-fanout.mjs [--redis]).
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import WebSocket from "ws";
import {
  adminQuery,
  clientDocument,
  createDatabase,
  dropDatabase,
  graphqlRequest,
  percentile,
  printColumns,
  root,
  runPool,
  sleep,
  startServerProcess,
} from "./lib.mjs";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const SENDS = Number(process.env.BENCH_SENDS ?? 30);
const DELIVERY_TIMEOUT_MS = 15_000;
const SCHOOL = "Pimlico Academy";
const PASSWORD = "bench-password-42";
const JWT_SECRET = randomBytes(32).toString("hex");
const REDIS = process.argv.includes("--redis") || process.env.BENCH_REDIS === "1";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const QUESTIONS = ["Who is Mr. Toad?", "Where does the Rat live?", "What happens in the Wild Wood?", "Who is Badger?"];

const OPEN_CHAT = clientDocument("OpenChatDocument");
const SEND = clientDocument("SendChatMessageDocument");
const CHAT_EVENTS = clientDocument("ChatEventsDocument");
const SCHOOL_ACTIVITY = clientDocument("SchoolActivityDocument");

const { loadConfig } = await import(path.join(root, "dist/server/config/config.js"));
const { ENV_VARIABLES } = await import(path.join(root, "dist/server/config/config.js"));
const { createTokenService } = await import(path.join(root, "dist/server/auth/tokens.js"));
if (REDIS && !ENV_VARIABLES.includes("REDIS_URL")) {
  console.error("--redis: this server has no REDIS_URL setting");
  process.exit(1);
}
const tokens = createTokenService(JWT_SECRET, loadConfig({}).tokenTtlSeconds);

// Linux reports CPU time in clock ticks of 10 ms (USER_HZ 100).
const TICK_MS = 10;
/** User + system CPU time of the processes so far, in ms (NaN where /proc is not there). */
function cpuMs(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      return NaN;
    }
  }
  return total;
}

/** One instance of the built server, own process, on the run's database: offline AI, limits lifted. */
function startInstance(env) {
  return startServerProcess(
    {
      AI_PROVIDER: "offline",
      AI_OFFLINE_PACE_MS: "0",
      CHAT_DAILY_MESSAGE_LIMIT: "100000",
      STRIKES_TO_BLOCK: "100",
      ...env,
    },
    // One secret for every instance and for the teachers' tokens signed here.
    { database: dbName, jwtSecret: JWT_SECRET },
  );
}

/**
 * One graphql-ws connection with one subscription, on the `ws` package directly: connection_init with
 * the token, wait for connection_ack, subscribe. `onData` gets each `next` payload's data.
 */
function subscribe(wsUrl, token, query, variables, onData) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, "graphql-transport-ws");
    const timer = setTimeout(() => reject(new Error("no connection_ack within 30 s")), 30_000);
    socket.once("error", reject);
    socket.on("open", () => {
      socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } }));
    });
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw));
      if (message.type === "connection_ack") {
        clearTimeout(timer);
        socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query, variables } }));
        resolve(socket);
      } else if (message.type === "next") {
        if (message.payload.errors) {
          errors.push(message.payload.errors);
        } else {
          onData(message.payload.data);
        }
      } else if (message.type === "error") {
        errors.push(message.payload);
      } else if (message.type === "ping") {
        socket.send(JSON.stringify({ type: "pong" }));
      }
    });
    socket.on("close", (code, reason) => {
      clearTimeout(timer);
      if (code !== 1000 && !closing.has(socket)) {
        errors.push(`socket closed ${code} ${reason}`);
      }
      reject(new Error(`closed before connection_ack: ${code} ${reason}`));
    });
  });
}
const errors = [];
const closing = new Set();
async function closeAll(sockets) {
  await Promise.all(
    sockets.splice(0).map(
      (socket) =>
        new Promise((resolve) => {
          closing.add(socket);
          if (socket.readyState === WebSocket.CLOSED) {
            return resolve();
          }
          socket.once("close", resolve);
          socket.close(1000);
        }),
    ),
  );
}
/** Opens `count` sockets, `concurrency` at a time (each connection_init checks its token). */
async function openMany(count, open, concurrency = 50) {
  const sockets = [];
  await runPool(count, concurrency, async (i) => sockets.push(await open(i)));
  return sockets;
}

const dbName = await createDatabase();
const redisEnv = REDIS ? { REDIS_URL, REDIS_PREFIX: `rrbench${randomBytes(4).toString("hex")}:` } : {};
const servers = [];
const open = [];
try {
  const sender = await startInstance(redisEnv);
  servers.push(sender);
  // With Redis, a second instance holds every socket; else the one server does everything.
  const holder = REDIS ? await startInstance(redisEnv) : sender;
  if (REDIS) {
    servers.push(holder);
  }

  // The sender: a real registration, and a chat about The Wind in the Willows.
  const registered = await fetch(`${sender.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: "sender@bench.readingroom.local",
      password: PASSWORD,
      displayName: "Sender",
      school: SCHOOL,
    }),
  });
  if (registered.status !== 201) {
    throw new Error(`register: HTTP ${registered.status} ${await registered.text()}`);
  }
  const studentToken = (await registered.json()).token;
  const graphql = (query, variables) => graphqlRequest(sender.url, query, variables, studentToken);
  const { rows: bookRows } = await adminQuery(
    `SELECT id FROM "Book" WHERE slug = $1`,
    ["the-wind-in-the-willows"],
    dbName,
  );
  const { openChat } = await graphql(OPEN_CHAT, { bookId: bookRows[0].id, limit: 20 });
  const chatId = openChat.id;
  let messageCount = openChat.messages.items.length;

  // Teachers, straight into the database (argon2 for 2,000 registrations would take minutes), with
  // tokens signed by the same secret: SOCKETS - 1 at the sender's school, SOCKETS - 1 spread over all.
  const { rows: schools } = await adminQuery(`SELECT id, name FROM "School" ORDER BY name`, [], dbName);
  const home = schools.find((s) => s.name === SCHOOL).id;
  const teachers = { home: [], spread: [] };
  const values = [];
  for (let i = 0; i < SOCKETS - 1; i++) {
    teachers.home.push({ id: randomUUID(), schoolId: home });
    teachers.spread.push({ id: randomUUID(), schoolId: schools[i % schools.length].id });
  }
  for (const [group, list] of Object.entries(teachers)) {
    list.forEach((t, i) =>
      values.push([t.id, `Teacher ${group} ${i}`, `${group}${i}@bench.readingroom.local`, t.schoolId]),
    );
  }
  await adminQuery(
    `INSERT INTO "User" (id, "displayName", email, "passwordHash", role, "schoolId", "updatedAt")
     SELECT u.id, u.name, u.email, 'not-a-hash', 'teacher'::"Role", u.school, now()
     FROM json_to_recordset($1::json) AS u(id text, name text, email text, school text)`,
    [JSON.stringify(values.map(([id, name, email, school]) => ({ id, name, email, school })))],
    dbName,
  );
  for (const list of Object.values(teachers)) {
    for (const t of list) {
      t.token = await tokens.issue({ id: t.id, tokenVersion: 0 });
    }
  }

  // Deliveries by send: { sentAt, expected, latencies: Map(who -> ms) }.
  let current = null;
  function deliver(who, matches) {
    const at = performance.now();
    if (!current || !matches(current) || current.latencies.has(who)) {
      return;
    }
    current.latencies.set(who, at - current.sentAt);
    if (current.latencies.size === current.expected) {
      current.done();
    }
  }
  const follower = (socketList) =>
    subscribe(holder.wsUrl, studentToken, CHAT_EVENTS, { chatId }, ({ chatEvents }) => {
      if (chatEvents.kind === "message") {
        deliver("follower", (send) => chatEvents.seq === send.userSeq);
      }
    }).then((socket) => socketList.push(socket));
  const teacherSocket = (teacher) =>
    subscribe(holder.wsUrl, teacher.token, SCHOOL_ACTIVITY, {}, ({ schoolActivity }) => {
      deliver(
        teacher.id,
        (send) => schoolActivity.chat.id === chatId && schoolActivity.chat.messageCount === send.count,
      );
    });

  /** One send; resolves when `expected` sockets have it (or after the timeout). */
  async function send(expected, timeoutMs = DELIVERY_TIMEOUT_MS) {
    const record = { userSeq: messageCount, count: messageCount + 2, expected, latencies: new Map(), done: null };
    const settled = new Promise((resolve) => {
      record.done = resolve;
    });
    messageCount += 2;
    current = record;
    record.sentAt = performance.now();
    await graphql(SEND, { input: { chatId, message: QUESTIONS[messageCount % QUESTIONS.length] } });
    await Promise.race([settled, sleep(timeoutMs)]);
    current = null;
    return record;
  }

  /** Sends until `expected` sockets each had one: every subscription is listening (no ack in graphql-ws). */
  async function warmUp(expected) {
    const reached = new Set();
    for (let attempt = 0; attempt < 20 && reached.size < expected; attempt++) {
      (await send(expected, 3000)).latencies.forEach((_, who) => reached.add(who));
    }
    if (reached.size < expected) {
      throw new Error(`only ${reached.size} of ${expected} subscriptions are live`);
    }
  }

  /** SENDS sends one at a time: per-delivery latencies of the follower and of the teachers. */
  async function measure(expected) {
    const follower = [];
    const teacher = [];
    const last = [];
    let missing = 0;
    const cpuBefore = cpuMs(servers.map((server) => server.pid));
    for (let i = 0; i < SENDS; i++) {
      const record = await send(expected);
      missing += expected - record.latencies.size;
      for (const [who, ms] of record.latencies) {
        (who === "follower" ? follower : teacher).push(ms);
      }
      if (record.latencies.size) {
        last.push(Math.max(...record.latencies.values()));
      }
    }
    const stats = (list) => {
      list.sort((a, b) => a - b);
      return { requests: list.length, p50: percentile(list, 50), p99: percentile(list, 99), rps: NaN };
    };
    const cpuPerSend = (cpuMs(servers.map((server) => server.pid)) - cpuBefore) / SENDS;
    return { follower: stats(follower), teacher: stats(teacher), last: stats(last), missing, cpuPerSend };
  }

  const started = performance.now();
  // Baselines: 1 socket.
  await follower(open);
  await warmUp(1);
  const oneFollower = await measure(1);
  await closeAll(open);
  open.push(await teacherSocket(teachers.home[0]));
  await warmUp(1);
  const oneTeacher = await measure(1);
  await closeAll(open);
  await sleep(1500); // past the staff-access cache's TTL, as fresh subscribers would be

  // 1,000 sockets over every school, then 1,000 at the sender's school.
  const results = {};
  for (const group of ["spread", "home"]) {
    const t0 = performance.now();
    await follower(open);
    open.push(...(await openMany(SOCKETS - 1, (i) => teacherSocket(teachers[group][i]))));
    const listening = 1 + teachers[group].filter((t) => t.schoolId === home).length;
    await warmUp(listening);
    const openSeconds = (performance.now() - t0) / 1000;
    results[group] = { ...(await measure(listening)), listening, openSeconds, sockets: open.length };
    await closeAll(open);
    await sleep(1500);
  }

  const where = REDIS ? "sockets on instance B, sends through instance A, over Redis" : "one server";
  const table = [
    ["ChatEvents, 1 socket (baseline)", oneFollower.follower, null, oneFollower],
    ["SchoolActivity, 1 socket (baseline)", oneTeacher.teacher, null, oneTeacher],
    [
      `ChatEvents, ${results.spread.sockets} sockets over 24 schools`,
      results.spread.follower,
      oneFollower.follower,
      results.spread,
    ],
    [
      `SchoolActivity, ${results.spread.sockets} sockets, ${results.spread.listening - 1} at the school`,
      results.spread.teacher,
      oneTeacher.teacher,
      results.spread,
    ],
    [
      `ChatEvents, ${results.home.sockets} sockets all at the school`,
      results.home.follower,
      oneFollower.follower,
      results.home,
    ],
    [
      `SchoolActivity, ${results.home.sockets} sockets all at the school`,
      results.home.teacher,
      oneTeacher.teacher,
      results.home,
    ],
    [`  the last of the ${results.home.listening} sockets, per send`, results.home.last, oneTeacher.teacher, null],
  ].map(([name, r, base, run]) => [
    name,
    String(r.requests),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    base ? `${(r.p50 / base.p50).toFixed(2)}x` : "baseline",
    run ? run.cpuPerSend.toFixed(0) : "",
  ]);
  printColumns(
    `Chat send -> delivery on PostgreSQL, offline AI, ${where}; ${SENDS} sends one at a time per case ` +
      `(vs baseline = p50 / p50 of the same subscription with 1 socket open; server CPU = the servers' ` +
      `CPU time per send while the case ran)`,
    ["case", "deliveries", "p50 ms", "p99 ms", "vs baseline", "server CPU ms/send"],
    table,
  );
  const missing = oneFollower.missing + oneTeacher.missing + results.spread.missing + results.home.missing;
  console.log(
    `\ndeliveries never received: ${missing}; subscription errors: ${errors.length}` +
      (errors.length ? ` (${JSON.stringify(errors.slice(0, 3)).slice(0, 500)})` : ""),
  );
  console.log(
    `sockets opened and live: spread ${results.spread.openSeconds.toFixed(1)} s, one school ${results.home.openSeconds.toFixed(1)} s; ` +
      `whole run ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
} finally {
  await closeAll(open);
  for (const server of servers) {
    await server.stop();
  }
  await dropDatabase(dbName);
}
