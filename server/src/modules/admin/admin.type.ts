import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { BookCategory } from "../../generated/prisma/enums.js";
import { Book } from "../books/book.type.js";
import { User } from "../users/user.type.js";

@ObjectType({ description: "How much students have used a book" })
export class BookUsage {
  @Field(() => Int, { description: "Students with a reading record" })
  readers!: number;

  @Field(() => Int)
  reviews!: number;

  @Field(() => Int)
  chats!: number;
}

@ObjectType({ description: "A book as the admin's catalogue shows it (any status)" })
export class AdminBook extends Book {
  @Field(() => Boolean, { description: "Held by every school; otherwise by schoolIds" })
  allSchools!: boolean;

  @Field(() => [ID])
  schoolIds!: string[];

  @Field(() => Int, { nullable: true, description: "Size of the text in bytes; null without text" })
  textSizeBytes!: number | null;

  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => BookUsage)
  usage!: BookUsage;
}

@ObjectType()
export class AdminBookPage {
  @Field(() => [AdminBook])
  items!: AdminBook[];

  @Field(() => Int)
  totalCount!: number;

  @Field(() => Int, { nullable: true, description: "Pass as `offset` for the next page; null at the end" })
  nextOffset!: number | null;
}

@InputType({ description: "The Add / Edit book form (title and author required)" })
export class BookInput {
  @Field(() => String)
  title!: string;

  @Field(() => String)
  author!: string;

  @Field(() => BookCategory, { nullable: true, description: "Default primary" })
  category?: BookCategory | null;

  @Field(() => String, { nullable: true, description: "Default fiction" })
  genre?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => [String], { nullable: true })
  characterList?: string[] | null;

  @Field(() => Int, { nullable: true })
  publishedYear?: number | null;

  @Field(() => Int, { nullable: true })
  pages?: number | null;

  @Field(() => Boolean, { nullable: true, description: "Default true: every school holds it" })
  allSchools?: boolean | null;

  @Field(() => [ID], { nullable: true, description: "The schools holding it when allSchools is false" })
  schoolIds?: string[] | null;
}

export enum DeleteOutcome {
  deleted = "deleted",
  archived = "archived",
}
registerEnumType(DeleteOutcome, {
  name: "DeleteOutcome",
  description: "deleted: gone with everything it had; archived: used by students, hidden and kept",
});

@ObjectType()
export class DeleteBookResult {
  @Field(() => DeleteOutcome)
  outcome!: DeleteOutcome;

  @Field(() => ID)
  bookId!: string;

  @Field(() => AdminBook, { nullable: true, description: "The archived book; null when deleted" })
  book!: AdminBook | null;
}

@ObjectType({ description: "An account as the admin's user list shows it" })
export class AdminUser extends User {
  @Field(() => Date, { nullable: true, description: "When the user last used the service (to within minutes)" })
  lastActiveAt!: Date | null;
}

@ObjectType()
export class UserPage {
  @Field(() => [AdminUser])
  items!: AdminUser[];

  @Field(() => Int)
  totalCount!: number;

  @Field(() => Int, { nullable: true })
  nextOffset!: number | null;
}

@ObjectType({ description: "The admin dashboard's numbers" })
export class AdminOverview {
  @Field(() => Int)
  totalUsers!: number;

  @Field(() => Int)
  students!: number;

  @Field(() => Int)
  teachers!: number;

  @Field(() => Int)
  admins!: number;

  @Field(() => Int)
  totalBooks!: number;

  @Field(() => Int)
  publishedBooks!: number;

  @Field(() => Int)
  draftBooks!: number;

  @Field(() => Int, { description: "Users active in the last 7 days" })
  activeUsers!: number;

  @Field(() => Int, { description: "Safeguarding alerts no teacher has marked reviewed" })
  openAlerts!: number;
}

export enum ActivityKindValue {
  registration = "registration",
  bookPublished = "bookPublished",
  review = "review",
  moderation = "moderation",
  admin = "admin",
}
registerEnumType(ActivityKindValue, { name: "ActivityKind" });

@ObjectType()
export class ActivityItem {
  @Field(() => ID)
  id!: string;

  @Field(() => ActivityKindValue)
  kind!: ActivityKindValue;

  @Field(() => String)
  summary!: string;

  @Field(() => String, { nullable: true, description: "Who did it, for admin and moderation actions" })
  actorName!: string | null;

  @Field(() => Boolean)
  urgent!: boolean;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class ActivityPage {
  @Field(() => [ActivityItem])
  items!: ActivityItem[];

  @Field(() => String, { nullable: true, description: "Pass as `before` for older activity; null at the end" })
  nextBefore!: string | null;
}

@ObjectType({ description: "One school's (or every school's) figures over the report's dates" })
export class ReportSchoolRow {
  @Field(() => ID, { nullable: true })
  schoolId!: string | null;

  @Field(() => String)
  schoolName!: string;

  @Field(() => Int)
  students!: number;

  @Field(() => Int, { description: "Students who read or chatted in the range" })
  activeStudents!: number;

  @Field(() => Int)
  booksRead!: number;

  @Field(() => Int)
  readingMinutes!: number;

  @Field(() => Int, { description: "Chats with a student message in the range" })
  chats!: number;

  @Field(() => Int)
  studentMessages!: number;

  @Field(() => Int, { description: "Strikes, blocks and alerts" })
  moderationEvents!: number;
}

@ObjectType()
export class ReportBook {
  @Field(() => ID)
  bookId!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  author!: string;

  @Field(() => Int)
  reads!: number;
}

@ObjectType()
export class ReportRatedBook {
  @Field(() => ID)
  bookId!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  author!: string;

  @Field(() => Float)
  averageRating!: number;

  @Field(() => Int)
  reviews!: number;
}

@ObjectType()
export class ReportModerationRow {
  @Field(() => String, { description: "strike, block, unblock or alert" })
  type!: string;

  @Field(() => String, { description: "Empty when the event has none" })
  category!: string;

  @Field(() => String)
  severity!: string;

  @Field(() => Int)
  count!: number;
}

@ObjectType()
export class ReportWeek {
  @Field(() => String, { description: "The week's Monday (London), YYYY-MM-DD" })
  weekStart!: string;

  @Field(() => Int)
  booksRead!: number;
}

@ObjectType()
export class AdminReport {
  @Field(() => String)
  from!: string;

  @Field(() => String)
  to!: string;

  @Field(() => ID, { nullable: true })
  schoolId!: string | null;

  @Field(() => ReportSchoolRow)
  overall!: ReportSchoolRow;

  @Field(() => [ReportSchoolRow])
  schools!: ReportSchoolRow[];

  @Field(() => [ReportBook])
  mostRead!: ReportBook[];

  @Field(() => [ReportRatedBook])
  bestRated!: ReportRatedBook[];

  @Field(() => [ReportModerationRow])
  moderation!: ReportModerationRow[];

  @Field(() => [ReportWeek])
  weekly!: ReportWeek[];
}
