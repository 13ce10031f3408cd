import { sql } from 'drizzle-orm';
import { messages, scopeOf } from '../../src/domain';
import {
  DEFAULT_TOKEN_EXPIRY_DAYS,
  registrationTokens as tokensDef,
  resourceMessages,
} from '../../src/domain/declarations';
import { decryptText, encryptText, newSecret, sha256Hex } from '../crypto/dataKey';
import { registrationTokens } from '../db/schema';
import type { CrudOptions } from '../crud/options';
import type { CrudSource } from '../crud/source';
import { fieldError } from '../http/errors';
import { companyNameOf } from './shared';

const DAY_MS = 86_400_000;

export const tokensSource: CrudSource = {
  table: registrationTokens,
  lookups: { companyName: companyNameOf(registrationTokens.companyId) },
  computed: {
    // In SQL, so that the Status filter and sort run in the database.
    status: sql`(case when not ${registrationTokens.reusable} and ${registrationTokens.usedAt} is not null then 'used' when ${registrationTokens.expiresAt} <= now() then 'expired' else 'active' end)`,
    // Read encrypted; `present` decrypts it for the roles that may copy it.
    token: sql`${registrationTokens.tokenEncrypted}`,
  },
  present: (record, { app, actor }) => ({
    ...record,
    token:
      scopeOf(actor.role, 'show', 'registrationTokens') !== 'none' && typeof record.token === 'string'
        ? decryptText(app.dataKey, record.token)
        : null,
  }),
};

/**
 * Registration tokens: ≥128 random bits (192), kept AES-256-GCM-encrypted plus a sha256 for
 * look-ups; single-use unless reusable; they expire (default DEFAULT_TOKEN_EXPIRY_DAYS days).
 */
export const registrationTokensCrud: CrudOptions = {
  def: tokensDef,
  source: tokensSource,
  skip: ['update', 'names'],
  messages: { created: messages.tokenCreated, deleted: resourceMessages.tokenDeleted },
  hooks: {
    async beforeCreate({ app, actor }, values) {
      if (values.expiresAt != null && values.expiresInDays != null)
        throw fieldError('expiresInDays', resourceMessages.expiryBoth);
      const expiresAt =
        values.expiresAt != null
          ? new Date(String(values.expiresAt))
          : new Date(Date.now() + Number(values.expiresInDays ?? DEFAULT_TOKEN_EXPIRY_DAYS) * DAY_MS);
      if (!(expiresAt.getTime() > Date.now())) throw fieldError('expiresAt', resourceMessages.expiryInPast);
      const value = newSecret('rt_');
      return {
        ...values,
        expiresAt,
        tokenEncrypted: encryptText(app.dataKey, value),
        tokenHash: sha256Hex(value),
        createdBy: actor.id,
      };
    },
  },
};
