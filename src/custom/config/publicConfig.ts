// Direct file imports keep the validators (and libphonenumber) out of the home page's bundle.
import { AGENT_GRACE_SECONDS, APP_VERSION, INACTIVITY_TIMEOUT_MS } from '../../domain/constants';
import type { Envelope, PublicConfig } from '../../domain/session';
import { apiFetch } from '../../dataProvider/apiFetch';

/** Used until (or if never) the server answers, so the pages always have something to show. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  version: APP_VERSION,
  companyName: 'RPA Control Room',
  chatHandle: '',
  contactEmail: '',
  supportEmail: '',
  userManualUrl: '',
  socialLinks: [],
  inactivityTimeoutMs: INACTIVITY_TIMEOUT_MS,
  agentGraceSeconds: AGENT_GRACE_SECONDS,
};

const isEnvelope = (body: unknown): body is Envelope<PublicConfig> =>
  typeof body === 'object' && body !== null && 'payload' in body && typeof body.payload === 'object';

let cached: Promise<PublicConfig> | undefined;

/** Fetched once per page load; the envelope is optional so both answer shapes work. */
export function loadPublicConfig(): Promise<PublicConfig> {
  cached ??= apiFetch<Envelope<PublicConfig> | PublicConfig>('/public/config')
    .then((body) => ({ ...DEFAULT_PUBLIC_CONFIG, ...(isEnvelope(body) ? body.payload : body) }))
    .catch(() => {
      cached = undefined;
      return DEFAULT_PUBLIC_CONFIG;
    });
  return cached;
}

/** For tests. */
export function resetPublicConfigCache(): void {
  cached = undefined;
}
