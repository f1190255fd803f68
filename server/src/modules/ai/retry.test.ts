import { describe, expect, it } from "vitest";
import { AiProviderError } from "./provider.js";
import { backoff, streamWithRetry, type StreamRetryOptions } from "./retry.js";
import { collectStream } from "../../../test/helpers/streams.js";

type Step = string | Error | "wait-for-abort";

/** An attempt that plays its steps: yields strings, throws errors, or waits until it is aborted. */
function scripted(...attempts: Step[][]) {
  const calls: { signal: AbortSignal; attempt: number }[] = [];
  const run = async function* (signal: AbortSignal, attempt: number): AsyncGenerator<string> {
    calls.push({ signal, attempt });
    for (const step of attempts[attempt - 1] ?? []) {
      if (step instanceof Error) {
        throw step;
      }
      if (step === "wait-for-abort") {
        await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
        throw new DOMException("This operation was aborted", "AbortError");
      }
      yield step;
    }
  };
  return { run, calls };
}

function options(overrides: Partial<StreamRetryOptions> = {}) {
  const sleeps: number[] = [];
  const retries: { attempt: number; delayMs: number; message: string }[] = [];
  const base: StreamRetryOptions = {
    attempts: 3,
    baseDelayMs: 300,
    timeoutMs: 1_000,
    toError: (error) => new AiProviderError(`mapped: ${String(error)}`, false),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    onRetry: ({ attempt, delayMs, error }) => retries.push({ attempt, delayMs, message: error.message }),
  };
  return { options: { ...base, ...overrides }, sleeps, retries };
}

const retryable = (message = "busy") => new AiProviderError(message, true);

describe("streamWithRetry", () => {
  it("yields the pieces of a successful attempt in order, without retrying", async () => {
    const { run, calls } = scripted(["a", "b", "c"]);
    const { options: opts, sleeps } = options();

    const { pieces, error } = await collectStream(streamWithRetry(run, opts));

    expect(error).toBeUndefined();
    expect(pieces).toEqual(["a", "b", "c"]);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("retries retryable failures with exponential backoff and jitter, then succeeds", async () => {
    const { run, calls } = scripted([retryable("429")], [retryable("503")], ["ok"]);
    const { options: opts, sleeps, retries } = options();

    const { pieces, error } = await collectStream(streamWithRetry(run, opts));

    expect(error).toBeUndefined();
    expect(pieces).toEqual(["ok"]);
    expect(calls.map((call) => call.attempt)).toEqual([1, 2, 3]);
    // random 0.5: three quarters of 300 then of 600.
    expect(sleeps).toEqual([225, 450]);
    expect(retries).toEqual([
      { attempt: 1, delayMs: 225, message: "429" },
      { attempt: 2, delayMs: 450, message: "503" },
    ]);
  });

  it("gives up after the last attempt with the last error", async () => {
    const { run, calls } = scripted([retryable("1")], [retryable("2")], [retryable("3")], ["never"]);
    const { options: opts } = options();

    const { error } = await collectStream(streamWithRetry(run, opts));

    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).message).toBe("3");
    expect((error as AiProviderError).retryable).toBe(true);
    expect(calls).toHaveLength(3);
  });

  it("does not retry a failure that is not retryable", async () => {
    const { run, calls } = scripted([new AiProviderError("bad request", false)], ["never"]);
    const { options: opts, sleeps } = options();

    const { error } = await collectStream(streamWithRetry(run, opts));

    expect((error as AiProviderError).message).toBe("bad request");
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("maps other errors with toError and retries them only when it says so", async () => {
    const { run, calls } = scripted([new TypeError("fetch failed")], ["ok"]);
    const { options: opts } = options({ toError: (error) => new AiProviderError(String(error), true) });

    const { pieces } = await collectStream(streamWithRetry(run, opts));

    expect(pieces).toEqual(["ok"]);
    expect(calls).toHaveLength(2);
  });

  it("never retries once a piece has been yielded", async () => {
    const { run, calls } = scripted(["Once upon", retryable("connection dropped")], ["a second story"]);
    const { options: opts } = options();

    const { pieces, error } = await collectStream(streamWithRetry(run, opts));

    expect(pieces).toEqual(["Once upon"]);
    expect((error as AiProviderError).message).toBe("connection dropped");
    expect(calls).toHaveLength(1);
  });

  it("times out an attempt that produces nothing, aborting its signal, and retries it", async () => {
    const { run, calls } = scripted(["wait-for-abort"], ["ok"]);
    const { options: opts, retries } = options({ timeoutMs: 50 });

    const started = Date.now();
    const { pieces } = await collectStream(streamWithRetry(run, opts));

    expect(Date.now() - started).toBeLessThan(10_000); // no hang (loose: a busy machine is slow)
    expect(pieces).toEqual(["ok"]);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(retries).toEqual([{ attempt: 1, delayMs: 225, message: "No answer from the AI within 50 ms." }]);
  });

  it("times out an attempt that goes quiet between pieces (idle time-out), without retrying it", async () => {
    const { run, calls } = scripted(["first", "wait-for-abort"], ["never"]);
    const { options: opts } = options({ timeoutMs: 1_000, idleTimeoutMs: 50 });

    // The message names the idle time-out (50 ms), not the first-piece one (1,000 ms).
    const { pieces, error } = await collectStream(streamWithRetry(run, opts));

    expect(pieces).toEqual(["first"]);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).message).toBe("No answer from the AI within 50 ms.");
    expect((error as AiProviderError).retryable).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it("times out even an attempt that ignores its signal", async () => {
    const run = async function* (): AsyncGenerator<string> {
      await new Promise(() => undefined);
      yield "never";
    };
    const { options: opts } = options({ attempts: 1, timeoutMs: 50 });

    const { error } = await collectStream(streamWithRetry(run, opts));

    expect((error as AiProviderError).message).toBe("No answer from the AI within 50 ms.");
  });

  it("does not count the consumer's own time against the idle time-out", async () => {
    const { run } = scripted(["a", "b"]);
    const { options: opts } = options({ timeoutMs: 30 });

    const pieces: string[] = [];
    for await (const piece of streamWithRetry(run, opts)) {
      pieces.push(piece);
      await new Promise((resolve) => setTimeout(resolve, 80));
    }

    expect(pieces).toEqual(["a", "b"]);
  });

  it("stops the attempt when the caller aborts, with a non-retryable error", async () => {
    const { run, calls } = scripted(["a", "wait-for-abort"], ["never"]);
    const caller = new AbortController();
    const { options: opts } = options({ signal: caller.signal });

    const stream = streamWithRetry(run, opts);
    const pieces: string[] = [];
    const done = (async () => {
      for await (const piece of stream) {
        pieces.push(piece);
        caller.abort(new Error("shutting down"));
      }
    })();

    const error = await done.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(pieces).toEqual(["a"]);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).retryable).toBe(false);
    expect(((error as AiProviderError).cause as Error).message).toBe("shutting down");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal.aborted).toBe(true);
  });

  it("does not start when the caller has already aborted", async () => {
    const { run, calls } = scripted(["a"]);
    const { options: opts } = options({ signal: AbortSignal.abort() });

    const { error } = await collectStream(streamWithRetry(run, opts));

    expect((error as AiProviderError).message).toBe("The AI request was cancelled.");
    expect(calls).toHaveLength(0);
  });

  it("stops waiting between attempts when the caller aborts", async () => {
    const { run, calls } = scripted([retryable()], ["never"]);
    const caller = new AbortController();
    const { options: opts } = options({ signal: caller.signal, baseDelayMs: 10_000, sleep: undefined });

    const started = Date.now();
    setTimeout(() => caller.abort(), 30);
    const { error } = await collectStream(streamWithRetry(run, opts));

    expect(Date.now() - started).toBeLessThan(5_000); // not the 10 s wait
    expect((error as AiProviderError).message).toBe("The AI request was cancelled.");
    expect(calls).toHaveLength(1);
  });

  it("aborts the running attempt when the consumer stops reading", async () => {
    const { run, calls } = scripted(["a", "b", "c"]);
    const { options: opts } = options();

    for await (const piece of streamWithRetry(run, opts)) {
      expect(piece).toBe("a");
      break;
    }

    expect(calls[0]?.signal.aborted).toBe(true);
  });
});

describe("backoff", () => {
  it("doubles from the base, keeps between half and all of it, and stops at the cap", () => {
    expect([1, 2, 3].map((retry) => backoff(retry, 300, 5_000, () => 0))).toEqual([150, 300, 600]);
    expect([1, 2, 3].map((retry) => backoff(retry, 300, 5_000, () => 0.999))).toEqual([300, 600, 1199]);
    expect(backoff(10, 300, 5_000, () => 0)).toBe(2_500);
  });
});
