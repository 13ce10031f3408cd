import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  AGENT_EVENTS,
  type AgentAck,
  type ProcessCancelPayload,
  type ProcessStartPayload,
} from '../../src/domain/agentProtocol';
import { publishProcess } from './notify';
import { rememberStarted } from './reports';
import { claimNext, unclaim } from './sql';
import type { RuntimeStats } from './stats';
import type { AgentNamespace, AgentSocket } from './types';

const START_ACK_MS = 10_000;
/** Nodes tell each other "agent X has work" on this server-side event (through Redis when set). */
const DISPATCH_SIGNAL = 'dispatch';
/** "Agent X connected here": the other nodes close their older socket of it. */
const REPLACED_SIGNAL = 'agent-replaced';
export const agentRoom = (agentId: string): string => `agent:${agentId}`;

export interface DispatchOptions {
  /** Several nodes share the work (Redis): a signal for an agent elsewhere goes to them. */
  clustered: boolean;
  stats: RuntimeStats;
}

/**
 * Hands pending processes to the agents connected to this node. Claims for one agent run one
 * after another; the node that holds an agent's socket is the only one that claims for it, and
 * the claim itself (FOR UPDATE SKIP LOCKED) keeps a process from ever going to two agents.
 */
export class Dispatcher {
  private readonly local = new Map<string, AgentSocket>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly nsp: AgentNamespace,
    private readonly options: DispatchOptions,
  ) {
    nsp.on(DISPATCH_SIGNAL, (agentId: unknown) => {
      if (typeof agentId === 'string') this.kick(agentId);
    });
    nsp.on(REPLACED_SIGNAL, (agentId: unknown) => {
      if (typeof agentId !== 'string') return;
      const older = this.local.get(agentId);
      if (!older) return;
      this.local.delete(agentId);
      older.disconnect(true);
    });
  }

  get stats(): RuntimeStats {
    return this.options.stats;
  }

  /** Keeps the agent's newest socket; an older one on this node is closed. */
  attach(agentId: string, socket: AgentSocket): void {
    const older = this.local.get(agentId);
    this.local.set(agentId, socket);
    if (older && older !== socket) older.disconnect(true);
  }

  /** Other nodes close their socket of this agent: it connected here. */
  replaceElsewhere(agentId: string): void {
    if (this.options.clustered) this.nsp.serverSideEmit(REPLACED_SIGNAL, agentId);
  }

  /** Forgets the socket, unless a newer connection of the same agent replaced it. */
  detach(agentId: string, socket: AgentSocket): boolean {
    if (this.local.get(agentId) !== socket) return false;
    this.local.delete(agentId);
    return true;
  }

  localAgentIds(): string[] {
    return [...this.local.keys()];
  }

  isLocal(agentId: string): boolean {
    return this.local.has(agentId);
  }

  /** Work may be waiting for this agent: claim here, or tell the node that holds its socket. */
  signal(agentId: string): void {
    if (this.local.has(agentId)) this.kick(agentId);
    else if (this.options.clustered) this.nsp.serverSideEmit(DISPATCH_SIGNAL, agentId);
  }

  /** Tells the agent (wherever its socket is) to kill a process's tree. */
  cancel(agentId: string, payload: ProcessCancelPayload): void {
    this.nsp.to(agentRoom(agentId)).emit(AGENT_EVENTS.processCancel, payload);
  }

  kick(agentId: string): void {
    if (!this.local.has(agentId)) return;
    if (this.chains.has(agentId)) {
      // A claim is under way: one more pass after it, however many kicks arrive meanwhile.
      this.again.add(agentId);
      return;
    }
    const chain = this.dispatch(agentId)
      .catch((error: unknown) => this.app.log.error({ err: error, agentId }, 'dispatch failed'))
      .finally(() => {
        this.chains.delete(agentId);
        if (this.again.delete(agentId)) this.kick(agentId);
      });
    this.chains.set(agentId, chain);
  }

  /** Resolves when no claim is under way (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  private async dispatch(agentId: string): Promise<void> {
    const socket = this.local.get(agentId);
    if (!socket?.connected) return;
    const [claimed] = await claimNext(this.app.database, agentId);
    if (!claimed) return;
    const claimedAt = performance.now();
    publishProcess(this.app, claimed);
    const { fileContent } = claimed;
    if (fileContent === null) return; // Its bot went away meanwhile: the sweeper ends the run.
    const payload: ProcessStartPayload = {
      processId: claimed.id,
      botId: claimed.botId ?? '',
      botName: claimed.botName,
      fileName: claimed.fileName ?? '',
      filePath: `/agent/process/${claimed.id}/file`,
      checksum: createHash('sha256').update(fileContent, 'utf8').digest('hex'),
      parameters: claimed.parameters,
      timeoutSeconds: claimed.timeoutSeconds,
    };
    let answer: AgentAck;
    try {
      answer = (await socket.timeout(START_ACK_MS).emitWithAck(AGENT_EVENTS.processStart, payload)) as AgentAck;
    } catch {
      // No answer: the agent's next `ready` says whether it runs it; the timeout sweep ends it otherwise.
      return;
    }
    if (answer.ok) {
      rememberStarted(socket.data, claimed.id);
      this.options.stats.started(performance.now() - claimedAt);
      return;
    }
    const [back] = await unclaim(this.app.database, claimed.id);
    if (back) publishProcess(this.app, back);
  }
}
