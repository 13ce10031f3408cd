import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decryptText, encryptText } from '../crypto/dataKey';

/**
 * A company's parameter key (base64 of 32 random bytes), made on first use and kept encrypted
 * with the server's data key. Two nodes making one at once keep the first one stored. `null`:
 * no such company (a key is only ever made for a company that exists).
 */
export async function parameterKeyOf(app: FastifyInstance, companyId: string): Promise<string | null> {
  const read = async () => {
    const [row] = (await app.database.queryRows(
      'select parameter_key as "key" from company_keys where company_id = $1',
      [companyId],
    )) as { key: string }[];
    return row ? decryptText(app.dataKey, row.key) : undefined;
  };
  const kept = await read();
  if (kept) return kept;
  if (kept === null)
    throw new Error(`The parameter key of company ${companyId} cannot be decrypted with this server's data key.`);
  const made = randomBytes(32).toString('base64');
  // In one statement with the company's existence: an unknown company gets no row, not a
  // foreign-key failure.
  await app.database.queryRows(
    `insert into company_keys (company_id, parameter_key)
     select id, $2 from companies where id = $1::uuid
     on conflict (company_id) do nothing`,
    [companyId, encryptText(app.dataKey, made)],
  );
  const stored = await read();
  if (stored === undefined) return null;
  if (!stored) throw new Error(`The parameter key of company ${companyId} could not be stored.`);
  return stored;
}
