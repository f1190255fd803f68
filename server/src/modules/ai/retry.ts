import { setTimeout as delay } from "node:timers/promises";
import { AiProviderError } from "./provider.js";

// Retries and time-outs around a streamed AI call. A retry is only safe before the first piece of
// text has reached the caller: after that, a second attempt would repeat or contradict what the child
// has already seen, so a later failure is passed on as it is.

export type StreamRetryOptions = {
  /** Attempts in all, the first one included (at least 1). */
  attempts: number;
  /** Wait before the first retry; it doubles for each later one (a random part of it is taken off). */
  baseDelayMs: number;
  /** Longest wait between two attempts. */
  maxDelayMs?: number;
  /** Time an attempt may take to produce its first piece. */
  timeoutMs: number;
  /** Time allowed between two pieces of one attempt (default: timeoutMs). */
  idleTimeoutMs?: number;
  /** The caller's signal: aborting it stops the current attempt and any retry. */
  signal?: AbortSignal;
  /** Turns what an attempt threw into an AiProviderError (decides whether it is retryable). */
  toError: (error: unknown) => AiProviderError;
  /** Called before each retry, e.g. to log it. */
  onRetry?: (retry: { attempt: number; delayMs: number; error: AiProviderError }) => void;
  /** For tests: how to wait between attempts (default: a timer the caller's signal cancels). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** For tests: a number in [0, 1) for the jitter (default Math.random). */
  random?: () => number;
};

export const DEFAULT_BASE_DELAY_MS = 300;
export const DEFAULT_MAX_DELAY_MS = 5_000;

/**
 * Runs `attempt` (a streamed call that must stop when the given signal aborts) and yields what it
 * yields. A failure before anything was yielded is retried with exponential backoff and jitter when
 * it is retryable and attempts remain. Each attempt is aborted when it produces nothing for the
 * time-out, which counts as a retryable failure. Aborting `options.signal` ends everything with a
 * non-retryable AiProviderError whose cause is the signal's reason.
 */
export async function* streamWithRetry<T>(
  attempt: (signal: AbortSignal, attemptNumber: number) => AsyncIterable<T>,
  options: StreamRetryOptions,
): AsyncGenerator<T, void, undefined> {
  const attempts = Math.max(1, Math.floor(options.attempts));
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  let yielded = false;

  for (let attemptNumber = 1; ; attemptNumber++) {
    throwIfCancelled(options.signal);
    const run = startAttempt(options);
    try {
      const iterator = attempt(run.signal, attemptNumber)[Symbol.asyncIterator]();
      run.iterator = iterator;
      for (;;) {
        run.arm(yielded ? (options.idleTimeoutMs ?? options.timeoutMs) : options.timeoutMs);
        const result = await run.race(iterator.next());
        run.disarm();
        if (result.done) {
          return;
        }
        yielded = true;
        yield result.value;
      }
    } catch (thrown) {
      throwIfCancelled(options.signal);
      const error = run.timedOut
        ? new AiProviderError(`No answer from the AI within ${run.timeoutMs} ms.`, true, { cause: thrown })
        : thrown instanceof AiProviderError
          ? thrown
          : options.toError(thrown);
      if (yielded || !error.retryable || attemptNumber >= attempts) {
        throw error;
      }
      const delayMs = backoff(attemptNumber, options.baseDelayMs, options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS, random);
      options.onRetry?.({ attempt: attemptNumber, delayMs, error });
      try {
        await sleep(delayMs, options.signal);
      } catch (sleepError) {
        throwIfCancelled(options.signal);
        throw sleepError;
      }
    } finally {
      run.end();
    }
  }
}

/** The wait before retry number `retry` (from 1): between half and all of base·2^(retry-1), capped. */
export function backoff(retry: number, baseDelayMs: number, maxDelayMs: number, random: () => number): number {
  const full = Math.min(maxDelayMs, baseDelayMs * 2 ** (retry - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

type Attempt = {
  signal: AbortSignal;
  iterator: AsyncIterator<unknown> | undefined;
  timedOut: boolean;
  timeoutMs: number;
  arm(ms: number): void;
  disarm(): void;
  /** Settles with the promise, or rejects as soon as the attempt is aborted (time-out or caller). */
  race<R>(promise: Promise<R>): Promise<R>;
  /** Stops the attempt: aborts its call if still running and releases the timer and listeners. */
  end(): void;
};

function startAttempt(options: StreamRetryOptions): Attempt {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  // Rejects when the attempt is aborted, so that an SDK call that ignores its signal cannot hold us.
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;

  const state: Attempt = {
    signal: controller.signal,
    iterator: undefined,
    timedOut: false,
    timeoutMs: options.timeoutMs,
    arm(ms) {
      clearTimeout(timer);
      state.timeoutMs = ms;
      timer = setTimeout(() => {
        state.timedOut = true;
        controller.abort(new AiProviderError(`No answer from the AI within ${ms} ms.`, true));
      }, ms);
    },
    disarm() {
      clearTimeout(timer);
    },
    race(promise) {
      // The losing promise may still reject later; that must not become an unhandled rejection.
      promise.catch(() => undefined);
      return Promise.race([promise, aborted]);
    },
    end() {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onCallerAbort);
      controller.abort();
      // Not awaited: an iterator stuck in a call that ignores its signal would never return.
      state.iterator?.return?.().catch(() => undefined);
    },
  };
  return state;
}

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new AiProviderError("The AI request was cancelled.", false, { cause: signal.reason });
  }
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return delay(ms, undefined, signal ? { signal } : {});
}
