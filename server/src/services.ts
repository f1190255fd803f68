import type { Logger } from "pino";
import { createMemoryRateLimiter } from "./auth/rate-limit.js";
import type { TokenService } from "./auth/tokens.js";
import type { Config } from "./config/config.js";
import type { PrismaClient } from "./generated/prisma/client.js";
import type { Mailer } from "./mail/mailer.js";
import { createAuthService } from "./modules/auth/auth.service.js";
import { createBookService } from "./modules/books/book.service.js";
import { createCoverService } from "./modules/covers/cover.service.js";
import { allowAllModerator } from "./modules/moderation/text-moderator.js";
import { createSchoolService } from "./modules/schools/school.service.js";
import { createUserService } from "./modules/users/user.service.js";
import type { AppPubSub } from "./pubsub/pubsub.js";

export type ServiceDeps = {
  config: Config;
  prisma: PrismaClient;
  tokens: TokenService;
  mailer: Mailer;
  pubsub: AppPubSub;
  logger: Logger;
};

/** Every domain service, built once per server and shared by GraphQL and REST. */
export function createServices(deps: ServiceDeps) {
  const minute = 60_000;
  const hour = 60 * minute;
  const { limits } = deps.config;
  return {
    auth: createAuthService({
      ...deps,
      limits: {
        loginPerEmail: createMemoryRateLimiter({ limit: limits.loginPerEmailPerMinute, windowMs: minute }),
        loginPerAddress: createMemoryRateLimiter({ limit: limits.loginPerAddressPerMinute, windowMs: minute }),
        resetPerEmail: createMemoryRateLimiter({ limit: limits.resetPerEmailPerHour, windowMs: hour }),
        resetPerAddress: createMemoryRateLimiter({ limit: limits.resetPerAddressPerHour, windowMs: hour }),
      },
    }),
    users: createUserService(deps),
    schools: createSchoolService(deps),
    covers: createCoverService(deps),
    books: createBookService({ prisma: deps.prisma, moderator: allowAllModerator }),
  };
}

export type Services = ReturnType<typeof createServices>;
