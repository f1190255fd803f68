import type { Role, UserStatus } from "../../../gql/graphql";

export const ROLE_LABELS: Record<Role, string> = { student: "Student", teacher: "Teacher", admin: "Admin" };
export const STATUS_LABELS: Record<UserStatus, string> = { active: "Active", inactive: "Inactive" };
export const ROLES: readonly Role[] = ["student", "teacher", "admin"];
export const STATUSES: readonly UserStatus[] = ["active", "inactive"];
