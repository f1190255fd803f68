import type { Role, School, User, UserStatus } from "../../generated/prisma/client.js";

/** The user as both transports show it (spec section 3), never with secrets. */
export type UserPayload = {
  uid: string;
  displayName: string;
  email: string;
  role: Role;
  school: string | null;
  status: UserStatus;
  createdAt: Date;
  moderation: {
    strikeCount: number;
    blocked: boolean;
    blockedAt: Date | null;
    blockReason: string | null;
  };
};

export type UserWithSchool = User & { school: School | null };

export const withSchool = { school: true } as const;

export function presentUser(user: UserWithSchool): UserPayload {
  return {
    uid: user.id,
    displayName: user.displayName,
    email: user.email,
    role: user.role,
    school: user.school?.name ?? null,
    status: user.status,
    createdAt: user.createdAt,
    moderation: {
      strikeCount: user.strikeCount,
      blocked: user.blocked,
      blockedAt: user.blockedAt,
      blockReason: user.blockReason,
    },
  };
}
