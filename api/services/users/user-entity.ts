import { users } from "../../../db/schema/users";
import type { Caller } from "../core/caller";
import { mayChangeAccount } from "../core/permissions";

/** An account as the owner's user list shows it (never a password hash or a secret). */
export interface UserEntity {
  userId: number;
  fullname: string;
  email: string;
  username: string;
  userType: "Student" | "Teacher" | "Admin";
  role_level: number;
  profile: number;
  teacherRequest: "pending" | "refused" | null;
  emailVerified: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Whether the reading owner may change it here: never an owner's account, their own included (target-user.ts). */
  changeable: boolean;
}

/** The explicit column list every user read selects, so nothing else can leak into an answer. */
export const userEntityColumns = {
  userId: users.id,
  fullname: users.fullname,
  email: users.email,
  username: users.username,
  userType: users.userType,
  role_level: users.roleLevel,
  profile: users.profile,
  teacherRequest: users.teacherRequest,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
};

export function toUserEntity(reader: Caller, row: Omit<UserEntity, "createdAt" | "changeable"> & { createdAt: Date }): UserEntity {
  return { ...row, createdAt: row.createdAt.getTime(), changeable: mayChangeAccount(reader, { id: row.userId, profile: row.profile }) };
}
