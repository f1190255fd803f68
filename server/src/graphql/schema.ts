import "reflect-metadata";
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from "graphql";
import { buildSchema, type NonEmptyArray } from "type-graphql";
import { AdminResolver } from "../modules/admin/admin.resolver.js";
import { AuthResolver } from "../modules/auth/auth.resolver.js";
import { BookResolver } from "../modules/books/book.resolver.js";
import { ChatResolver } from "../modules/chat/chat.resolver.js";
import { ModerationAlertResolver, ModerationResolver } from "../modules/moderation/moderation.resolver.js";
import { ReaderResolver } from "../modules/reader/reader.resolver.js";
import { ModerationAlertLabelResolver, SafeguardingResolver } from "../modules/safeguarding/safeguarding.resolver.js";
import { SchoolResolver } from "../modules/schools/school.resolver.js";
import { TeacherCodeResolver } from "../modules/schools/teacher-code.resolver.js";
import { TeacherResolver } from "../modules/teacher/teacher.resolver.js";
import { AccountResolver, UserAdminResolver } from "../modules/users/user.resolver.js";
import type { AppPubSub } from "../pubsub/pubsub.js";
import { authChecker } from "./auth-checker.js";

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [
  AuthResolver,
  SchoolResolver,
  AccountResolver,
  UserAdminResolver,
  BookResolver,
  ReaderResolver,
  ChatResolver,
  ModerationResolver,
  ModerationAlertResolver,
  TeacherResolver,
  AdminResolver,
  TeacherCodeResolver,
  SafeguardingResolver,
  ModerationAlertLabelResolver,
];

export function buildGraphQLSchema(pubSub: AppPubSub): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    authChecker,
    authMode: "error",
    pubSub,
    validate: false,
  });
}

/** The SDL committed as schema.graphql: the client's contract. */
export function printSchemaFile(schema: GraphQLSchema): string {
  return `# Generated from the type-graphql resolvers by \`npm run schema:emit\`. Do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`;
}
