import type { RoleName } from './roles';

/** The session fields the web app keeps and the login reply carries. */
export interface SessionUser {
  id: string;
  role: RoleName;
  roleId: string;
  email: string;
  companyId: string | null;
  companyName: string | null;
  fullName: string;
  enabledEmailSchedule: boolean;
  associatedToGroups: string[];
}

export interface LoginPayload {
  token: string;
  isFirstLogin: boolean;
  user: SessionUser;
}

/** Success envelope. */
export interface Envelope<T> {
  message: string;
  payload: T;
}
export interface ListPayload<T> {
  count: number;
  rows: T[];
}
export interface ApiErrorBody {
  message: string;
  code: string;
  errors?: { field: string; message: string }[];
}

/** What the public home page and the shell need from the server's configuration. */
export interface PublicConfig {
  version: string;
  companyName: string;
  chatHandle: string;
  contactEmail: string;
  supportEmail: string;
  userManualUrl: string;
  socialLinks: { name: string; url: string }[];
  inactivityTimeoutMs: number;
  /** How long a running process waits for its disconnected agent before it fails (seconds). */
  agentGraceSeconds: number;
}
