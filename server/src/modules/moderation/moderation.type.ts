import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { ModerationEventType, ModerationSeverity } from "../../generated/prisma/enums.js";

registerEnumType(ModerationEventType, { name: "ModerationEventType" });
registerEnumType(ModerationSeverity, { name: "ModerationEventSeverity" });

@ObjectType({ description: "The classifier's verdict (POST /api/chat/moderate)" })
export class ModerationVerdict {
  @Field(() => Boolean)
  flagged!: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      "A category of the safeguarding taxonomy: risk_self_harm, risk_abuse, risk_grooming, risk_forced_marriage_fgm, " +
      "risk_running_away, risk_radicalisation, threat_violence, bullying_hate, sexual, personal_details, swearing_mild " +
      "or swearing_strong",
  })
  category!: string | null;

  @Field(() => String, { description: "none, low, high or urgent (urgent: risk to the child)" })
  severity!: string;
}

@ObjectType({ description: "A safeguarding event: a strike, a block, an unblock or a risk-to-child alert" })
export class ModerationAlert {
  @Field(() => ID)
  id!: string;

  @Field(() => ModerationEventType)
  type!: ModerationEventType;

  @Field(() => ModerationSeverity)
  severity!: ModerationSeverity;

  @Field(() => String, { nullable: true })
  category!: string | null;

  @Field(() => String)
  reason!: string;

  @Field(() => String, { nullable: true, description: "What the student wrote" })
  messageExcerpt!: string | null;

  @Field(() => ID)
  studentId!: string;

  @Field(() => String)
  studentDisplayName!: string;

  @Field(() => ID, { nullable: true })
  chatId!: string | null;

  @Field(() => ID, { nullable: true })
  bookId!: string | null;

  @Field(() => String, { nullable: true })
  bookTitle!: string | null;

  @Field(() => Int)
  strikeCount!: number;

  @Field(() => Boolean)
  blocked!: boolean;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: "When a teacher marked it reviewed" })
  reviewedAt!: Date | null;

  @Field(() => String, { nullable: true, description: "Who marked it reviewed" })
  reviewedByName!: string | null;
}
