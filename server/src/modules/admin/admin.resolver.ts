import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { BookStatus, Role, UserStatus } from "../../generated/prisma/enums.js";
import { requireRole } from "../../graphql/auth-checker.js";
import type { GraphQLContext } from "../../graphql/context.js";
import type { UserPayload } from "../users/user.presenter.js";
import { User } from "../users/user.type.js";
import type { AdminBookPagePayload, AdminBookPayload, DeleteBookPayload } from "./admin-books.service.js";
import type { ActivityPagePayload, AdminOverviewPayload, ReportPayload } from "./admin-insights.service.js";
import {
  ActivityPage,
  AdminBook,
  AdminBookPage,
  AdminOverview,
  AdminReport,
  BookInput,
  DeleteBookResult,
  UserPage,
} from "./admin.type.js";
import type { UserPagePayload } from "../users/user.service.js";

// Admin only. The decorator refuses other roles early; each service checks again (the rule's home).

@Authorized("admin")
@Resolver()
export class AdminResolver {
  @Query(() => AdminOverview, { description: "The admin dashboard's numbers" })
  adminOverview(@Ctx() ctx: GraphQLContext): Promise<AdminOverviewPayload> {
    return ctx.services.adminInsights.overview(requireRole(ctx));
  }

  @Query(() => ActivityPage, { description: "Registrations, reviews, moderation and admin actions, newest first" })
  adminActivity(
    @Ctx() ctx: GraphQLContext,
    @Arg("before", () => String, { nullable: true, description: "A nextBefore from the page before" })
    before?: string | null,
    @Arg("limit", () => Int, { nullable: true }) limit?: number | null,
  ): Promise<ActivityPagePayload> {
    return ctx.services.adminInsights.activity({ actor: requireRole(ctx), before, limit });
  }

  @Query(() => AdminReport, { description: "Reading, chats and safeguarding over London days from..to (inclusive)" })
  adminReport(
    @Ctx() ctx: GraphQLContext,
    @Arg("from", () => String, { nullable: true, description: "YYYY-MM-DD; default 29 days before `to`" })
    from?: string | null,
    @Arg("to", () => String, { nullable: true, description: "YYYY-MM-DD; default today" }) to?: string | null,
    @Arg("schoolId", () => ID, { nullable: true }) schoolId?: string | null,
  ): Promise<ReportPayload> {
    return ctx.services.adminInsights.report({ actor: requireRole(ctx), from, to, schoolId });
  }

  @Query(() => AdminBookPage, { description: "Every book in any status, by title" })
  adminBooks(
    @Ctx() ctx: GraphQLContext,
    @Arg("search", () => String, { nullable: true, description: "Title or author" }) search?: string | null,
    @Arg("status", () => BookStatus, { nullable: true }) status?: BookStatus | null,
    @Arg("offset", () => Int, { nullable: true }) offset?: number | null,
    @Arg("limit", () => Int, { nullable: true }) limit?: number | null,
  ): Promise<AdminBookPagePayload> {
    return ctx.services.adminBooks.listBooks({ actor: requireRole(ctx), search, status, offset, limit });
  }

  @Query(() => AdminBook)
  adminBook(@Arg("id", () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<AdminBookPayload> {
    return ctx.services.adminBooks.getBook({ actor: requireRole(ctx), bookId: id });
  }

  @Query(() => [AdminBook], {
    description:
      "Books in any status with this title and author, ignoring letter case and spaces: 'Add New Book' asks before adding another",
  })
  similarBooks(
    @Arg("title", () => String) title: string,
    @Arg("author", () => String) author: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AdminBookPayload[]> {
    return ctx.services.adminBooks.findSimilarBooks({ actor: requireRole(ctx), title, author });
  }

  @Mutation(() => AdminBook, { description: "'Add New Book': a draft until it has a cover and text and is published" })
  createBook(@Arg("input", () => BookInput) input: BookInput, @Ctx() ctx: GraphQLContext): Promise<AdminBookPayload> {
    return ctx.services.adminBooks.createBook({ actor: requireRole(ctx), input: { ...input } });
  }

  @Mutation(() => AdminBook)
  updateBook(
    @Arg("id", () => ID) id: string,
    @Arg("input", () => BookInput) input: BookInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AdminBookPayload> {
    return ctx.services.adminBooks.updateBook({ actor: requireRole(ctx), bookId: id, input: { ...input } });
  }

  @Mutation(() => AdminBook, {
    description: "The book's text, pasted (a .txt upload goes to PUT /api/admin/books/{id}/text with progress)",
  })
  setBookText(
    @Arg("id", () => ID) id: string,
    @Arg("text", () => String) text: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AdminBookPayload> {
    return ctx.services.adminBooks.setText({ actor: requireRole(ctx), bookId: id, content: text });
  }

  @Mutation(() => AdminBook, { description: "Refused until the book has a cover and its text" })
  publishBook(@Arg("id", () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<AdminBookPayload> {
    return ctx.services.adminBooks.publishBook({ actor: requireRole(ctx), bookId: id });
  }

  @Mutation(() => AdminBook, { description: "Back to draft: hidden from students" })
  unpublishBook(@Arg("id", () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<AdminBookPayload> {
    return ctx.services.adminBooks.unpublishBook({ actor: requireRole(ctx), bookId: id });
  }

  @Mutation(() => DeleteBookResult, {
    description:
      "Deletes an unused book; archives one students have used. permanently: an archived book and all its records",
  })
  deleteBook(
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
    @Arg("permanently", () => Boolean, { nullable: true }) permanently?: boolean | null,
  ): Promise<DeleteBookPayload> {
    return ctx.services.adminBooks.deleteBook({ actor: requireRole(ctx), bookId: id, permanently });
  }

  @Query(() => UserPage, { description: "Every account, by name" })
  adminUsers(
    @Ctx() ctx: GraphQLContext,
    @Arg("search", () => String, { nullable: true, description: "Name or email" }) search?: string | null,
    @Arg("role", () => Role, { nullable: true }) role?: Role | null,
    @Arg("status", () => UserStatus, { nullable: true }) status?: UserStatus | null,
    @Arg("offset", () => Int, { nullable: true }) offset?: number | null,
    @Arg("limit", () => Int, { nullable: true }) limit?: number | null,
  ): Promise<UserPagePayload> {
    return ctx.services.users.listUsers({ actor: requireRole(ctx), search, role, status, offset, limit });
  }

  @Mutation(() => User, { description: "The Edit user form: name, role, status (email cannot change)" })
  updateUser(
    @Arg("id", () => ID) id: string,
    @Ctx() ctx: GraphQLContext,
    @Arg("displayName", () => String, { nullable: true }) displayName?: string | null,
    @Arg("role", () => Role, { nullable: true }) role?: Role | null,
    @Arg("status", () => UserStatus, { nullable: true }) status?: UserStatus | null,
  ): Promise<UserPayload> {
    const input = Object.fromEntries(
      Object.entries({ displayName, role, status }).filter(([, value]) => value !== undefined && value !== null),
    );
    return ctx.services.users.updateUser({ actor: requireRole(ctx), userId: id, input });
  }
}
