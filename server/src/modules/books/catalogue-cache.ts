import { type AppPubSub, Topics } from "../../pubsub/pubsub.js";

// Explore's total count, computed once per (who may see what, filters) and kept briefly instead of
// counting the catalogue on every page. A change to the catalogue (a book added, edited, published or
// deleted, a school's collection changed) drops the counts: at once on the instance that made it
// (`changed`), and on every other instance through the event channel (Redis when configured). A
// change nothing announces (a script writing to the database) is seen within the TTL.

export const CATALOGUE_COUNT_TTL_MS = 2000;
const MAX_ENTRIES = 10_000;

type Entry = { at: number; scope: string; value: Promise<number> };

/** Whose books a count covers: every book for an admin, else what the school's members may see. */
export const countScope = (actor: { role: string; schoolId: string | null }) =>
  actor.role === "admin" ? "*" : `school:${actor.schoolId ?? ""}`;

export function createCatalogueCache(deps: { pubsub?: AppPubSub | null; ttlMs?: number; now?: () => number } = {}) {
  const ttl = deps.ttlMs ?? CATALOGUE_COUNT_TTL_MS;
  const now = deps.now ?? Date.now;
  const counts = new Map<string, Entry>();

  /** Drops what this instance holds: everything (null), or what covers one school's collection. */
  function drop(schoolId: string | null) {
    if (schoolId === null) {
      counts.clear();
      return;
    }
    const scope = `school:${schoolId}`;
    for (const [key, entry] of counts) {
      if (entry.scope === scope) {
        counts.delete(key);
      }
    }
  }

  const subscription = deps.pubsub?.subscribe(Topics.catalogueChanged);
  if (subscription) {
    void (async () => {
      for await (const { schoolId } of subscription) {
        drop(schoolId);
      }
    })();
  }

  return {
    /** The count for `key` under `scope`, from `load` at most once per TTL (concurrent calls share it). */
    count(scope: string, key: string, load: () => Promise<number>): Promise<number> {
      const at = now();
      const id = `${scope}\u0000${key}`;
      const entry = counts.get(id);
      if (entry && at - entry.at < ttl) {
        return entry.value;
      }
      if (counts.size >= MAX_ENTRIES) {
        // Oldest first (a Map keeps insertion order): stale ones, or the oldest one when none is.
        for (const [old, value] of counts) {
          if (at - value.at < ttl && counts.size < MAX_ENTRIES) {
            break;
          }
          counts.delete(old);
        }
      }
      const value = load().catch((error: unknown) => {
        if (counts.get(id)?.value === value) {
          counts.delete(id);
        }
        throw error;
      });
      counts.delete(id);
      counts.set(id, { at, scope, value });
      return value;
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
      await subscription?.return?.();
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
