#!/usr/bin/env node
// Chat benchmark on PostgreSQL with the offline provider (no pacing): 20 students each in their own
// book chat, sending questions about The Wind in the Willows, 10 in flight; and the time from a send
// to the first live event and to the stored reply on a subscriber's WebSocket. Baselines from the same
// run: GET /healthz, and a chat message stopped by moderation (all the checks, no AI, nothing stored).
// Usage: npm run bench -- chat   (or node bench/chat.mjs).
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { benchName, fetch, graphqlRequest, load, printTable, startServer } from "./lib.mjs";

const STUDENTS = 20;
const SENDS = Number(process.env.BENCH_CHAT_SENDS ?? 400);
const QUESTIONS = [
  "Who is Mr. Toad?",
  "Where does the Rat live?",
  "What happens in the Wild Wood?",
  "Who is Badger?",
  "Why does Toad go to prison?",
  "What is Toad Hall like?",
];
const OPEN = `mutation Open($bookId: ID!) { openChat(bookId: $bookId) { id } }`;
const SEND = `mutation Send($input: SendChatMessageInput!) {
  sendChatMessage(input: $input) { assistantMessage { seq content } }
}`;
const EVENTS = `subscription Events($chatId: ID!) { chatEvents(chatId: $chatId) { kind seq } }`;

const server = await startServer("postgres", {
  AI_OFFLINE_PACE_MS: "0",
  CHAT_DAILY_MESSAGE_LIMIT: "100000",
  STRIKES_TO_BLOCK: "100",
});
const { app } = server;
const { url } = app;
try {
  const book = await app.db.prisma.book.findUniqueOrThrow({ where: { slug: "the-wind-in-the-willows" } });
  const students = [];
  for (let i = 0; i < STUDENTS; i++) {
    const res = await fetch(`${url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: `chatter${i}@bench.readingroom.local`,
        password: "bench-password-42",
        displayName: benchName("Chatter", i),
        school: "Pimlico Academy",
      }),
    });
    const { token } = await res.json();
    const graphql = (query, variables) => graphqlRequest(url, query, variables, token);
    const { openChat } = await graphql(OPEN, { bookId: book.id });
    students.push({ token, graphql, chatId: openChat.id });
  }
  // The first question builds the book's passage index (once per book and text version).
  let t = performance.now();
  await students[0].graphql(SEND, { input: { chatId: students[0].chatId, message: "Who is Mole?" } });
  const firstAsk = performance.now() - t;

  let n = 0;
  const next = () => students[n++ % STUDENTS];
  const healthz = await load(() => fetch(`${url}/healthz`).then((r) => r.arrayBuffer()), {
    total: 2000,
    concurrency: 10,
  });
  const moderated = await load(
    async () => {
      const s = next();
      // Harmful messages are refused before any AI call; STRIKES_TO_BLOCK is high enough not to block.
      await s.graphql(SEND, { input: { chatId: s.chatId, message: "my number is 07700 900123" } }).catch(() => {});
    },
    { total: SENDS, concurrency: 10 },
  );
  const sends = await load(
    async () => {
      const s = next();
      await s.graphql(SEND, { input: { chatId: s.chatId, message: QUESTIONS[n % QUESTIONS.length] } });
    },
    { total: SENDS, concurrency: 10 },
  );
  printTable("Chat on PostgreSQL, offline provider, 10 in flight", [
    { name: "GET /healthz (baseline)", ...healthz },
    { name: "send, stopped by moderation", ...moderated, ratio: moderated.rps / healthz.rps },
    { name: "send + offline answer", ...sends, ratio: sends.rps / healthz.rps },
  ]);

  // Live delivery: a second tab of one student follows the chat; time to the first event (the
  // student's own message) and to the stored reply.
  const s = students[1];
  const client = createClient({
    url: url.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${s.token}` },
  });
  const firstEvent = [];
  const reply = [];
  let sentAt = 0;
  let waiting = null;
  client.subscribe(
    { query: EVENTS, variables: { chatId: s.chatId } },
    {
      next: ({ data }) => {
        const event = data.chatEvents;
        if (!sentAt) {
          return;
        }
        if (firstEvent.length < reply.length + 1) {
          firstEvent.push(performance.now() - sentAt);
        }
        if (event.kind === "message" && event.seq % 2 === 1) {
          reply.push(performance.now() - sentAt);
          waiting?.();
        }
      },
      error: () => {},
      complete: () => {},
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (let i = 0; i < 50; i++) {
    const done = new Promise((resolve) => {
      waiting = resolve;
    });
    sentAt = performance.now();
    await s.graphql(SEND, { input: { chatId: s.chatId, message: QUESTIONS[i % QUESTIONS.length] } });
    await done;
  }
  await client.dispose();
  const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.floor((p / 100) * (list.length - 1))].toFixed(1);
  console.log(
    `\nfirst question on a book (builds its passage index): ${firstAsk.toFixed(0)} ms` +
      `\nsubscriber, 50 sends: first event p50 ${pct(firstEvent, 50)} ms, p99 ${pct(firstEvent, 99)} ms;` +
      ` stored reply p50 ${pct(reply, 50)} ms, p99 ${pct(reply, 99)} ms`,
  );
} finally {
  await server.stop();
}
