import type { Logger } from "pino";
import type { AccountChanges } from "../../auth/account-changes.js";
import type { Actor } from "../../auth/actor.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { ALL_SCHOOLS, type AppPubSub, Topics } from "../../pubsub/pubsub.js";
import { forbidden, notFound } from "../../errors/app-error.js";
import { presentUser, type UserPayload, withSchool } from "../users/user.presenter.js";
import { type ModerationAlertPayload, presentModerationEvent } from "./moderation.presenter.js";
import { CONCERN_LABEL } from "../safeguarding/alert-labels.js";
import type { Classifier, Verdict } from "./classify.js";
import { classifyRules } from "./rules/index.js";
import { CATEGORY_INFO, isRiskCategory, type ModerationCategory } from "./taxonomy.js";

// What happens to a student's text once the classifier (classify.ts) has judged it (README:
// "Safeguarding", the taxonomy table).
// - Not flagged: nothing; unless the model is unsure, then a 'Possible concern' for staff, no strike.
// - Risk to the child (urgent): no strike; an urgent alert to the school's teachers and its
//   safeguarding lead; the child gets a kind reply pointing to a trusted adult and Childline. The text
//   is never sent to the AI.
// - Low (mild swearing, a personal detail): not sent, a gentle reminder, no strike; a personal detail
//   is also a 'Possible concern' for staff (an online-safety conversation to have).
// - High (threats, bullying, sexual content, strong swearing, meeting requests): a strike, and at
//   strikesToBlock strikes the account is blocked; teachers are alerted live; a block closes the
//   student's open WebSockets. Staff get the verdict only (no strikes).

export const EXCERPT_LENGTH = 1000;
export const NO_SCHOOL_MESSAGE = "No school found for your account.";
export const STUDENT_NOT_FOUND_MESSAGE = "Student not found";

/** The kind reply to a child who may be at risk (never an AI answer). */
export const SUPPORT_REPLY =
  "It sounds like something really hard is going on, and I'm glad you told me. Please talk to a grown-up you trust, " +
  "like a parent, carer or your teacher, as soon as you can. You can also call Childline for free on 0800 1111, " +
  "or visit childline.org.uk, any time of the day or night. I've let your teacher know, so they can help you.";

/** Where a refused text was going: the refusal says what was not sent, and what to do instead. */
export type RefusedText = "chat" | "review";

const NOT_SENT: Record<RefusedText, string> = {
  chat: "That message wasn't sent",
  review: "Your review wasn't posted",
};
const INSTEAD: Record<RefusedText, string> = {
  chat: "ask something about the book",
  review: "write about what you thought of the book",
};
/** For hurtful or threatening words: the child who wrote them may be the one who is hurting. */
export const TALK_TO_SOMEONE = "If something or someone is upsetting you, talk to a teacher or a grown-up you trust.";

export const REPEAT_WARNING =
  " If you send more like this, your account will be paused until your teacher turns it back on.";

// Short sentences a 7-year-old can read: what happened, why, then a next step.
function refusal(category: ModerationCategory, where: RefusedText): string {
  switch (category) {
    case "personal_details":
      return (
        `${NOT_SENT[where]} because it has private details in it, like a phone number, an address or an email. ` +
        "Keep those safe and never share them online. You can try again without them."
      );
    case "bullying_hate":
      return `${NOT_SENT[where]} because it could hurt someone. Try saying it kindly, or ${INSTEAD[where]}. ${TALK_TO_SOMEONE}`;
    case "sexual":
      return (
        `${NOT_SENT[where]} because it isn't right for school. Please ${INSTEAD[where]} instead. ` +
        "If something you've seen or heard has worried you, talk to a grown-up you trust."
      );
    case "threat_violence":
      return `${NOT_SENT[where]} because it sounds like a threat to hurt someone. Please ${INSTEAD[where]} instead. ${TALK_TO_SOMEONE}`;
    case "swearing_mild":
      return `${NOT_SENT[where]} because it has a rude word in it. Could you say it another way? Then try again.`;
    case "swearing_strong":
      return `${NOT_SENT[where]} because it has swearing in it, which isn't right for school. Please say it without the swear words.`;
    default:
      // A risk to the child is answered with SUPPORT_REPLY (flaggedMessage); this is never reached.
      return SUPPORT_REPLY;
  }
}

/**
 * What the student is told when their text is stopped (it was not sent): a kind reason and a next
 * step, with the warning while strikes count towards a block. A child at risk gets SUPPORT_REPLY.
 */
export function flaggedMessage(category: ModerationCategory, warn: boolean, where: RefusedText = "chat"): string {
  if (isRiskCategory(category)) {
    return SUPPORT_REPLY;
  }
  return refusal(category, where) + (warn ? REPEAT_WARNING : "");
}

export const NAME_CONTACT_MESSAGE =
  "Names can't include contact details such as a phone number, an email or an address.";
export const NAME_UNKIND_MESSAGE =
  "Please choose another name: other students see it, so it needs to be kind and suitable for school.";

// What no name needs and every contact detail has: five digits in a row (a phone number, however
// spaced), an @, a web address.
const CONTACT_IN_NAME = /(?:\d[\s().+-]{0,2}){5}|@|https?:|www\.|\.(?:com|co\.uk|org|net|uk)\b/i;

export type ScreenContext = "chat" | "review" | "check";

export type ScreenOutcome =
  | { kind: "clear"; verdict: Verdict }
  /** Risk to the child: urgent alert sent, no strike. */
  | { kind: "risk"; verdict: Verdict }
  /** Low (mild swearing, a personal detail): refused with a gentle reminder, no strike. */
  | { kind: "notice"; verdict: Verdict }
  /** Harmful: a strike recorded (and the account is now blocked when `blocked`). */
  | { kind: "strike"; verdict: Verdict; strikeCount: number; blocked: boolean }
  /** Harmful text from a teacher or admin, or from an account already blocked: refused, not counted. */
  | { kind: "refused"; verdict: Verdict };

export function createModerationService(deps: {
  prisma: PrismaClient;
  pubsub: AppPubSub;
  classifier: Classifier;
  strikesToBlock: number;
  logger: Logger;
  /** E-mails an urgent alert to the school's safeguarding contacts, in the background (safeguarding module). */
  notifyUrgent?: (eventId: string) => void;
  /** Told after a strike, block or unblock commits: sessions held of the account are dropped. */
  accounts: Pick<AccountChanges, "changed">;
}) {
  const { prisma, pubsub } = deps;
  // The classifier's first call compiles its patterns (a few hundred ms): pay that at start, not on a
  // child's first message.
  deps.classifier.classifyFast("warm up");

  function publishAlert(schoolId: string | null, alert: ModerationAlertPayload) {
    if (schoolId) {
      pubsub.publish(Topics.moderationAlert, schoolId, alert);
    }
    pubsub.publish(Topics.moderationAlert, ALL_SCHOOLS, alert);
  }

  async function bookTitle(bookId: string | undefined): Promise<string | null> {
    if (!bookId) {
      return null;
    }
    const book = await prisma.book.findUnique({ where: { id: bookId }, select: { title: true } });
    return book?.title ?? null;
  }

  return {
    classifier: deps.classifier,

    /**
     * Whether the AI's reply may reach a child: the rules only (the model learnt from children's
     * messages, not from an AI quoting a book). A phone number (Childline's, say) is fine, and so is
     * an old book's mild oath; other harm is not.
     */
    replyIsSafe(text: string): boolean {
      const verdict = classifyRules(text);
      return !verdict.flagged || verdict.category === "personal_details" || verdict.severity === "low";
    },

    /**
     * Why a display name (seen by schoolmates on every review) cannot be used, or undefined. The same
     * classifier as chat messages, plus contact details that a name never needs. No strike: a name is
     * checked before there is an account, and an admin's edit is not the child's doing.
     */
    async displayNameProblem(name: string): Promise<string | undefined> {
      if (CONTACT_IN_NAME.test(name)) {
        return NAME_CONTACT_MESSAGE;
      }
      const verdict = await deps.classifier.classify(name);
      if (verdict.category === "personal_details") {
        return NAME_CONTACT_MESSAGE;
      }
      // A concern (the model unsure) does not refuse a name: there is nobody yet for staff to review.
      return verdict.flagged ? NAME_UNKIND_MESSAGE : undefined;
    },

    /**
     * Teacher unblock (spec 4, Moderation): strikeCount 0, blocked false, blockedAt and blockReason
     * null, recorded with the teacher. A teacher acts only on students of their own school (anyone
     * else is "not found", so nothing leaks); an admin on any student.
     */
    async unblock(props: { actor: Actor; userId: unknown }): Promise<UserPayload> {
      const { actor } = props;
      if (actor.role !== "teacher" && actor.role !== "admin") {
        throw forbidden();
      }
      if (actor.role === "teacher" && !actor.schoolId) {
        throw notFound(NO_SCHOOL_MESSAGE);
      }
      const userId = typeof props.userId === "string" && props.userId.length <= 100 ? props.userId : "";
      const user = await prisma.$transaction(async (tx) => {
        const target = userId
          ? await tx.user.findUnique({ where: { id: userId }, select: { role: true, schoolId: true } })
          : null;
        if (!target || target.role !== "student" || (actor.role === "teacher" && target.schoolId !== actor.schoolId)) {
          throw notFound(STUDENT_NOT_FOUND_MESSAGE);
        }
        const updated = await tx.user.update({
          where: { id: userId },
          data: { strikeCount: 0, blocked: false, blockedAt: null, blockReason: null },
          include: withSchool,
        });
        const event = await tx.moderationEvent.create({
          data: {
            type: "unblock",
            userId,
            schoolId: updated.schoolId,
            actorId: actor.id,
            reason: `Unblocked and strikes reset by ${actor.displayName}`,
          },
        });
        return { updated, event };
      });
      deps.accounts.changed(userId);
      const payload = presentUser(user.updated);
      pubsub.publish(Topics.accountUpdated, userId, payload);
      publishAlert(user.updated.schoolId, presentModerationEvent(user.event, user.updated, null));
      deps.logger.info({ userId, actorId: actor.id }, "student unblocked");
      return payload;
    },

    /**
     * Judges a student's text and records what follows (strike, block, alerts). The caller refuses the
     * text unless the outcome is "clear"; "risk" texts are answered with SUPPORT_REPLY, not by the AI.
     */
    async screen(props: {
      actor: Actor;
      text: string;
      context: ScreenContext;
      chatId?: string;
      bookId?: string;
      /** The student's earlier messages in the chat, oldest first (disclosures build up). */
      history?: readonly string[];
      /** A verdict already reached (the chat runs the AI judge beside the answer). */
      verdict?: Verdict;
    }): Promise<ScreenOutcome> {
      const verdict = props.verdict ?? (await deps.classifier.classify(props.text, { context: props.history ?? [] }));
      const { actor } = props;
      const where = props.context === "review" ? "a review" : props.context === "chat" ? "a chat message" : "a message";
      const base = {
        userId: actor.id,
        schoolId: actor.schoolId,
        messageExcerpt: props.text.slice(0, EXCERPT_LENGTH),
        chatId: props.chatId ?? null,
        bookId: props.bookId ?? null,
      };
      /** A 'Possible concern - please review' for staff: no strike, nothing said to the child. */
      const raiseConcern = async (category: ModerationCategory, reason: string) => {
        if (actor.role !== "student") {
          return;
        }
        const event = await prisma.moderationEvent.create({
          data: { ...base, type: "concern", category, reason: `${CONCERN_LABEL} in ${where}: ${reason}` },
        });
        publishAlert(actor.schoolId, presentModerationEvent(event, actor, await bookTitle(props.bookId)));
      };

      if (!verdict.flagged) {
        if (verdict.concern) {
          await raiseConcern(verdict.concern.category, verdict.concern.reason);
        }
        return { kind: "clear", verdict };
      }
      const title = await bookTitle(props.bookId);
      const label = CATEGORY_INFO[verdict.category].label;

      if (verdict.severity === "urgent") {
        // Alerts are about the school's children: a staff member's text gets the same kind reply, and
        // no alert that no teacher's panel could list or review.
        if (actor.role !== "student") {
          return { kind: "risk", verdict };
        }
        const event = await prisma.moderationEvent.create({
          data: {
            ...base,
            category: verdict.category,
            type: "alert",
            severity: "urgent",
            reason: `${label} in ${where}: ${verdict.reason}`,
          },
        });
        deps.logger.warn({ userId: actor.id, eventId: event.id }, "urgent safeguarding alert");
        publishAlert(actor.schoolId, presentModerationEvent(event, actor, title));
        deps.notifyUrgent?.(event.id);
        return { kind: "risk", verdict };
      }

      if (verdict.severity === "low") {
        if (verdict.category === "personal_details") {
          await raiseConcern(verdict.category, `${label}: ${verdict.reason}`);
        }
        return { kind: "notice", verdict };
      }

      if (actor.role !== "student") {
        return { kind: "refused", verdict };
      }

      // The user row is locked so two flagged messages at once count as two strikes.
      const result = await prisma.$transaction(async (tx) => {
        const [current] = await tx.$queryRaw<{ strikeCount: number; blocked: boolean }[]>`
          SELECT "strikeCount", "blocked" FROM "User" WHERE id = ${actor.id} FOR UPDATE`;
        if (!current || current.blocked) {
          return null;
        }
        const strikeCount = current.strikeCount + 1;
        const blocks = strikeCount >= deps.strikesToBlock;
        const reason = `${label} in ${where}: ${verdict.reason}`;
        const user = await tx.user.update({
          where: { id: actor.id },
          data: {
            strikeCount,
            ...(blocks ? { blocked: true, blockedAt: new Date(), blockReason: "Repeated harmful content" } : {}),
          },
          include: withSchool,
        });
        const events = [
          await tx.moderationEvent.create({ data: { ...base, category: verdict.category, type: "strike", reason } }),
        ];
        if (blocks) {
          events.push(
            await tx.moderationEvent.create({
              data: {
                ...base,
                category: verdict.category,
                type: "block",
                reason: `Account restricted after ${strikeCount} strikes (latest: ${label})`,
              },
            }),
          );
        }
        return { user, events, blocks };
      });
      if (!result) {
        return { kind: "refused", verdict };
      }
      const { user, events, blocks } = result;
      deps.accounts.changed(user.id);
      for (const event of events) {
        publishAlert(user.schoolId, presentModerationEvent(event, user, title));
      }
      pubsub.publish(Topics.accountUpdated, user.id, presentUser(user));
      if (blocks) {
        deps.logger.warn({ userId: user.id }, "account blocked after repeated harmful content");
        pubsub.publish(Topics.sessionsRevoked, { userId: user.id, reason: "Account restricted" });
      }
      return { kind: "strike", verdict, strikeCount: user.strikeCount, blocked: blocks };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
