import { AUDIT_LOG_PATH } from './shellMenu';

/**
 * Sidebar paths whose screens exist in this build: the sidebar only links to these, so a
 * feature that has not landed yet never shows a placeholder. Each feature adds its paths here.
 */
export const AVAILABLE_PATHS: ReadonlySet<string> = new Set([
  '/controlroom',
  '/controlroom/profile/userdetails',
  // People and tenants (schema-driven resources).
  '/controlroom/company/view',
  '/controlroom/user/view',
  '/controlroom/groups',
  AUDIT_LOG_PATH,
  // Bots and agents.
  '/controlroom/agents',
  '/controlroom/bots/create',
  '/controlroom/bots/view',
  // Processes.
  '/controlroom/process',
  '/controlroom/process/logs',
]);
