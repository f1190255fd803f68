// Expensive things built from a book's text (its passage index, its reader chapters), kept per
// version of the text for the most recently used books.

/**
 * Builds kept by key for the `size` most recently used keys. Concurrent gets of one key share one
 * build; a failed build is forgotten, so the next get tries again.
 */
export function createBuildCache<T>(size: number) {
  const builds = new Map<string, Promise<T>>();
  return {
    get(key: string, build: () => Promise<T>): Promise<T> {
      const cached = builds.get(key);
      if (cached) {
        // Most recently used last.
        builds.delete(key);
        builds.set(key, cached);
        return cached;
      }
      const building = build();
      builds.set(key, building);
      building.catch(() => {
        if (builds.get(key) === building) {
          builds.delete(key);
        }
      });
      while (builds.size > size) {
        const oldest = builds.keys().next().value;
        if (oldest === undefined) {
          break;
        }
        builds.delete(oldest);
      }
      return building;
    },
    clear(): void {
      builds.clear();
    },
  };
}
