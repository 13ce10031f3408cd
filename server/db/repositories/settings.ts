import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { settings } from '../schema';

export function createSettingsRepository(db: Database) {
  async function get(key: string): Promise<string | undefined> {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
    return row?.value;
  }
  return {
    get,
    /** Stores `value` unless the key exists; answers what is stored. Nodes racing here all agree. */
    async getOrInit(key: string, value: string): Promise<string> {
      await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
      const stored = await get(key);
      if (stored === undefined) throw new Error(`Setting "${key}" could not be stored`);
      return stored;
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
