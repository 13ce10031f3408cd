import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import { useNotify, useRecordContext } from 'react-admin';
import { fetchRegistrationFile } from '../../dataProvider/calls';
import { ActionButton, saveFile, SchemaDeleteButton, useBusyAction } from '../schema';

type TokenRecord = { id: string; type?: string; token?: string | null };

/** Puts a token on the clipboard: 'Token copied successfully!' or 'Copy failed'. */
export function useCopyToken(): (token: string) => Promise<void> {
  const notify = useNotify();
  return async (token) => {
    try {
      await navigator.clipboard.writeText(token);
      notify('rpa.messages.tokenCopied', { type: 'success' });
    } catch {
      notify('rpa.messages.copyFailed', { type: 'error' });
    }
  };
}

export const CopyTokenButton = () => {
  const record = useRecordContext<TokenRecord>();
  const copy = useCopyToken();
  if (!record?.token) return null;
  const token = record.token;
  return (
    <ActionButton label="resources.registrationTokens.copy" icon={<ContentCopy />} onClick={() => void copy(token)} />
  );
};

/**
 * Saves the registration file (JSON) the agent or bot studio installer reads, under the
 * server's attachment name (content-disposition) for the same file.
 */
export async function downloadRegistrationFile(id: string, type = 'agent'): Promise<void> {
  const file = await fetchRegistrationFile(id);
  saveFile(
    new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
    `registration-${type}-${id.slice(0, 8)}.json`,
  );
}

/** The registration file (JSON) the agent or bot studio installer reads, saved by the browser. */
export const DownloadTokenButton = () => {
  const record = useRecordContext<TokenRecord>();
  const { busy, run } = useBusyAction();
  if (!record) return null;
  const download = () => run(() => downloadRegistrationFile(record.id, record.type));
  return (
    <ActionButton
      label="resources.registrationTokens.download"
      icon={<Download />}
      onClick={() => void download()}
      busy={busy}
    />
  );
};

/** Tokens: Copy, Delete, Download. */
export const TokenRowActions = () => (
  <>
    <CopyTokenButton />
    <SchemaDeleteButton />
    <DownloadTokenButton />
  </>
);
