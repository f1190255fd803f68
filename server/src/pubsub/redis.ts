import { Redis } from "ioredis";
import type { Logger } from "pino";

// Redis for several server instances: one connection for commands (publishing, shared rate limits)
// and one held in subscriber mode. Every key and channel starts with the prefix, so several
// deployments (or test runs) can share one Redis.

export type RedisConnections = {
  command: Redis;
  subscriber: Redis;
  prefix: string;
  /** Round trip to Redis: the health check's answer. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** Connects both connections, or throws with a message naming REDIS_URL when Redis cannot be reached. */
export async function connectRedis(
  url: string,
  options: { prefix: string; logger: Logger },
): Promise<RedisConnections> {
  const connect = (name: string) => {
    const client = new Redis(url, {
      lazyConnect: true,
      connectionName: `reading-room:${name}`,
      // A command waits through a short outage (reconnecting), then fails rather than hanging a request.
      maxRetriesPerRequest: 2,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    // ioredis reports each failed reconnect as an error event; without a listener Node would throw.
    let reported = false;
    client.on("error", (error: Error) => {
      if (!reported) {
        options.logger.error({ err: error, connection: name }, "redis connection error");
        reported = true;
      }
    });
    client.on("ready", () => {
      if (reported) {
        options.logger.info({ connection: name }, "redis connection restored");
        reported = false;
      }
    });
    return client;
  };
  const command = connect("command");
  const subscriber = connect("subscriber");
  try {
    await Promise.all([command.connect(), subscriber.connect()]);
  } catch (error) {
    command.disconnect();
    subscriber.disconnect();
    throw new Error(`REDIS_URL: cannot connect to Redis (${(error as Error).message})`, { cause: error });
  }
  let closed = false;
  return {
    command,
    subscriber,
    prefix: options.prefix,
    async ping() {
      // A health check answers within a second: while Redis is away, commands wait to reconnect.
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), 1000);
      });
      try {
        return await Promise.race([command.ping().then((reply) => reply === "PONG"), timeout]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) {
        return;
      }
      closed = true;
      await Promise.all([
        command.quit().catch(() => command.disconnect()),
        subscriber.quit().catch(() => subscriber.disconnect()),
      ]);
    },
  };
}
