import { createHash, randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { AccountChanges } from "../../auth/account-changes.js";
import type { Actor } from "../../auth/actor.js";
import {
  dummyPasswordHash,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  passwordWeakness,
  verifyPassword,
} from "../../auth/passwords.js";
import type { RateLimiter, RateLimitResult } from "../../auth/rate-limit.js";
import type { TokenService } from "../../auth/tokens.js";
import type { Config } from "../../config/config.js";
import { SCHOOLS } from "../../db/schools.js";
import {
  AppError,
  badInput,
  conflict,
  ErrorCode,
  Messages,
  prismaErrorCode,
  tooManyRequests,
} from "../../errors/app-error.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Mailer } from "../../mail/mailer.js";
import type { ModerationService } from "../moderation/moderation.service.js";
import type { TeacherCodeService } from "../schools/teacher-code.service.js";
import { type AppPubSub, Topics } from "../../pubsub/pubsub.js";
import { asRecord, FieldCheck } from "../../validation/fields.js";
import { presentUser, type UserPayload, withSchool } from "../users/user.presenter.js";

export type AuthResult = { token: string; user: UserPayload };

export const RESET_REQUESTED_MESSAGE =
  "If an account exists with this email, you will receive password reset instructions shortly.";
export const RESET_COMPLETED_MESSAGE = "Your password has been changed. Please log in with your new password.";
export const INVALID_RESET_LINK_MESSAGE =
  "This password reset link is invalid or has expired. Please ask for a new one.";
export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";
export const TOO_MANY_LOGINS_MESSAGE = "Too many login attempts. Please wait a minute and try again.";
export const TOO_MANY_RESETS_MESSAGE = "Too many password reset requests. Please try again later.";
export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists";
export const TEACHER_SIGNUP_CLOSED_MESSAGE = "Teacher sign-up is closed. Please email us for a teacher sign-up code.";
export const WRONG_TEACHER_CODE_MESSAGE = "Valid teacher code is required";
export const TOO_MANY_TEACHER_CODES_MESSAGE =
  "Too many wrong teacher codes. Please wait an hour, or ask your school's Reading Room administrator for the code.";
export const TOO_MANY_REGISTRATIONS_MESSAGE = "Too many new accounts at once. Please wait a minute and try again.";
export { COMMON_PASSWORD_MESSAGE } from "../../auth/passwords.js";
const MAX_CODE_LENGTH = 200;

export type AuthDeps = {
  prisma: PrismaClient;
  pubsub: AppPubSub;
  accounts: Pick<AccountChanges, "changed">;
  tokens: TokenService;
  mailer: Mailer;
  logger: Logger;
  moderation: Pick<ModerationService, "displayNameProblem">;
  teacherCodes: Pick<TeacherCodeService, "check">;
  limits: {
    loginPerAccountAddress: RateLimiter;
    loginPerAccount: RateLimiter;
    loginPerAddress: RateLimiter;
    registerPerAddress: RateLimiter;
    registerOverall: RateLimiter;
    teacherCodeFailuresPerAddress: RateLimiter;
    teacherCodeFailuresOverall: RateLimiter;
    resetPerEmail: RateLimiter;
    resetPerAddress: RateLimiter;
  };
  config: Pick<Config, "publicUrl" | "passwordResetTtlSeconds">;
};

function checkNewPassword(check: FieldCheck, email: string | undefined, field = "password"): string {
  const password = check.string(field, { trim: false, label: "Password" });
  if (check.has(field)) {
    return password;
  }
  const weakness = passwordWeakness(password, email);
  if (weakness) {
    check.fail(field, weakness);
  }
  return password;
}

/** Hits the limiters in order and stops at the first that refuses (later ones are not counted). */
async function firstRefusal(hits: (() => Promise<RateLimitResult>)[]): Promise<RateLimitResult | undefined> {
  for (const hit of hits) {
    const result = await hit();
    if (!result.allowed) {
      return result;
    }
  }
  return undefined;
}

const hashResetToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function createAuthService(deps: AuthDeps) {
  const { prisma, tokens, logger } = deps;
  const pendingMail = new Set<Promise<void>>();

  const issue = async (user: Actor): Promise<AuthResult> => ({
    token: await tokens.issue(user),
    user: presentUser(user),
  });

  return {
    /**
     * Creates a student or teacher account. Teachers need their school's sign-up code (or, for a
     * school without one, the server's bootstrap code). Every valid attempt counts against the
     * registration limits, "email taken" included, so they cannot be used to list children's emails.
     */
    async register(props: { input: unknown; ip: string }): Promise<AuthResult> {
      const check = new FieldCheck(asRecord(props.input));
      const displayName = check.displayName();
      const email = check.email();
      const password = checkNewPassword(check, email);
      const schoolName = check.string("school", { label: "School" });
      const school = SCHOOLS.find((s) => s.name === schoolName);
      if (!check.has("school")) {
        if (!schoolName) {
          check.fail("school", "School is required");
        } else if (!school) {
          check.fail("school", "Please choose a school from the list");
        }
      }
      const roleText = check.string("role", { label: "Role" }) || "student";
      if (!check.has("role") && roleText !== "student" && roleText !== "teacher") {
        check.fail("role", "Role must be student or teacher");
      }
      const role = roleText === "teacher" ? "teacher" : "student";
      const teacherCode = check.string("teacherCode", { label: "Teacher code" });
      if (role === "teacher" && !check.has("teacherCode") && teacherCode.length > MAX_CODE_LENGTH) {
        check.fail("teacherCode", WRONG_TEACHER_CODE_MESSAGE);
      }
      if (!check.has("displayName")) {
        const problem = await deps.moderation.displayNameProblem(displayName);
        if (problem) {
          check.fail("displayName", problem);
        }
      }
      check.done();

      const refused = await firstRefusal([
        () => deps.limits.registerPerAddress.hit(`register:ip:${props.ip}`),
        () => deps.limits.registerOverall.hit("register:all"),
      ]);
      if (refused) {
        throw tooManyRequests(TOO_MANY_REGISTRATIONS_MESSAGE, refused.retryAfterSeconds);
      }
      if (role === "teacher" && school) {
        await checkTeacherCode(school.id, teacherCode, props.ip);
      }

      const passwordHash = await hashPassword(password);
      try {
        const user = await prisma.user.create({
          data: { displayName, email, passwordHash, role, schoolId: school?.id ?? null, lastActiveAt: new Date() },
          include: withSchool,
        });
        logger.info({ userId: user.id, role }, "account registered");
        return await issue(user);
      } catch (error) {
        if (prismaErrorCode(error) === "P2002") {
          throw conflict(EMAIL_TAKEN_MESSAGE);
        }
        throw error;
      }
    },

    async login(props: { input: unknown; ip: string }): Promise<AuthResult> {
      const check = new FieldCheck(asRecord(props.input));
      const email = check.email();
      const password = check.string("password", { trim: false, label: "Password" });
      if (!check.has("password") && !password) {
        check.fail("password", "Password is required");
      }
      check.done();

      // Every attempt counts before the password is looked at: first per account and address (the
      // usual lock), then per address, then the account's ceiling across addresses. An attempt
      // refused earlier does not count later, so one address hammering an account cannot lock its
      // owner out from another.
      const pairKey = `login:pair:${email}|${props.ip}`;
      const refused = await firstRefusal([
        () => deps.limits.loginPerAccountAddress.hit(pairKey),
        () => deps.limits.loginPerAddress.hit(`login:ip:${props.ip}`),
        () => deps.limits.loginPerAccount.hit(`login:email:${email}`),
      ]);
      if (refused) {
        throw tooManyRequests(TOO_MANY_LOGINS_MESSAGE, refused.retryAfterSeconds);
      }
      const user = await prisma.user.findUnique({ where: { email }, include: withSchool });
      const valid =
        password.length <= MAX_PASSWORD_LENGTH &&
        (await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password));
      if (!user || !valid) {
        throw new AppError(ErrorCode.Unauthenticated, INVALID_CREDENTIALS_MESSAGE);
      }
      if (user.status !== "active") {
        throw new AppError(ErrorCode.AccountInactive, Messages.accountInactive);
      }
      await deps.limits.loginPerAccountAddress.reset(pairKey);
      const updated = await prisma.user.update({
        where: { id: user.id },
        data: { lastActiveAt: new Date() },
        include: withSchool,
      });
      return issue(updated);
    },

    /**
     * Sends a one-time reset link when the account exists. The answer is the same either way, and
     * the mail goes out in the background so that timing does not tell either.
     */
    async requestPasswordReset(props: { input: unknown; ip: string }): Promise<{ message: string }> {
      const check = new FieldCheck(asRecord(props.input));
      const email = check.email();
      check.done();

      const byAddress = await deps.limits.resetPerAddress.hit(`reset:ip:${props.ip}`);
      if (!byAddress.allowed) {
        throw tooManyRequests(TOO_MANY_RESETS_MESSAGE, byAddress.retryAfterSeconds);
      }
      // Past the per-account limit the answer stays neutral, but no more mail is sent.
      const byEmail = await deps.limits.resetPerEmail.hit(`reset:email:${email}`);
      if (byEmail.allowed) {
        const job = sendResetLink(email).catch((error: unknown) => {
          logger.error({ err: error }, "password reset mail failed");
        });
        pendingMail.add(job);
        void job.finally(() => pendingMail.delete(job));
      }
      return { message: RESET_REQUESTED_MESSAGE };
    },

    /** Sets a new password from a reset link; the link and every earlier session stop working. */
    async completePasswordReset(props: { input: unknown }): Promise<{ message: string }> {
      const check = new FieldCheck(asRecord(props.input));
      const token = check.string("token", { label: "Reset token" });
      const password = checkNewPassword(check, undefined);
      if (!check.has("token") && (!token || token.length > 200)) {
        check.fail("token", INVALID_RESET_LINK_MESSAGE);
      }
      check.done();

      const tokenHash = hashResetToken(token);
      // The account's email is known only from the link: check the password against it too.
      const link = await prisma.passwordResetToken.findUnique({
        where: { tokenHash },
        select: { usedAt: true, expiresAt: true, user: { select: { email: true } } },
      });
      const live = link && !link.usedAt && link.expiresAt > new Date();
      const weakness = live ? passwordWeakness(password, link.user.email) : undefined;
      if (weakness) {
        throw badInput(weakness, { password: weakness });
      }
      const passwordHash = await hashPassword(password);
      const userId = await prisma.$transaction(async (tx) => {
        const row = await tx.passwordResetToken.findUnique({ where: { tokenHash } });
        const now = new Date();
        if (!row || row.usedAt || row.expiresAt <= now) {
          return null;
        }
        // Conditional on usedAt still being null: of two concurrent uses, only one wins.
        const claimed = await tx.passwordResetToken.updateMany({
          where: { id: row.id, usedAt: null },
          data: { usedAt: now },
        });
        if (claimed.count !== 1) {
          return null;
        }
        await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
        await tx.user.update({
          where: { id: row.userId },
          data: { passwordHash, tokenVersion: { increment: 1 } },
          select: { id: true },
        });
        return row.userId;
      });
      if (!userId) {
        throw badInput(INVALID_RESET_LINK_MESSAGE, { token: INVALID_RESET_LINK_MESSAGE });
      }
      logger.info({ userId }, "password reset completed");
      deps.accounts.changed(userId);
      // Every earlier session ends, open WebSockets included.
      deps.pubsub.publish(Topics.sessionsRevoked, { userId, reason: "Password changed" });
      return { message: RESET_COMPLETED_MESSAGE };
    },

    /** Waits for reset mails still being sent (used at shutdown). */
    async drain(): Promise<void> {
      await Promise.all([...pendingMail]);
    },
  };

  /**
   * Throws unless the code opens teacher sign-up at this school. Wrong codes are limited per address
   * and across the deployment: every attempt is counted first (so a burst of guesses at once is
   * counted in full), and a right code takes its count back.
   */
  async function checkTeacherCode(schoolId: string, code: string, ip: string): Promise<void> {
    const closed = () => badInput(TEACHER_SIGNUP_CLOSED_MESSAGE, { teacherCode: TEACHER_SIGNUP_CLOSED_MESSAGE });
    const wrong = () => badInput(WRONG_TEACHER_CODE_MESSAGE, { teacherCode: WRONG_TEACHER_CODE_MESSAGE });
    if (!code) {
      // No code is no guess: not counted.
      throw (await deps.teacherCodes.check(schoolId, "")) === "closed" ? closed() : wrong();
    }
    const addressKey = `teacher-code:ip:${ip}`;
    const refused = await firstRefusal([
      () => deps.limits.teacherCodeFailuresPerAddress.hit(addressKey),
      () => deps.limits.teacherCodeFailuresOverall.hit("teacher-code:all"),
    ]);
    if (refused) {
      logger.warn({ ip }, "teacher sign-up code attempts limited");
      throw tooManyRequests(TOO_MANY_TEACHER_CODES_MESSAGE, refused.retryAfterSeconds);
    }
    const result = await deps.teacherCodes.check(schoolId, code);
    if (result === "wrong") {
      throw wrong();
    }
    // A right code is no failure, and neither is a code where nothing can be right: take both back.
    await Promise.all([
      deps.limits.teacherCodeFailuresPerAddress.refund(addressKey),
      deps.limits.teacherCodeFailuresOverall.refund("teacher-code:all"),
    ]);
    if (result === "closed") {
      throw closed();
    }
  }

  async function sendResetLink(email: string): Promise<void> {
    const user = await prisma.user.findUnique({ where: { email } });
    if (!user || user.status !== "active") {
      return;
    }
    const token = randomBytes(32).toString("base64url");
    const ttl = deps.config.passwordResetTtlSeconds;
    const now = new Date();
    // A new link retires every earlier one: only the newest mail works.
    await prisma.$transaction([
      prisma.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
      prisma.passwordResetToken.create({
        data: { userId: user.id, tokenHash: hashResetToken(token), expiresAt: new Date(now.getTime() + ttl * 1000) },
      }),
    ]);
    const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
    const minutes = Math.round(ttl / 60);
    await deps.mailer.send({
      to: user.email,
      subject: "Reset your Reading Room password",
      text: [
        `Hello ${user.displayName},`,
        "",
        "Someone, hopefully you, asked to reset the password of your Reading Room account.",
        `Open this link within ${minutes} minutes to choose a new password:`,
        "",
        link,
        "",
        "If you did not ask for this, you can ignore this email: your password stays as it is.",
        "",
        "Reading Room",
      ].join("\n"),
    });
    logger.info({ userId: user.id }, "password reset link sent");
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
