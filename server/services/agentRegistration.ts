import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AGENT_STATUS } from '../../src/domain';
import { resourceMessages } from '../../src/domain/declarations';
import { newSecret, sha256Hex } from '../crypto/dataKey';
import { agents, companies } from '../db/schema';
import { fieldError, HttpError } from '../http/errors';
import { reserveLicenceSlot } from './licences';
import { consumeRegistrationToken } from './registrationTokens';

export interface AgentRegistration {
  registrationToken: string;
  deviceId: string;
  name?: string;
  platform?: string;
  version?: string;
}

export interface AgentCredentials {
  agentId: string;
  /** Shown once: the agent keeps it and presents it with its id when it connects. */
  secret: string;
  companyId: string;
  deviceId: string;
  name: string;
}

const tokenInvalid = () => fieldError('registrationToken', resourceMessages.agentTokenInvalid, 401, 'TOKEN_INVALID');

/**
 * Exchanges a registration token (type agent, usable, of an active company) for an agent's own
 * credentials, in one transaction: a single-use token registers one agent only, and the
 * licence's agent limit is checked under the company's lock. The same
 * device registering again keeps its agent (and its licence slot) and gets a new secret.
 */
export async function registerAgent(app: FastifyInstance, input: AgentRegistration): Promise<AgentCredentials> {
  const secret = newSecret('ag_', 32);
  const deviceId = input.deviceId.trim();
  const result = await app.database.db.transaction(async (tx) => {
    // Used here, in the registration's transaction: a refusal below gives the token back.
    const token = await consumeRegistrationToken(app, input.registrationToken.trim(), tx);
    if (!token) throw tokenInvalid();
    if (token.type !== 'agent') throw fieldError('registrationToken', resourceMessages.agentTokenWrongType);
    const [company] = await tx
      .select({ status: companies.status })
      .from(companies)
      .where(eq(companies.id, token.companyId));
    if (company?.status !== 'active') throw new HttpError(403, 'COMPANY_INACTIVE', resourceMessages.companyInactive);

    const name = input.name?.trim() || deviceId;
    const details = {
      name,
      secretHash: sha256Hex(secret),
      platform: input.platform ?? null,
      version: input.version ?? null,
      registrationTokenId: token.id,
    };
    const [known] = await tx
      .select({ id: agents.id })
      .from(agents)
      .where(and(eq(agents.companyId, token.companyId), eq(agents.deviceId, deviceId)));
    let agentId: string;
    if (known) {
      await tx
        .update(agents)
        .set({ ...details, updatedAt: new Date() })
        .where(eq(agents.id, known.id));
      agentId = known.id;
    } else {
      await reserveLicenceSlot(app, tx, token.companyId, 'agents');
      const [created] = await tx
        .insert(agents)
        .values({ ...details, companyId: token.companyId, deviceId, status: AGENT_STATUS.disconnected })
        .returning({ id: agents.id });
      agentId = created.id;
    }
    await app.audit.record(
      {
        actor: { id: agentId, role: 'agent' },
        action: known ? 'update' : 'create',
        resource: 'agents',
        recordId: agentId,
        changes: { deviceId, name, registrationTokenId: token.id },
      },
      tx,
    );
    return { agentId, companyId: token.companyId, name, isNew: !known };
  });
  // A known device registering again changes no connection: its update carries no status.
  app.realtime.publish(result.companyId, {
    type: 'agent',
    operation: result.isNew ? 'insert' : 'update',
    data: { id: result.agentId, deviceId, ...(result.isNew ? { status: AGENT_STATUS.disconnected } : {}) },
  });
  return { agentId: result.agentId, secret, companyId: result.companyId, deviceId, name: result.name };
}
