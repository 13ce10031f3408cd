import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  AGENT_EVENTS,
  type AgentAck,
  type ProcessCancelPayload,
  type ProcessStartPayload,
} from '../../src/domain/agentProtocol';
import { publishProcess } from './notify';
import { rememberStarted } from './reports';
import { Batcher } from './batcher';
import { claimNext, finishAndClaim, unclaim, type ClaimedRow, type FinishInput, type FinishOutcome } from './claims';
import type { ProcessRow } from './sql';
import type { RuntimeStats } from './stats';
import type { AgentNamespace, AgentSocket, AgentSocketData } from './types';

const START_ACK_MS = 10_000;
/** Nodes tell each other "agent X has work" on this server-side event (through Redis when set). */
const DISPATCH_SIGNAL = 'dispatch';
/** "Agent X connected here": the other nodes close their older socket of it. */
const REPLACED_SIGNAL = 'agent-replaced';
export const agentRoom = (agentId: string): string => `agent:${agentId}`;

/** What a claiming step answers its caller, and the process it claimed for the agent (or none). */
export interface ClaimStep<T> {
  result: T;
  claimed?: ClaimedRow | null;
}

export interface DispatchOptions {
  /** Several nodes share the work (Redis): a signal for an agent elsewhere goes to them. */
  clustered: boolean;
  stats: RuntimeStats;
}

/**
 * Hands pending processes to the agents connected to this node. Claims for one agent run one
 * after another (a chain of steps per agent); the node that holds an agent's socket is the only
 * one that claims for it, and the claim itself (FOR UPDATE SKIP LOCKED) keeps a process from
 * ever going to two agents.
 */
export class Dispatcher {
  private readonly local = new Map<string, AgentSocket>();
  private readonly chains = new Map<string, Promise<void>>();
  /** Agents with a claim queued behind their current step. */
  private readonly kicked = new Set<string>();
  /** Final reports of many agents go to the database together (with their next claims). */
  private readonly reports: Batcher<FinishInput, FinishOutcome>;
  /** This node, as its heartbeat and its agents' rows name it (a new one at every start). */
  readonly nodeId = randomUUID();

  constructor(
    private readonly app: FastifyInstance,
    private readonly nsp: AgentNamespace,
    private readonly options: DispatchOptions,
  ) {
    this.reports = new Batcher((inputs) => finishAndClaim(app.database, inputs));
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

  /** How many agents this node holds a socket of. */
  get localCount(): number {
    return this.local.size;
  }

  isLocal(agentId: string): boolean {
    return this.local.has(agentId);
  }

  /** What this node knows of the agent's live socket, when it holds one. */
  localAgent(agentId: string): AgentSocketData | undefined {
    return this.local.get(agentId)?.data;
  }

  /**
   * The agent was deleted: its socket, wherever it is, is told so and closed (its credentials
   * no longer open a connection).
   */
  revoke(agentId: string, message: string): void {
    this.nsp.to(agentRoom(agentId)).emit(AGENT_EVENTS.revoked, { message });
    this.nsp.in(agentRoom(agentId)).disconnectSockets(true);
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

  /** Work may be waiting for this (local) agent: one claim after whatever step is under way. */
  kick(agentId: string): void {
    if (!this.local.has(agentId) || this.kicked.has(agentId)) return; // One queued claim covers every kick.
    this.kicked.add(agentId);
    this.claimStep(agentId, async () => {
      this.kicked.delete(agentId);
      if (!this.local.get(agentId)?.connected) return { result: undefined };
      const [claimed] = await claimNext(this.app.database, agentId);
      return { result: undefined, claimed };
    }).catch((error: unknown) => this.app.log.error({ err: error, agentId }, 'dispatch failed'));
  }

  /**
   * The agent's final report on its process and, in the same statement, its next process: one
   * commit where a report and a claim would take two. Answers the finished row (none for a late
   * or repeated report) as soon as it is stored; the start of the next goes out after.
   */
  finish(agentId: string, input: FinishInput): Promise<ProcessRow | null> {
    return this.claimStep(agentId, async () => {
      const { finished, claimed } = await this.reports.add(input);
      return { result: finished, claimed };
    });
  }

  /**
   * Runs `work` as the agent's current step, when it is held here and nothing else runs for it:
   * `work` may claim for the agent in the very statement that writes its own change (a run
   * created on an idle agent starts in the statement that writes it). Answers undefined when the
   * agent is elsewhere or busy with another step; the caller then signals instead.
   */
  claimWithin<T>(agentId: string, work: () => Promise<ClaimStep<T>>): Promise<T> | undefined {
    if (!this.local.has(agentId) || this.chains.has(agentId)) return undefined;
    return this.claimStep(agentId, work);
  }

  /** A step whose work answers its caller as soon as it is stored, then starts what it claimed. */
  private claimStep<T>(agentId: string, work: () => Promise<ClaimStep<T>>): Promise<T> {
    return new Promise((resolve, reject) => {
      void this.step(agentId, async () => {
        let claimed: ClaimedRow | null | undefined;
        try {
          const out = await work();
          resolve(out.result);
          claimed = out.claimed;
        } catch (error) {
          reject(error as Error);
          return;
        }
        if (!claimed) return;
        const socket = this.local.get(agentId);
        if (socket) await this.deliver(socket, claimed);
        else await this.giveBack(claimed.id);
      });
    });
  }

  /** Resolves when no step is under way (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  /** Steps for one agent run one after another: claims for it never overlap on this node. */
  private step(agentId: string, work: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(agentId) ?? Promise.resolve();
    const next = previous
      .then(work)
      .catch((error: unknown) => this.app.log.error({ err: error, agentId }, 'dispatch failed'));
    this.chains.set(agentId, next);
    void next.finally(() => {
      if (this.chains.get(agentId) === next) this.chains.delete(agentId);
    });
    return next;
  }

  /** Tells the agent to start a process it was given (the claim has committed). */
  private async deliver(socket: AgentSocket, claimed: ClaimedRow): Promise<void> {
    const claimedAt = performance.now();
    publishProcess(this.app, claimed);
    if (claimed.fileChecksum === null) return; // Its bot went away meanwhile: the sweeper ends the run.
    const payload: ProcessStartPayload = {
      processId: claimed.id,
      botId: claimed.botId ?? '',
      botName: claimed.botName,
      fileName: claimed.fileName ?? '',
      filePath: `/agent/process/${claimed.id}/file`,
      checksum: claimed.fileChecksum,
      parameters: claimed.parameters,
      timeoutSeconds: claimed.timeoutSeconds,
      trace: claimed.trace,
    };
    // Claimed, the process is the agent's and running: remembered before the agent is told, so
    // that its reports, which may arrive before this step reads its answer, are checked from
    // memory rather than by a read of the process each.
    rememberStarted(socket.data, claimed.id, { botId: payload.botId, checksum: payload.checksum });
    let answer: AgentAck;
    try {
      answer = (await socket.timeout(START_ACK_MS).emitWithAck(AGENT_EVENTS.processStart, payload)) as AgentAck;
    } catch {
      // No answer: the agent's next `ready` says whether it runs it; the timeout sweep ends it otherwise.
      return;
    }
    if (answer.ok) {
      this.options.stats.started(performance.now() - claimedAt);
      return;
    }
    // Refused: it goes back to the queue, no longer the agent's to report on or to download.
    socket.data.started?.delete(claimed.id);
    await this.giveBack(claimed.id);
  }

  /** A claimed process its agent did not take goes back to the head of its queue. */
  private async giveBack(processId: string): Promise<void> {
    const [back] = await unclaim(this.app.database, processId);
    if (back) publishProcess(this.app, back);
  }
}
