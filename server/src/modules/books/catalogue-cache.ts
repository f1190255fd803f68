import { createHeldPromises } from "../../lib/held-promises.js";
import { type AppPubSub, followTopic, Topics } from "../../pubsub/pubsub.js";

// What is worked out from the catalogue and kept briefly instead of on every request: Explore's total
// count per (who may see what, filters), and a student's recommendations (book.service.ts). A change
// to the catalogue (a book added, edited, published or deleted, a school's collection changed) drops
// them: at once on the instance that made it (`changed`), and on every other instance through the
// event channel (Redis when configured). A change nothing announces (a script writing to the
// database) is seen within the TTL. A value still being worked out when a change comes is dropped
// with the rest, so it is never kept past the change.

export const CATALOGUE_COUNT_TTL_MS = 2000;
/**
 * A student's recommendations: what schoolmates read and rated moves them slowly, so they are worked
 * out again after this long (their own reading and ratings are part of the key, so seen at once).
 */
export const RECOMMENDATIONS_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** Whose books a held value covers: every book for an admin, else what the school's members may see. */
export const catalogueScope = (actor: { role: string; schoolId: string | null }) =>
  actor.role === "admin" ? "*" : `school:${actor.schoolId ?? ""}`;

export function createCatalogueCache(deps: { pubsub?: AppPubSub | null; ttlMs?: number; now?: () => number } = {}) {
  const ttl = deps.ttlMs ?? CATALOGUE_COUNT_TTL_MS;
  const held = createHeldPromises<unknown>({ max: MAX_ENTRIES, now: deps.now });

  /** Drops what this instance holds: everything (null), or what covers one school's collection. */
  function drop(schoolId: string | null) {
    if (schoolId === null) {
      held.clear();
      return;
    }
    const scoped = `school:${schoolId}\u0000`;
    held.delete((id) => id.startsWith(scoped));
  }

  const following = deps.pubsub
    ? followTopic(deps.pubsub, Topics.catalogueChanged, ({ schoolId }) => drop(schoolId))
    : null;

  /** The value for `key` under `scope`, from `load` at most once per `ttlMs` (concurrent calls share it). */
  function remember<T>(scope: string, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) {
      return load();
    }
    return held.get(`${scope}\u0000${key}`, ttlMs, load) as Promise<T>;
  }

  return {
    remember,

    /** Explore's total count for `key` under `scope`, from `load` at most once per TTL. */
    count(scope: string, key: string, load: () => Promise<number>): Promise<number> {
      return remember(scope, `count\u0000${key}`, ttl, load);
    },

    /**
     * The catalogue changed (books: null; one school's collection or reading: its id): this instance
     * drops its copies now, so its next answer is fresh, and every other instance when the event comes.
     */
    changed(schoolId: string | null) {
      drop(schoolId);
      deps.pubsub?.publish(Topics.catalogueChanged, { schoolId });
    },

    /** Stops following the event channel (the subscription ends; copies already held stay). */
    async close() {
      await following?.stop();
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
