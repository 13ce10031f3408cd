/** Business constants shared by web, server and agent. */
export const APP_VERSION = '6.0.0';

/**
 * A list's total is counted exactly up to COUNT_CAP matching rows; past it the API answers
 * COUNT_CAP with `countCapped` and the list says "10,000+", instead of paying for a full
 * count over millions of rows on every page.
 */
export const COUNT_CAP = 10_000;
/** Page sizes a list may ask for: 10 by default, at most 100 rows a page. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Deep offsets cost a scan of every skipped row; nobody pages a million rows by hand. */
export const MAX_PAGE = 100_000;

export const INACTIVITY_TIMEOUT_MS = 900_000;
/** A running process whose agent went away fails this long after (the server's AGENT_GRACE_SECONDS by default). */
export const AGENT_GRACE_SECONDS = 30;
export const INACTIVITY_CHECK_MS = 5_000;
export const TOAST_MS = 2_000;
export const DEMO_TOAST_MS = 5_000;
export const RESET_REDIRECT_MS = 1_000;

export const SIDEBAR_BREAKPOINT_PX = 1040;
export const SIDEBAR_COLLAPSED_PX = 80;
export const SIDEBAR_EXPANDED_PX = 200;

export const MAX_RECIPIENTS = 10;
export const PARAMETER_NAME_MAX = 15;
export const PARAMETER_VALUE_MAX = 30;
/** A JSON value of a collection-typed workflow argument (a list, a dictionary, a table). */
export const PARAMETER_JSON_VALUE_MAX = 2000;
/** Names of a workflow's arguments keep their length up to this (a name a person types: PARAMETER_NAME_MAX). */
export const DECLARED_PARAMETER_NAME_MAX = 200;
/** A run's value as the API takes it: the ciphertext of the longest value (a JSON one, UTF-8, encrypted) fits. */
export const RUN_PARAMETER_VALUE_MAX = 12_000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 12;
export const MAX_FAILED_LOGINS = 5;
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export const TENURE_PLANS = ['Monthly', 'Annually'] as const;
export const CURRENCIES = ['INR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const INR_CONVERSION_RATE = 83.3;

/** Licence amounts are kept in INR: INR is shown as is, every other currency is INR ÷ 83.3 with 2 decimals. */
export function displayAmount(amountInr: number, currency: Currency): string {
  if (currency === 'INR') return String(amountInr);
  return (amountInr / INR_CONVERSION_RATE).toFixed(2);
}

/** The realtime room every signed-in browser joins. */
export const CONTROLROOM_ROOM = 'controlroom';
