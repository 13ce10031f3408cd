import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { passwordResets, users } from '../schema';

export function createPasswordResetsRepository(db: Database) {
  return {
    async create(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
    },

    /** The user a still-usable token belongs to (unused, not expired, user not deleted). */
    async findUsable(tokenHash: string): Promise<{ userId: string } | undefined> {
      const [row] = await db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
            eq(users.isDeleted, false),
          ),
        )
        .limit(1);
      return row;
    },

    /** Marks the token used in one statement: of two concurrent uses, only one succeeds. */
    async consume(tokenHash: string): Promise<{ userId: string } | undefined> {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: passwordResets.userId });
      return row;
    },

    /** After a password change, older links must no longer work. */
    async revokeAllFor(userId: string): Promise<void> {
      await db
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
