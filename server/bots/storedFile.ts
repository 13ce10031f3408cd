import { isBotPackageName } from '../../src/domain/botPackages';

/**
 * The type a bot's file is downloaded with. A workflow's or a script's encoding is whatever its
 * bytes are (a byte-order mark, UTF-16, an XML declaration's Latin-1): no charset is claimed.
 */
export const fileMediaType = (filename: string): string => {
  const lower = filename.toLowerCase();
  if (isBotPackageName(lower)) return 'application/zip';
  return lower.endsWith('.xaml') ? 'application/xml' : 'application/octet-stream';
};
