import { Field, Float, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { BookCategory, BookStatus } from "../../generated/prisma/enums.js";

registerEnumType(BookCategory, { name: "BookCategory" });
registerEnumType(BookStatus, { name: "BookStatus" });

export enum BookSortOrder {
  title = "title",
  newest = "newest",
  highestRated = "highestRated",
  mostRead = "mostRead",
}

registerEnumType(BookSortOrder, {
  name: "BookSort",
  description:
    "title: A to Z (the default); newest: latest added to the library first; highestRated: best average " +
    "rating from the school's reviews first; mostRead: read by most of the school's students first. " +
    "Books the school has not reviewed (or read) follow, A to Z.",
});

export enum RecommendationReasonKind {
  liked = "liked",
  popularAtSchool = "popularAtSchool",
  newInLibrary = "newInLibrary",
  suggested = "suggested",
}

registerEnumType(RecommendationReasonKind, {
  name: "RecommendationReason",
  description:
    "liked: like a book the student liked (same author, genre and level, or liked by schoolmates who " +
    "liked it); popularAtSchool: read and rated well at the school; newInLibrary: added lately; " +
    "suggested: of the student's reading level",
});

@ObjectType({ description: "A student's reading record of one book (the spec's UserBook)" })
export class Reading {
  @Field(() => ID, { description: "userId_bookId" })
  id!: string;

  @Field(() => ID)
  bookId!: string;

  @Field(() => Boolean)
  read!: boolean;

  @Field(() => Date, { nullable: true })
  lastReadAt!: Date | null;

  @Field(() => Int, { description: "Minutes" })
  readingTime!: number;
}

@ObjectType()
export class Book {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  author!: string;

  @Field(() => BookCategory)
  category!: BookCategory;

  @Field(() => String)
  genre!: string;

  @Field(() => String)
  description!: string;

  @Field(() => [String])
  characterList!: string[];

  @Field(() => Int, { nullable: true })
  publishedYear!: number | null;

  @Field(() => Int, { nullable: true })
  pages!: number | null;

  @Field(() => Int, { nullable: true, description: "Words in the text (the length when pages is not known)" })
  wordCount!: number | null;

  @Field(() => BookStatus)
  status!: BookStatus;

  @Field(() => Boolean)
  hasText!: boolean;

  @Field(() => Boolean)
  hasCover!: boolean;

  @Field(() => String, { nullable: true, description: "Colour to show while the cover loads" })
  coverColor!: string | null;

  @Field(() => String, { nullable: true, description: "Cover at most 300x400" })
  coverUrl!: string | null;

  @Field(() => String, { nullable: true, description: "Cover at most 150x200" })
  coverLowUrl!: string | null;

  @Field(() => String, { nullable: true, description: "Cover at most 600x800 (the upload itself is never served)" })
  coverImageUrl!: string | null;

  @Field(() => String, { nullable: true })
  coverImagePath!: string | null;

  @Field(() => Float, { nullable: true, description: "Average rating to one decimal; null without reviews" })
  averageRating!: number | null;

  @Field(() => Int)
  reviewCount!: number;

  @Field(() => Reading, { nullable: true, description: "The signed-in user's reading record" })
  reading!: Reading | null;
}

@ObjectType()
export class BookPage {
  @Field(() => [Book])
  items!: Book[];

  @Field(() => String, { nullable: true, description: "Pass as `after` for the next page; null at the end" })
  nextCursor!: string | null;

  @Field(() => Int)
  totalCount!: number;
}

@ObjectType()
export class Review {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  bookId!: string;

  @Field(() => Int)
  rating!: number;

  @Field(() => String)
  reviewText!: string;

  @Field(() => String)
  studentDisplayName!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;

  @Field(() => Boolean)
  isMine!: boolean;
}

@ObjectType()
export class RecentBook extends Reading {
  @Field(() => Book)
  book!: Book;
}

@ObjectType({ description: "A recommended book and why" })
export class Recommendation {
  @Field(() => Book)
  book!: Book;

  @Field(() => RecommendationReasonKind)
  reason!: RecommendationReasonKind;

  @Field(() => String, { description: "What the dashboard says, e.g. 'Because you liked Black Beauty'" })
  reasonText!: string;
}

@ObjectType()
export class Dashboard {
  @Field(() => Int)
  booksRead!: number;

  @Field(() => Int, { description: "Minutes: the sum of readingTime over read books" })
  readingTime!: number;

  @Field(() => [RecentBook], { description: "Up to 3 read books, last read first" })
  recentBooks!: RecentBook[];

  @Field(() => [Recommendation], { description: "Up to 3 books the student has not marked read, best first" })
  recommendations!: Recommendation[];
}
