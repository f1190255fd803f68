import type { Logger } from "pino";
import { createAccountChanges } from "./auth/account-changes.js";
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from "./auth/rate-limit.js";
import { createSessionCache } from "./auth/session-cache.js";
import type { TokenService } from "./auth/tokens.js";
import type { Config } from "./config/config.js";
import type { PrismaClient } from "./generated/prisma/client.js";
import type { Mailer } from "./mail/mailer.js";
import { createAdminBookService } from "./modules/admin/admin-books.service.js";
import { createAdminInsightsService } from "./modules/admin/admin-insights.service.js";
import { createAuthService } from "./modules/auth/auth.service.js";
import { createAiProvider, createAiService } from "./modules/ai/ai.service.js";
import { createBookService } from "./modules/books/book.service.js";
import { createCatalogueCache } from "./modules/books/catalogue-cache.js";
import { createChatService } from "./modules/chat/chat.service.js";
import { createCoverService } from "./modules/covers/cover.service.js";
import { createClassifier } from "./modules/moderation/classify.js";
import { createGeminiJudge } from "./modules/moderation/judge/gemini-judge.js";
import { LinearModel } from "./modules/moderation/model/linear-model.js";
import { createModerationService } from "./modules/moderation/moderation.service.js";
import { createReaderService } from "./modules/reader/reader.service.js";
import { createSafeguardingService } from "./modules/safeguarding/safeguarding.service.js";
import { createSchoolService } from "./modules/schools/school.service.js";
import { createTeacherCodeService } from "./modules/schools/teacher-code.service.js";
import { createStaffAccess } from "./modules/teacher/staff-access.js";
import { createTeacherService } from "./modules/teacher/teacher.service.js";
import { createUserService } from "./modules/users/user.service.js";
import type { AppPubSub } from "./pubsub/pubsub.js";
import type { RedisConnections } from "./pubsub/redis.js";

export type ServiceDeps = {
  config: Config;
  prisma: PrismaClient;
  tokens: TokenService;
  mailer: Mailer;
  pubsub: AppPubSub;
  logger: Logger;
  /** Set with REDIS_URL: the rate limits are shared by every instance. */
  redis?: RedisConnections;
};

/** The learned layer of the classifier, read once per process (a megabyte of weights). */
let loadedModel: LinearModel | undefined;
const moderationModel = () => (loadedModel ??= LinearModel.load());

/** The classifier's AI judge: with Gemini, unless MODERATION_JUDGE=false. */
function moderationJudge(config: Config, logger: Logger) {
  const ai = config.ai;
  if (ai.provider !== "gemini" || !ai.judge) {
    return null;
  }
  return createGeminiJudge(
    {
      model: ai.model,
      ...(ai.vertex ? { vertex: ai.vertex } : { apiKey: ai.apiKey }),
      ...(ai.baseUrl ? { baseUrl: ai.baseUrl } : {}),
      timeoutMs: ai.judge.timeoutMs,
    },
    logger,
  );
}

/** Every domain service, built once per server and shared by GraphQL and REST. */
export function createServices(deps: ServiceDeps) {
  const minute = 60_000;
  const hour = 60 * minute;
  const { limits } = deps.config;
  const limiter = (name: string, limit: number, windowMs: number): RateLimiter => {
    const redis = deps.redis;
    if (!redis) {
      return createMemoryRateLimiter({ limit, windowMs });
    }
    return createRedisRateLimiter({
      redis: redis.command,
      prefix: `${redis.prefix}rate:${name}:`,
      limit,
      windowMs,
      onError: (error) =>
        deps.logger.warn({ err: error, limiter: name }, "rate limit counted locally: redis unavailable"),
    });
  };
  const staffAccess = createStaffAccess({ prisma: deps.prisma });
  // What is held of an account for a second is dropped everywhere when it changes.
  const accounts = createAccountChanges(deps.pubsub);
  const sessions = createSessionCache({ ttlMs: deps.config.sessionCacheMs });
  accounts.onChange(sessions.forget);
  accounts.onChange(staffAccess.forget);
  const safeguarding = createSafeguardingService({
    prisma: deps.prisma,
    pubsub: deps.pubsub,
    mailer: deps.mailer,
    logger: deps.logger,
    publicUrl: deps.config.publicUrl,
    resendMs: deps.config.safeguarding.alertResendMs,
  });
  const moderation = createModerationService({
    prisma: deps.prisma,
    pubsub: deps.pubsub,
    classifier: createClassifier({ model: moderationModel(), judge: moderationJudge(deps.config, deps.logger) }),
    strikesToBlock: deps.config.chat.strikesToBlock,
    logger: deps.logger,
    notifyUrgent: safeguarding.notifyUrgent,
    accounts,
  });
  // Explore's counts and students' recommendations, held briefly and dropped on every instance when
  // the catalogue changes.
  const catalogue = createCatalogueCache({ pubsub: deps.pubsub });
  const books = createBookService({
    prisma: deps.prisma,
    moderation,
    catalogue,
    recommendationsTtlMs: deps.config.recommendationsCacheMs,
  });
  const teacherCodes = createTeacherCodeService({
    prisma: deps.prisma,
    bootstrapCode: deps.config.teacherSignupCode,
    logger: deps.logger,
  });
  const ai = createAiService({
    prisma: deps.prisma,
    provider: createAiProvider(deps.config.ai, deps.logger),
  });
  const chats = createChatService({
    prisma: deps.prisma,
    pubsub: deps.pubsub,
    books,
    moderation,
    ai,
    limits: deps.config.chat,
    logger: deps.logger,
  });
  return {
    auth: createAuthService({
      ...deps,
      accounts,
      moderation,
      teacherCodes,
      limits: {
        loginPerAccountAddress: limiter("login-pair", limits.loginPerAccountAddressPerMinute, minute),
        loginPerAccount: limiter("login-email", limits.loginPerAccountPerMinute, minute),
        loginPerAddress: limiter("login-address", limits.loginPerAddressPerMinute, minute),
        registerPerAddress: limiter("register-address", limits.registrationsPerAddressPerMinute, minute),
        registerOverall: limiter("register-all", limits.registrationsPerMinute, minute),
        teacherCodeFailuresPerAddress: limiter(
          "teacher-code-address",
          limits.teacherCodeFailuresPerAddressPerHour,
          hour,
        ),
        teacherCodeFailuresOverall: limiter("teacher-code-all", limits.teacherCodeFailuresPerHour, hour),
        resetPerEmail: limiter("reset-email", limits.resetPerEmailPerHour, hour),
        resetPerAddress: limiter("reset-address", limits.resetPerAddressPerHour, hour),
      },
    }),
    users: createUserService({ ...deps, accounts, moderation }),
    schools: createSchoolService(deps),
    covers: createCoverService(deps),
    books,
    reader: createReaderService({ prisma: deps.prisma, books }),
    moderation,
    safeguarding,
    ai,
    chats,
    staffAccess,
    accounts,
    sessions,
    teacherCodes,
    adminBooks: createAdminBookService({ ...deps, catalogue }),
    catalogue,
    adminInsights: createAdminInsightsService(deps),
    teacher: createTeacherService({ prisma: deps.prisma, pubsub: deps.pubsub, chats, staffAccess }),
  };
}

export type Services = ReturnType<typeof createServices>;
