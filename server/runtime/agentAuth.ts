import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sha256Hex } from '../crypto/dataKey';
import { agentById, type AgentFile, type AgentRow } from './sql';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a presented secret is the one whose sha256 is kept, compared in constant time. */
export function secretMatches(secret: string, secretHash: string): boolean {
  const given = Buffer.from(sha256Hex(secret), 'hex');
  const kept = Buffer.from(secretHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

export type AgentCheck =
  | { ok: true; agent: AgentRow; file: AgentFile | null }
  | { ok: false; code: 'AGENT_UNKNOWN' | 'AGENT_SECRET_INVALID' | 'COMPANY_INACTIVE' };

/**
 * An agent's id and secret, as its socket handshake and its file downloads present them. The
 * secret is compared by its sha256 in constant time. Agent credentials open only the agent's
 * own channel and downloads, never a user's route. With `processId`, the check also answers the
 * file of that process when it is the agent's and running (null otherwise).
 */
export async function checkAgent(
  app: FastifyInstance,
  agentId: unknown,
  secret: unknown,
  processId: string | null = null,
): Promise<AgentCheck> {
  if (typeof agentId !== 'string' || !UUID.test(agentId) || typeof secret !== 'string')
    return { ok: false, code: 'AGENT_UNKNOWN' };
  const found = await agentById(app.database, agentId, processId);
  if (!found) return { ok: false, code: 'AGENT_UNKNOWN' };
  const { file, ...agent } = found;
  if (!secretMatches(secret, agent.secretHash)) return { ok: false, code: 'AGENT_SECRET_INVALID' };
  if (!agent.companyActive) return { ok: false, code: 'COMPANY_INACTIVE' };
  return { ok: true, agent, file };
}

/** `Authorization: Agent <agentId>:<secret>` → its parts, or nulls. */
export function agentCredentialsOf(header: string | undefined): { agentId: string | null; secret: string | null } {
  const match = /^Agent ([^:\s]+):(\S+)$/.exec(header ?? '');
  return match ? { agentId: match[1], secret: match[2] } : { agentId: null, secret: null };
}
