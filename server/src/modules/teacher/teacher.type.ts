import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { UserStatus } from "../../generated/prisma/enums.js";
import { ModerationAlert } from "../moderation/moderation.type.js";
import { School } from "../schools/school.resolver.js";
import { Moderation } from "../users/user.type.js";

export enum StudentSortOrder {
  name = "name",
  booksRead = "booksRead",
  lastActive = "lastActive",
}

registerEnumType(StudentSortOrder, {
  name: "StudentSort",
  description:
    "Blocked students first, then by strikes (most first); then name: A to Z; booksRead: most first; lastActive: most recent first",
});

@ObjectType({ description: "A book a student has marked read" })
export class ReadBook {
  @Field(() => ID)
  bookId!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  author!: string;

  @Field(() => Date, { nullable: true, description: "Null: shown as 'Unknown'" })
  lastReadAt!: Date | null;
}

@ObjectType({ description: "A student as their teacher's dashboard shows them" })
export class SchoolStudent {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String)
  email!: string;

  @Field(() => UserStatus)
  status!: UserStatus;

  @Field(() => Date, { nullable: true })
  lastActiveAt!: Date | null;

  @Field(() => Moderation)
  moderation!: Moderation;

  @Field(() => Int)
  booksReadCount!: number;

  @Field(() => Int, { description: "Reading time of the books read, in minutes" })
  readingMinutes!: number;

  @Field(() => [ReadBook], { description: "Most recently read first" })
  booksRead!: ReadBook[];

  @Field(() => Int)
  chatCount!: number;

  @Field(() => Int)
  messageCount!: number;

  @Field(() => Date, { nullable: true })
  lastChatAt!: Date | null;
}

@ObjectType({ description: "The teacher dashboard in one round trip" })
export class TeacherDashboard {
  @Field(() => School)
  school!: School;

  @Field(() => Int, { description: "Every student of the school" })
  totalStudents!: number;

  @Field(() => Int, { description: "Students matching the search" })
  matchingStudents!: number;

  @Field(() => [SchoolStudent])
  students!: SchoolStudent[];

  @Field(() => Int, { nullable: true, description: "Pass as offset for the next page; null on the last" })
  nextOffset!: number | null;

  @Field(() => [ModerationAlert], { description: "Safeguarding events not yet reviewed, urgent first" })
  alerts!: ModerationAlert[];

  @Field(() => Int)
  openAlertCount!: number;
}

@ObjectType({ description: "A chat in a teacher's list (spec: Teacher chat list item)" })
export class TeacherChat {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  userId!: string;

  @Field(() => String)
  studentDisplayName!: string;

  @Field(() => ID)
  bookId!: string;

  @Field(() => String)
  bookTitle!: string;

  @Field(() => String, { nullable: true })
  characterName!: string | null;

  @Field(() => Int)
  messageCount!: number;

  @Field(() => Date)
  lastUpdated!: Date;

  @Field(() => String, {
    nullable: true,
    description:
      "What the student asked, in one line (e.g. 'Asked why Toad went to prison; confused about who Badger is'), " +
      "updated as the chat grows; null for an empty chat. Never from a message safeguarding refused or withheld.",
  })
  summary!: string | null;
}

@ObjectType()
export class TeacherChatPage {
  @Field(() => [TeacherChat])
  items!: TeacherChat[];

  @Field(() => String, { nullable: true, description: "Pass as cursor for the next page; null on the last" })
  nextCursor!: string | null;
}

@ObjectType({ description: "A student of the school sent a chat message" })
export class SchoolActivity {
  @Field(() => TeacherChat)
  chat!: TeacherChat;

  @Field(() => Int)
  studentChatCount!: number;

  @Field(() => Int)
  studentMessageCount!: number;
}
