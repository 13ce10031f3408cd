import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sha256Hex } from '../crypto/dataKey';
import type { Database } from '../db/client';
import { registrationTokens } from '../db/schema';

export interface ConsumedToken {
  id: string;
  companyId: string;
  type: 'agent' | 'studio';
}

/**
 * Uses a presented registration token (POST /agent/register, server/services/agentRegistration.ts):
 * found by its sha256, refused when expired or already used (unless reusable). One UPDATE
 * does the check and the use, so two agents racing for a single-use token cannot both win.
 * Pass the transaction of the registration as `db` to undo the use if the registration fails.
 */
export async function consumeRegistrationToken(
  app: FastifyInstance,
  value: string,
  db: Database = app.database.db,
): Promise<ConsumedToken | null> {
  if (value.length < 16 || value.length > 200) return null;
  const t = registrationTokens;
  const [row] = await db
    .update(t)
    .set({ usedAt: sql`coalesce(${t.usedAt}, now())`, useCount: sql`${t.useCount} + 1` })
    .where(
      and(
        eq(t.tokenHash, sha256Hex(value)),
        gt(t.expiresAt, sql`now()`),
        or(eq(t.reusable, true), sql`${t.usedAt} is null`),
      ),
    )
    .returning({ id: t.id, companyId: t.companyId, type: t.type });
  return row ? { id: row.id, companyId: row.companyId, type: row.type === 'studio' ? 'studio' : 'agent' } : null;
}
