import { and, eq, sql } from 'drizzle-orm';
import { isRoleName, type RoleName, type SessionUser } from '../../../src/domain';
import type { Database } from '../client';
import { companies, roles, userGroups, users } from '../schema';

/** A user with its role name and company name resolved. */
export interface UserRecord {
  id: string;
  email: string;
  fullName: string;
  passwordHash: string;
  roleId: string;
  role: RoleName;
  companyId: string | null;
  companyName: string | null;
  /** False when the user's company is inactive: they may not sign in (Super and Sub Admin have none: true). */
  companyActive: boolean;
  enabledEmailSchedule: boolean;
  isFirstLogin: boolean;
  isDeleted: boolean;
  isBlocked: boolean;
  failedLogins: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  email: string;
  fullName: string;
  passwordHash: string;
  role: RoleName;
  companyId: string | null;
  isFirstLogin?: boolean;
  enabledEmailSchedule?: boolean;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const columns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  passwordHash: users.passwordHash,
  roleId: users.roleId,
  role: roles.name,
  companyId: users.companyId,
  companyName: companies.name,
  companyActive: sql<boolean>`coalesce(${companies.status} = 'active', true)`,
  enabledEmailSchedule: users.enabledEmailSchedule,
  isFirstLogin: users.isFirstLogin,
  isDeleted: users.isDeleted,
  isBlocked: users.isBlocked,
  failedLogins: users.failedLogins,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type Selected = Omit<UserRecord, 'role'> & { role: string };

function toRecord(row: Selected): UserRecord {
  if (!isRoleName(row.role)) throw new Error(`User ${row.id} has an unknown role "${row.role}"`);
  return { ...row, role: row.role };
}

export function createUsersRepository(db: Database, events: { userChanged?: (userId: string) => void } = {}) {
  const select = () =>
    db
      .select(columns)
      .from(users)
      .innerJoin(roles, eq(users.roleId, roles.id))
      .leftJoin(companies, eq(users.companyId, companies.id));

  async function findById(id: string): Promise<UserRecord | undefined> {
    const [row] = await select().where(eq(users.id, id)).limit(1);
    return row ? toRecord(row) : undefined;
  }

  async function groupIdsOf(userId: string): Promise<string[]> {
    const rows = await db.select({ groupId: userGroups.groupId }).from(userGroups).where(eq(userGroups.userId, userId));
    return rows.map((r) => r.groupId).sort();
  }

  return {
    findById,
    groupIdsOf,

    /** Deleted users are invisible here: they cannot log in or ask for a reset link. */
    async findActiveByEmail(email: string): Promise<UserRecord | undefined> {
      const [row] = await select()
        .where(and(eq(users.email, normalizeEmail(email)), eq(users.isDeleted, false)))
        .limit(1);
      return row ? toRecord(row) : undefined;
    },

    async toSessionUser(user: UserRecord): Promise<SessionUser> {
      return {
        id: user.id,
        role: user.role,
        roleId: user.roleId,
        email: user.email,
        companyId: user.companyId,
        companyName: user.companyName,
        fullName: user.fullName,
        enabledEmailSchedule: user.enabledEmailSchedule,
        associatedToGroups: await groupIdsOf(user.id),
      };
    },

    async create(input: NewUser): Promise<UserRecord> {
      const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.role)).limit(1);
      if (!role) throw new Error(`Role "${input.role}" is not seeded`);
      const [created] = await db
        .insert(users)
        .values({
          email: normalizeEmail(input.email),
          fullName: input.fullName,
          passwordHash: input.passwordHash,
          roleId: role.id,
          companyId: input.companyId,
          isFirstLogin: input.isFirstLogin ?? true,
          enabledEmailSchedule: input.enabledEmailSchedule ?? false,
        })
        .returning({ id: users.id });
      const record = await findById(created.id);
      if (!record) throw new Error('The created user vanished');
      return record;
    },

    async updateProfile(id: string, changes: { fullName: string }): Promise<UserRecord | undefined> {
      await db.update(users).set({ fullName: changes.fullName, updatedAt: new Date() }).where(eq(users.id, id));
      events.userChanged?.(id);
      return findById(id);
    },

    async markDeleted(id: string): Promise<void> {
      await db.update(users).set({ isDeleted: true, updatedAt: new Date() }).where(eq(users.id, id));
      events.userChanged?.(id);
    },

    /**
     * Counts a failed login in one statement, so concurrent attempts cannot skip the limit.
     * `justBlocked` is true for exactly the attempt that reached the limit.
     */
    async recordFailedLogin(id: string, limit: number): Promise<{ isBlocked: boolean; justBlocked: boolean }> {
      const [row] = await db
        .update(users)
        .set({
          failedLogins: sql`${users.failedLogins} + 1`,
          isBlocked: sql`${users.isBlocked} or ${users.failedLogins} + 1 >= ${limit}`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning({ failedLogins: users.failedLogins, isBlocked: users.isBlocked });
      if (!row) return { isBlocked: false, justBlocked: false };
      return { isBlocked: row.isBlocked, justBlocked: row.isBlocked && row.failedLogins === limit };
    },

    async recordSuccessfulLogin(id: string): Promise<void> {
      await db
        .update(users)
        .set({ failedLogins: 0 })
        .where(and(eq(users.id, id), sql`${users.failedLogins} <> 0`));
    },

    /** A new password ends the first-login state; through a reset link it also unblocks. */
    async setPassword(id: string, passwordHash: string, options: { unblock: boolean }): Promise<void> {
      await db
        .update(users)
        .set({
          passwordHash,
          isFirstLogin: false,
          updatedAt: new Date(),
          ...(options.unblock ? { isBlocked: false, failedLogins: 0 } : {}),
        })
        .where(eq(users.id, id));
      events.userChanged?.(id);
    },

    async existsWithRole(role: RoleName): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(roles, eq(users.roleId, roles.id))
        .where(and(eq(roles.name, role), eq(users.isDeleted, false)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
