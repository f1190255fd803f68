import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { ModerationAlert } from "../moderation/moderation.type.js";
import { School } from "../schools/school.resolver.js";

// Shapes only: safeguarding.input.ts checks the values (zod), the services decide who may do what.

@ObjectType({ description: "A teacher named as a school's safeguarding lead or deputy, or who could be" })
export class SafeguardingStaff {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  displayName!: string;
}

@ObjectType({
  description: "Who a school's urgent alerts are e-mailed to: its designated safeguarding lead and deputies",
})
export class SafeguardingContacts {
  @Field(() => School)
  school!: School;

  @Field(() => SafeguardingStaff, { nullable: true, description: "The designated safeguarding lead (DSL)" })
  lead!: SafeguardingStaff | null;

  @Field(() => [SafeguardingStaff])
  deputies!: SafeguardingStaff[];

  @Field(() => [SafeguardingStaff], {
    description: "The school's active teachers to choose from (empty unless the caller may change the contacts)",
  })
  candidates!: SafeguardingStaff[];

  @Field(() => Boolean, { description: "Whether the caller may change them: an admin, or the school's lead" })
  canEdit!: boolean;
}

@ObjectType({ description: "What was done about an alert, by whom and when: never changed or removed" })
export class SafeguardingNote {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  authorName!: string;

  @Field(() => String)
  text!: string;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType({ description: "A safeguarding alert with its notes and its e-mails" })
export class SafeguardingAlertDetail {
  @Field(() => ModerationAlert)
  alert!: ModerationAlert;

  @Field(() => String, { nullable: true, description: "The student's school when the alert was raised" })
  schoolName!: string | null;

  @Field(() => [SafeguardingNote], { description: "Oldest first" })
  notes!: SafeguardingNote[];

  @Field(() => Int, { description: "E-mails sent to the school's safeguarding contacts (urgent alerts)" })
  emailsSent!: number;

  @Field(() => Date, { nullable: true })
  lastEmailedAt!: Date | null;
}

@InputType()
export class SetSafeguardingContactsInput {
  @Field(() => ID, { nullable: true, description: "Admins: the school; a teacher: their own (the default)" })
  schoolId?: string | null;

  @Field(() => ID, { nullable: true, description: "The lead; null: none (admins only)" })
  leadId?: string | null;

  @Field(() => [ID])
  deputyIds!: string[];
}

@InputType()
export class ReviewSafeguardingAlertsInput {
  @Field(() => [ID], { description: "One alert or several, reviewed with the same note" })
  ids!: string[];

  @Field(() => String, { description: "What was done (required; kept as an audit trail)" })
  note!: string;
}
