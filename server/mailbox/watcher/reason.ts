import { reasonOf } from '../reasons';
import type { WatchedConfiguration } from './types';

/** The server refused the login (a wrong password or a disabled account), as opposed to a failed connection. */
export const isLoginRefused = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { authenticationFailed?: unknown }).authenticationFailed === true;

/**
 * The reason a configuration's row shows, worded as Check connection words it: the IMAP server's
 * own answer when it gave one, else what the network said. Never the secret: the library's
 * errors hold the server's answer, not the command sent.
 */
export const watchReasonOf = (c: WatchedConfiguration, error: unknown): string =>
  reasonOf({ host: c.imapHost, port: c.imapPort, secure: c.imapSecure }, error);
