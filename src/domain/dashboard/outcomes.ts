import { PROCESS_STATUS } from '../status';

/**
 * The three outcomes the dashboard counts, from a finished run's status: Executed is
 * successful, Error failed, and Canceled or Agent Disconnected terminated. Pending and running
 * runs have no outcome yet (they count among the period's runs only).
 */
export const OUTCOMES = ['successful', 'failed', 'terminated'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_STATUSES: Record<Outcome, readonly number[]> = {
  successful: [PROCESS_STATUS.executed],
  failed: [PROCESS_STATUS.failed],
  terminated: [PROCESS_STATUS.canceled, PROCESS_STATUS.agentDisconnected],
};

export function outcomeOf(status: number): Outcome | undefined {
  return OUTCOMES.find((outcome) => OUTCOME_STATUSES[outcome].includes(status));
}

/**
 * The one colour of each outcome on every chart and legend: the Okabe–Ito palette's bluish
 * green, vermillion and blue, told apart with every common colour-vision deficiency (the
 * success and failure pair is not red against green).
 */
export const OUTCOME_COLOURS: Record<Outcome, string> = {
  successful: '#009E73',
  failed: '#D55E00',
  terminated: '#0072B2',
};

/** Counts by outcome. */
export type OutcomeCounts = Record<Outcome, number>;
export const emptyCounts = (): OutcomeCounts => ({ successful: 0, failed: 0, terminated: 0 });

/** Successful runs among the finished ones, in percent with one decimal; null when none finished. */
export function successRate(counts: OutcomeCounts): number | null {
  const finished = counts.successful + counts.failed + counts.terminated;
  return finished === 0 ? null : Math.round((counts.successful / finished) * 1000) / 10;
}
