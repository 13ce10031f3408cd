import Download from '@mui/icons-material/Download';
import { useRecordContext } from 'react-admin';
import { bots } from '../../domain/declarations';
import { downloadBotFile } from '../../dataProvider/calls';
import { ActionButton, SchemaDeleteButton, ViewAndUpdate, useCanDo, useBusyAction, saveFile } from '../schema';
import { ReplaceFileButton } from './BotVersions';
import { RunButton } from './RunDialog';
import { ScheduleBotButton } from '../schedules/ScheduleActions';

type BotRecord = { id: string; name?: string; fileName?: string | null };

/** The bot's workflow file (GET /bot/downloadXAML/:id), saved under the server's name for it; an icon in a list row. */
export const DownloadXamlButton = ({ label = 'resources.bots.downloadXaml' }: { label?: string }) => {
  const record = useRecordContext<BotRecord>();
  const canDo = useCanDo(bots);
  const { busy, run } = useBusyAction();
  if (!record || !canDo('show', record)) return null;
  const download = () =>
    run(async () => {
      const { blob, fileName } = await downloadBotFile(record.id);
      saveFile(blob, fileName ?? record.fileName ?? `${record.name ?? record.id}.xaml`);
    });
  return <ActionButton label={label} icon={<Download />} onClick={() => void download()} busy={busy} />;
};

/** The details page's Run, Schedule, Download and Replace file. */
export const BotDetailsActions = () => (
  <>
    <RunButton />
    <ScheduleBotButton />
    <DownloadXamlButton label="resources.bots.download" />
    <ReplaceFileButton />
  </>
);

/**
 * Bots: View, Update, Run, Schedule (Automated bots), Delete (Update and Delete for admins and the
 * creator), and Download XAML.
 */
export const BotRowActions = () => (
  <>
    <ViewAndUpdate />
    <RunButton />
    <ScheduleBotButton />
    <SchemaDeleteButton />
    <DownloadXamlButton />
  </>
);
