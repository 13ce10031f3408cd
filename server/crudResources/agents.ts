import { and, eq, sql } from 'drizzle-orm';
import { agents as agentsDef, resourceMessages } from '../../src/domain/declarations';
import type { Database } from '../db/client';
import { agents, processes, serverNodes, users } from '../db/schema';
import type { CrudOptions } from '../crud/options';
import type { CrudSource } from '../crud/source';
import { fieldError } from '../http/errors';
import { AGENT_REFUSALS } from '../runtime/gateway';
import { companyList, companyNameOf, userNameOf } from './shared';

export const agentsSource: CrudSource = {
  table: agents,
  lookups: { companyName: companyNameOf(agents.companyId), userName: userNameOf(agents.userId) },
  computed: {
    // An agent runs one process at a time; processes_running_idx answers this per row.
    currentProcessId: sql`(select ${processes.id}::text from ${processes} where ${processes.agentId} = ${agents.id} and ${processes.status} = 1 limit 1)`,
    currentBotName: sql`(select ${processes.botName} from ${processes} where ${processes.agentId} = ${agents.id} and ${processes.status} = 1 limit 1)`,
    // processes_queue_idx holds exactly these rows (an agent's pending processes).
    queueLength: sql`(select count(*)::int from ${processes} where ${processes.agentId} = ${agents.id} and ${processes.status} = 0)`,
    // A connected agent is as recent as its node's last heartbeat (greatest() skips a null).
    lastSeenAt: sql`(case when ${agents.status} = 1 then greatest(${agents.lastSeenAt}, (select ${serverNodes.lastSeenAt} from ${serverNodes} where ${serverNodes.id} = ${agents.nodeId})) else ${agents.lastSeenAt} end)`,
  },
};

/** The user an agent runs bots for must be a (non-deleted) user of the agent's company. */
export async function assertAgentUser(db: Database, userId: unknown, companyId: string): Promise<void> {
  if (userId === undefined || userId === null) return;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, String(userId)), eq(users.companyId, companyId), eq(users.isDeleted, false)))
    .limit(1);
  if (!user) throw fieldError('userId', resourceMessages.userOfOtherCompany);
}

/**
 * Agents: nobody creates one here (an agent registers itself with a registration token,
 * server/routes/agents.ts); the engine lists, reads, updates and deletes them. Every change is
 * a live `agent` notification to the company's browsers.
 */
export const agentsCrud: CrudOptions = {
  def: agentsDef,
  source: agentsSource,
  skip: ['create'],
  companyList: companyList('agents'),
  messages: { updated: resourceMessages.agentUpdated, deleted: resourceMessages.agentDeleted },
  hooks: {
    async beforeUpdate({ db }, values, existing) {
      await assertAgentUser(db, values.userId, String(existing.companyId));
      return values;
    },
    async afterWrite({ app }, id, action) {
      // A deleted agent's live connection ends now, on whichever node holds it.
      if (action === 'delete') return app.runtime.dispatcher.revoke(id, AGENT_REFUSALS.AGENT_UNKNOWN);
      const [agent] = await app.database.db
        .select({ companyId: agents.companyId, deviceId: agents.deviceId })
        .from(agents)
        .where(eq(agents.id, id));
      // No status: the connection did not change, so browsers refresh their lists without a pop-up.
      if (agent)
        app.realtime.publish(agent.companyId, {
          type: 'agent',
          operation: 'update',
          data: { id, deviceId: agent.deviceId },
        });
    },
  },
};
