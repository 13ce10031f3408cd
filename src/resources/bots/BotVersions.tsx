import { useRef, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { bots, BOT_FILE_EXTENSIONS } from '../../domain/declarations';
import { ActionButton, useCanDo, useBusyAction, saveFile } from '../schema';
import { fileProblem } from './BotFileInput';
import { downloadPreviousBotFile, replaceBotFile } from './runCalls';

type BotRecord = { id: string; name?: string; previousFileName?: string | null };

/** The previous version's file name and its download (the file the last new file replaced). */
export const PreviousVersionValue = () => {
  const record = useRecordContext<BotRecord>();
  const { busy, run } = useBusyAction();
  if (!record?.previousFileName) return <>—</>;
  const name = record.previousFileName;
  const download = () =>
    run(async () => {
      const { blob, fileName } = await downloadPreviousBotFile(record.id);
      saveFile(blob, fileName ?? name);
    });
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {name}
      <ActionButton
        label="resources.bots.downloadPrevious"
        icon={<Download />}
        onClick={() => void download()}
        busy={busy}
      />
    </Box>
  );
};

/**
 * Replace file (details page, for who may update the bot): a new workflow file replaces the
 * bot's; its arguments become the bot's parameters and the replaced file the previous version.
 */
export const ReplaceFileButton = () => {
  const record = useRecordContext<BotRecord>();
  const canDo = useCanDo(bots);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const picker = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const { busy, run } = useBusyAction();
  if (!record || !canDo('update', record)) return null;
  const problem = file ? fileProblem(file) : undefined;
  const close = () => {
    setOpen(false);
    setFile(null);
  };
  const replace = () =>
    file && !problem
      ? run(async () => {
          notify(await replaceBotFile(record.id, file), { type: 'success' });
          close();
          refresh();
        })
      : Promise.resolve();
  const title = translate('resources.bots.replace.title', { name: record.name ?? '' });
  return (
    <>
      <ActionButton label="resources.bots.replace.action" icon={<UploadFile />} onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={close} aria-labelledby="replace-file-title" fullWidth maxWidth="sm">
        <DialogTitle id="replace-file-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('resources.bots.replace.help')}</DialogContentText>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => picker.current?.click()}>
              {translate('resources.bots.chooseFile')}
            </Button>
            <input
              ref={picker}
              type="file"
              hidden
              accept={BOT_FILE_EXTENSIONS.join(',')}
              aria-label={translate('resources.bots.fields.file')}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            <span>{file ? file.name : translate('resources.bots.noFile')}</span>
          </Box>
          {problem && (
            <DialogContentText role="alert" color="error" sx={{ mt: 1 }}>
              {translate(problem)}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!file || !!problem || busy} onClick={() => void replace()}>
            {translate('resources.bots.replace.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
