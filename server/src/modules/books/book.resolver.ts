import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { requireRole } from "../../graphql/auth-checker.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { BookCategory } from "../../generated/prisma/enums.js";
import type { BookPagePayload, BookPayload, DashboardPayload, ReadingPayload, ReviewPayload } from "./book.service.js";
import { Book, BookPage, BookSortOrder, Dashboard, Reading, Review } from "./book.type.js";

@Authorized()
@Resolver(() => Book)
export class BookResolver {
  @Query(() => BookPage, { description: "Explore Books: the books the signed-in user may see" })
  books(
    @Ctx() ctx: GraphQLContext,
    @Arg("search", () => String, { nullable: true }) search?: string | null,
    @Arg("category", () => BookCategory, { nullable: true }) category?: BookCategory | null,
    @Arg("genre", () => String, { nullable: true }) genre?: string | null,
    @Arg("first", () => Int, { nullable: true }) first?: number | null,
    @Arg("after", () => String, { nullable: true }) after?: string | null,
    @Arg("sort", () => BookSortOrder, { nullable: true }) sort?: BookSortOrder | null,
  ): Promise<BookPagePayload> {
    return ctx.services.books.listBooks({ actor: requireRole(ctx), search, category, genre, sort, first, after });
  }

  @Query(() => [String], { description: "The genres that exist among the visible books" })
  bookGenres(@Ctx() ctx: GraphQLContext): Promise<string[]> {
    return ctx.services.books.listGenres(requireRole(ctx));
  }

  @Query(() => Book)
  book(@Arg("id", () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<BookPayload> {
    return ctx.services.books.getBook({ actor: requireRole(ctx), bookId: id });
  }

  @Query(() => [Review], { description: "Reviews of the book by students of the user's school, newest first" })
  bookReviews(@Arg("bookId", () => ID) bookId: string, @Ctx() ctx: GraphQLContext): Promise<ReviewPayload[]> {
    return ctx.services.books.listReviews({ actor: requireRole(ctx), bookId });
  }

  @Query(() => Review, { nullable: true, description: "The signed-in student's own review of the book" })
  myReview(@Arg("bookId", () => ID) bookId: string, @Ctx() ctx: GraphQLContext): Promise<ReviewPayload | null> {
    return ctx.services.books.myReview({ actor: requireRole(ctx), bookId });
  }

  @Query(() => Dashboard, { description: "Everything the dashboard shows, in one round trip" })
  dashboard(@Ctx() ctx: GraphQLContext): Promise<DashboardPayload> {
    return ctx.services.books.dashboard(requireRole(ctx));
  }

  @Mutation(() => Reading, { description: "The 'Mark as read' checkbox" })
  setBookRead(
    @Arg("bookId", () => ID) bookId: string,
    @Arg("read", () => Boolean) read: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReadingPayload> {
    return ctx.services.books.setRead({ actor: requireRole(ctx), bookId, read });
  }

  @Mutation(() => Review, { description: "Writes (or replaces) the student's review of the book" })
  submitReview(
    @Arg("bookId", () => ID) bookId: string,
    @Arg("rating", () => Int, { defaultValue: 5 }) rating: number,
    @Arg("reviewText", () => String) reviewText: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReviewPayload> {
    return ctx.services.books.submitReview({ actor: requireRole(ctx), bookId, input: { rating, reviewText } });
  }
}
