import { isBotPackageName } from '../../src/domain/botPackages';

/**
 * How a bot's file is kept in its text column (`file_content`): a workflow or a script as its
 * UTF-8 text, a package (`.zip`, `.nupkg`: bytes, NULs among them, which a text column cannot
 * hold) as base64. The file's name says which; both downloads give back the bytes uploaded.
 */
export const storedContent = (filename: string, content: Buffer): string =>
  isBotPackageName(filename) ? content.toString('base64') : content.toString('utf8');

/** The bytes of a stored file, exactly as they were uploaded. */
export const fileBytes = (filename: string, stored: string): Buffer =>
  Buffer.from(stored, isBotPackageName(filename) ? 'base64' : 'utf8');

/** The type a download is answered with. */
export const fileMediaType = (filename: string): string => {
  const lower = filename.toLowerCase();
  if (isBotPackageName(lower)) return 'application/zip';
  return lower.endsWith('.xaml') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8';
};
