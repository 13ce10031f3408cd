import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Box, Button, CircularProgress, FormHelperText, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { useFormContext } from 'react-hook-form';
import { InputHelperText, useInput, useLocaleState, useTranslate, type Validator } from 'react-admin';
import { BOT_FILE_EXTENSIONS, BOT_FILE_MAX_BYTES, isBotFileName } from '../../domain/declarations';
import { BOT_PACKAGE_LIST, BOT_SCRIPT_LIST, BOT_WORKFLOW_EXTENSION } from '../../domain/botFiles';
import { readBotParameters } from '../../dataProvider/calls';
import type { BotParameter } from '../../domain/declarations';
import { errorText } from '../schema';
import { useBlockSave } from '../schema/SchemaForm';
import { formatBytes, useSizeUnits } from './BotFields';
import { ParametersTable } from './BotParameters';

/** The server's checks of the upload, made before sending 32 MB for nothing (same messages). */
export function fileProblem(value: unknown): string | undefined {
  if (!(value instanceof File)) return 'rpa.resourceMessages.botFileRequired';
  if (!isBotFileName(value.name)) return 'rpa.resourceMessages.botFileInvalid';
  if (value.size > BOT_FILE_MAX_BYTES) return 'rpa.resourceMessages.botFileTooLarge';
  return undefined;
}

type Preview =
  { state: 'loading' } | { state: 'done'; parameters: BotParameter[] } | { state: 'failed'; message: string };

/**
 * The workflow's arguments as the server reads them (POST /bot/getParameters), asked when a
 * file that passes the checks is chosen; `preview(file)` is what is known of that file.
 */
function usePreview(): [(file: unknown) => Preview | undefined, (file: File | null) => void] {
  const [known, setKnown] = useState<{ file: File; preview: Preview } | null>(null);
  const latest = useRef<File | null>(null);
  const read = useCallback((file: File | null) => {
    latest.current = file;
    if (!file || fileProblem(file)) return;
    setKnown({ file, preview: { state: 'loading' } });
    // A slower answer for a file chosen before must not replace the current one's.
    const settle = (preview: Preview) => {
      if (latest.current === file) setKnown({ file, preview });
    };
    readBotParameters(file).then(
      (parameters) => settle({ state: 'done', parameters }),
      (error: unknown) => settle({ state: 'failed', message: errorText(error) }),
    );
  }, []);
  return [(file) => (known && known.file === file ? known.preview : undefined), read];
}

/** Files the server refused to read (by the very File chosen), with its message. */
const refusedFiles = new WeakMap<File, string>();

/**
 * The file's checks, then the server's refusal of that very file when reading it: a refused
 * workflow is the field's error (said once, under it), not an alert beside it.
 */
const validate: Validator = Object.assign(
  (value: unknown) => fileProblem(value) ?? (value instanceof File ? refusedFiles.get(value) : undefined),
  {
    isRequired: true,
  },
);

/** The bot's file (a XAML workflow, a project package or a script, at most 32 MB) and a preview of its parameters. */
export const BotFileInput = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const units = useSizeUnits();
  const picker = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const { field, fieldState } = useInput({ source: 'file', validate });
  const { trigger } = useFormContext();
  const file: unknown = field.value;
  const [previewOf, read] = usePreview();
  const preview = previewOf(file);
  // Save waits for a file the server can read: not while it is read, not once it was refused.
  useBlockSave(
    file instanceof File &&
      (fileProblem(file) !== undefined || preview?.state === 'loading' || preview?.state === 'failed'),
  );
  useEffect(() => {
    if (preview?.state !== 'failed' || !(file instanceof File)) return;
    refusedFiles.set(file, preview.message);
    void trigger('file');
  }, [preview, file, trigger]);
  const label = translate('resources.bots.fields.file');
  const error = fieldState.error?.message;
  return (
    <Box sx={{ width: '100%', maxWidth: 560, mb: 2 }}>
      <Typography variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mb: 0.5 }}>
        {label} *
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {/* A real button opens the (hidden) file input: reachable by keyboard, unlike a styled label. */}
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          onClick={() => picker.current?.click()}
          aria-describedby={helpId}
        >
          {translate('resources.bots.chooseFile')}
        </Button>
        <input
          ref={picker}
          type="file"
          accept={BOT_FILE_EXTENSIONS.join(',')}
          aria-label={label}
          hidden
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            field.onChange(chosen);
            field.onBlur();
            // The file's own checks show at once, not only after Save.
            void trigger('file');
            read(chosen);
            // Choosing the same file again must still fire a change.
            event.target.value = '';
          }}
        />
        <Typography variant="body2">
          {file instanceof File
            ? `${file.name} (${formatBytes(file.size, locale, units)})`
            : translate('resources.bots.noFile')}
        </Typography>
      </Box>
      <FormHelperText id={helpId} error={!!error}>
        <InputHelperText
          error={error}
          helperText={translate('resources.bots.fileHelp', {
            workflow: BOT_WORKFLOW_EXTENSION,
            packages: BOT_PACKAGE_LIST,
            scripts: BOT_SCRIPT_LIST,
            size: formatBytes(BOT_FILE_MAX_BYTES, locale, units),
          })}
        />
      </FormHelperText>
      <Box sx={{ mt: 1 }} aria-live="polite">
        {preview?.state === 'loading' && (
          <CircularProgress size={20} aria-label={translate('resources.bots.parameters.reading')} />
        )}
        {preview?.state === 'done' && (
          <>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
              {translate('resources.bots.parameters.title')}
            </Typography>
            <ParametersTable parameters={preview.parameters} />
          </>
        )}
      </Box>
    </Box>
  );
};
