import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { requireRole } from "../../graphql/auth-checker.js";
import type { GraphQLContext } from "../../graphql/context.js";
import type {
  ReaderPartPayload,
  ReaderPayload,
  ReaderPrefs as ReaderPrefsPayload,
  ReadingProgressPayload,
} from "./reader.service.js";
import {
  BookReader,
  ReaderPart,
  ReaderPrefs,
  ReaderPrefsInput,
  ReadingProgress,
  ReadingProgressInput,
} from "./reader.type.js";

@Authorized()
@Resolver()
export class ReaderResolver {
  @Query(() => BookReader, { description: "The reader of a book: chapters, the student's place and settings" })
  bookReader(@Arg("bookId", () => ID) bookId: string, @Ctx() ctx: GraphQLContext): Promise<ReaderPayload> {
    return ctx.services.reader.openReader({ actor: requireRole(ctx), bookId });
  }

  @Query(() => ReaderPart, { description: "One part of a chapter's text" })
  readerPart(
    @Arg("bookId", () => ID) bookId: string,
    @Arg("chapter", () => Int) chapter: number,
    @Arg("part", () => Int) part: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReaderPartPayload> {
    return ctx.services.reader.readPart({ actor: requireRole(ctx), bookId, chapter, part });
  }

  @Mutation(() => ReadingProgress, { description: "Saves the place and furthest point, and adds reading time" })
  saveReadingProgress(
    @Arg("input", () => ReadingProgressInput) input: ReadingProgressInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReadingProgressPayload> {
    return ctx.services.reader.saveProgress({ actor: requireRole(ctx), ...input });
  }

  @Mutation(() => ReaderPrefs, { description: "The reader's settings, remembered for the student" })
  saveReaderPrefs(
    @Arg("input", () => ReaderPrefsInput) input: ReaderPrefsInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ReaderPrefsPayload> {
    return ctx.services.reader.savePrefs({ actor: requireRole(ctx), prefs: { ...input } });
  }
}
