import { useState } from 'react';
import Download from '@mui/icons-material/Download';
import { Button, useRecordContext } from 'react-admin';
import { bots } from '../../domain/resources';
import { downloadBotFile } from '../../dataProvider/calls';
import { DefaultRowActions, useCanDo, useServerError } from '../schema';
import { saveFile } from './saveFile';

type BotRecord = { id: string; name?: string; fileName?: string | null };

/** The bot's workflow file (GET /bot/downloadXAML/:id), saved under the server's name for it. */
export const DownloadXamlButton = ({ label = 'resources.bots.downloadXaml' }: { label?: string }) => {
  const record = useRecordContext<BotRecord>();
  const canDo = useCanDo(bots);
  const onError = useServerError();
  const [busy, setBusy] = useState(false);
  if (!record || !canDo('show', record)) return null;
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadBotFile(record.id);
      saveFile(blob, fileName ?? record.fileName ?? `${record.name ?? record.id}.xaml`);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={label} onClick={() => void download()} disabled={busy}>
      <Download />
    </Button>
  );
};

/** The details page's Download. */
export const BotDetailsActions = () => <DownloadXamlButton label="resources.bots.download" />;

/** Bots: View, Update, Delete (spec §2; Update and Delete for admins and the creator, spec §6), and Download XAML. */
export const BotRowActions = () => (
  <>
    <DefaultRowActions />
    <DownloadXamlButton />
  </>
);
