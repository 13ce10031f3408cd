/** Business constants of spec §9, shared by web, server and agent. */
export const APP_VERSION = '6.0.0';

export const INACTIVITY_TIMEOUT_MS = 900_000;
export const INACTIVITY_CHECK_MS = 5_000;
export const TOAST_MS = 2_000;
export const DEMO_TOAST_MS = 5_000;
export const RESET_REDIRECT_MS = 1_000;
export const DOWNLOAD_DELAY_MS = 1_000;

export const SIDEBAR_BREAKPOINT_PX = 1040;
export const SIDEBAR_COLLAPSED_PX = 80;
export const SIDEBAR_EXPANDED_PX = 200;

export const MAX_RECIPIENTS = 10;
export const PARAMETER_NAME_MAX = 15;
export const PARAMETER_VALUE_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 12;
export const MAX_FAILED_LOGINS = 5;
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export const TENURE_PLANS = ['Monthly', 'Annually'] as const;
export type TenurePlan = (typeof TENURE_PLANS)[number];
export const CURRENCIES = ['INR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const INR_CONVERSION_RATE = 83.3;

/** Licence amounts are kept in INR: INR is shown as is, any other currency is INR ÷ 83.3 with 2 decimals. */
export function displayAmount(amountInr: number, currency: Currency): string {
  if (currency === 'INR') return String(amountInr);
  return (amountInr / INR_CONVERSION_RATE).toFixed(2);
}

export const FREQUENCIES = ['minutely', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const SCHEDULE_MODES = ['dayWise', 'dateWise'] as const;
export const DURATION_UNITS = ['Minute', 'Hour'] as const;
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

export const AGENT_INSTALLER_NAME = 'AgentSetup.msi';
export const STUDIO_INSTALLER_NAME = 'StudioSetup.msi';

export const REPORT_PERIODS = ['today', 'weekly', 'monthly', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The realtime room every signed-in browser joins (spec §7). */
export const CONTROLROOM_ROOM = 'controlroom';
