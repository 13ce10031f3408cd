/** What the runtime counts as it goes; the metrics plugin listens (no-ops until it does). */
export interface RuntimeStats {
  /** Milliseconds from a process's claim to its agent's acknowledgement of the start. */
  started(ms: number): void;
  /** Log lines stored (replays not counted). */
  linesTaken(count: number): void;
}

export const newRuntimeStats = (): RuntimeStats => ({ started: () => undefined, linesTaken: () => undefined });
