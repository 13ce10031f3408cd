import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { demoRequests, type DemoRequestRow } from '../schema';

export type NewDemoRequest = Omit<DemoRequestRow, 'id' | 'createdAt'>;

export function createDemoRequestsRepository(db: Database) {
  return {
    async create(input: NewDemoRequest): Promise<DemoRequestRow> {
      const [row] = await db.insert(demoRequests).values(input).returning();
      return row;
    },
    async findById(id: string): Promise<DemoRequestRow | undefined> {
      const [row] = await db.select().from(demoRequests).where(eq(demoRequests.id, id)).limit(1);
      return row;
    },
  };
}

export type DemoRequestsRepository = ReturnType<typeof createDemoRequestsRepository>;
