import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import { requireRole } from "../../graphql/auth-checker.js";
import type { GraphQLContext } from "../../graphql/context.js";
import type { ModerationAlertPayload } from "../moderation/moderation.presenter.js";
import { ModerationAlert } from "../moderation/moderation.type.js";
import { eventLabel } from "./alert-labels.js";
import type { SafeguardingContactsPayload } from "./safeguarding-contacts.service.js";
import type { SafeguardingAlertDetailPayload } from "./safeguarding-alerts.service.js";
import { alertQuery, contactsQuery, parseInput, reviewInput, setContactsInput } from "./safeguarding.input.js";
import {
  ReviewSafeguardingAlertsInput,
  SafeguardingAlertDetail,
  SafeguardingContacts,
  SetSafeguardingContactsInput,
} from "./safeguarding.type.js";

@Authorized("teacher", "admin")
@Resolver()
export class SafeguardingResolver {
  @Query(() => SafeguardingContacts, {
    description: "A school's safeguarding lead and deputies (a teacher: their own school; an admin: schoolId's)",
  })
  safeguardingContacts(
    @Ctx() ctx: GraphQLContext,
    @Arg("schoolId", () => ID, { nullable: true }) schoolId?: string | null,
  ): Promise<SafeguardingContactsPayload> {
    const input = parseInput(contactsQuery, { schoolId });
    return ctx.services.safeguarding.contacts({ actor: requireRole(ctx), schoolId: input.schoolId });
  }

  @Query(() => SafeguardingAlertDetail, { description: "One safeguarding alert with its notes (the e-mail's link)" })
  safeguardingAlert(
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SafeguardingAlertDetailPayload> {
    const input = parseInput(alertQuery, { id });
    return ctx.services.safeguarding.alert({ actor: requireRole(ctx), alertId: input.id });
  }

  @Mutation(() => SafeguardingContacts, {
    description: "Names a school's safeguarding lead and deputies (an admin, or the school's lead)",
  })
  setSafeguardingContacts(
    @Arg("input", () => SetSafeguardingContactsInput) raw: SetSafeguardingContactsInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SafeguardingContactsPayload> {
    const input = parseInput(setContactsInput, { ...raw });
    return ctx.services.safeguarding.setContacts({ actor: requireRole(ctx), input });
  }

  @Mutation(() => [SafeguardingAlertDetail], {
    description: "Reviews one or several alerts with one note (who, when and the note are kept)",
  })
  reviewSafeguardingAlerts(
    @Arg("input", () => ReviewSafeguardingAlertsInput) raw: ReviewSafeguardingAlertsInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SafeguardingAlertDetailPayload[]> {
    const input = parseInput(reviewInput, { ...raw });
    return ctx.services.safeguarding.review({ actor: requireRole(ctx), input });
  }
}

/** Every safeguarding event says what it is in a teacher's words, live and in lists. */
@Authorized()
@Resolver(() => ModerationAlert)
export class ModerationAlertLabelResolver {
  @FieldResolver(() => String, {
    description:
      "What the event is: 'Suicide or self-harm', 'Strike: Bullying or hate', 'Possible concern - please review'",
  })
  label(@Root() alert: ModerationAlertPayload): string {
    return eventLabel(alert);
  }
}
