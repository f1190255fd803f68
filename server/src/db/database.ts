import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { Config } from "../config/config.js";
import { PrismaClient } from "../generated/prisma/client.js";
import { watchWrites } from "./watched-writes.js";

/** One connection's plain SQL, beside Prisma: migrations and health checks. */
export type SqlConnection = {
  /** Runs a script of one or more statements. */
  exec(sql: string): Promise<void>;
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
};

export type SqlRunner = SqlConnection & {
  /** Runs `fn` on one connection holding the database-wide migration lock. */
  withMigrationLock<T>(fn: (connection: SqlConnection) => Promise<T>): Promise<T>;
};

export type Database = {
  kind: "pglite" | "postgres";
  prisma: PrismaClient;
  sql: SqlRunner;
  /** SQL statements run through Prisma so far (counted only with logQueries). */
  queryCount(): number;
  close(): Promise<void>;
};

export type DatabaseOptions = { logQueries?: boolean; onQuery?: (sql: string, durationMs: number) => void };

type Adapter = NonNullable<ConstructorParameters<typeof PrismaClient>[0]["adapter"]>;

function createPrisma(adapter: Adapter, options: DatabaseOptions) {
  let count = 0;
  if (!options.logQueries) {
    return { prisma: watchWrites(new PrismaClient({ adapter })), queryCount: () => count };
  }
  const prisma = new PrismaClient({ adapter, log: [{ emit: "event", level: "query" }] });
  prisma.$on("query" as never, (event: { query: string; duration: number }) => {
    count += 1;
    options.onQuery?.(event.query, event.duration);
  });
  return { prisma: watchWrites(prisma as PrismaClient), queryCount: () => count };
}

// An arbitrary, fixed key: every instance that migrates the same database takes the same lock.
const MIGRATION_LOCK_KEY = 72_707_301;

export async function openDatabase(database: Config["database"], options: DatabaseOptions = {}): Promise<Database> {
  if (database.kind === "pglite") {
    return openPglite(database.dataDir, options);
  }
  return openPostgres(database.url, database.poolSize, options);
}

async function openPglite(dataDir: string, options: DatabaseOptions): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  // pg_trgm: Explore's trigram indexes (prisma/migrations/*_explore_trigram) need its operator classes.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const { prisma, queryCount } = createPrisma(new PrismaPGlite(client), options);
  const connection: SqlConnection = {
    async exec(sql) {
      await client.exec(sql);
    },
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await client.query<Row>(sql, params)).rows;
    },
  };
  return {
    kind: "pglite",
    prisma,
    queryCount,
    sql: {
      ...connection,
      // PGlite lives inside this process and serves one connection: nobody else can migrate it.
      withMigrationLock: (fn) => fn(connection),
    },
    async close() {
      await prisma.$disconnect();
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const { prisma, queryCount } = createPrisma(new PrismaPg(pool), options);
  return {
    kind: "postgres",
    prisma,
    queryCount,
    sql: {
      async exec(sql) {
        await pool.query(sql);
      },
      async query<Row>(sql: string, params: unknown[] = []) {
        return (await pool.query(sql, params)).rows as Row[];
      },
      async withMigrationLock(fn) {
        const client = await pool.connect();
        try {
          await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          return await fn({
            async exec(sql) {
              await client.query(sql);
            },
            async query<Row>(sql: string, params: unknown[] = []) {
              return (await client.query(sql, params)).rows as Row[];
            },
          });
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
    },
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}
