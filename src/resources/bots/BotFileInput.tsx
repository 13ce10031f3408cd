import { useCallback, useId, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, FormHelperText, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { InputHelperText, useInput, useLocaleState, useTranslate, type Validator } from 'react-admin';
import { BOT_FILE_EXTENSIONS, BOT_FILE_MAX_BYTES } from '../../domain/resources';
import { readBotParameters } from '../../dataProvider/calls';
import type { BotParameter } from '../../domain/resources';
import { errorText } from '../schema';
import { formatBytes } from './BotFields';
import { ParametersTable } from './BotParameters';

const isXaml = (file: File) => BOT_FILE_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));

/** The server's checks of the upload, made before sending 5 MB for nothing (same messages). */
export function fileProblem(value: unknown): string | undefined {
  if (!(value instanceof File)) return 'rpa.resourceMessages.botFileRequired';
  if (!isXaml(value)) return 'rpa.resourceMessages.botFileInvalid';
  if (value.size > BOT_FILE_MAX_BYTES) return 'rpa.resourceMessages.botFileTooLarge';
  return undefined;
}
const validate: Validator = Object.assign((value: unknown) => fileProblem(value), { isRequired: true });

type Preview = { state: 'loading' } | { state: 'done'; parameters: BotParameter[] } | { state: 'failed'; message: string };

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

/** The bot's workflow file (.xaml, at most 5 MB) and a preview of its arguments. */
export const BotFileInput = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const picker = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const { field, fieldState } = useInput({ source: 'file', validate });
  const file: unknown = field.value;
  const [previewOf, read] = usePreview();
  const preview = previewOf(file);
  const label = translate('resources.bots.fields.file');
  const error = fieldState.error?.message;
  return (
    <Box sx={{ width: '100%', maxWidth: 560, mb: 2 }}>
      <Typography variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mb: 0.5 }}>
        {label} *
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {/* A real button opens the (hidden) file input: reachable by keyboard, unlike a styled label. */}
        <Button variant="outlined" startIcon={<UploadFile />} onClick={() => picker.current?.click()} aria-describedby={helpId}>
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
            read(chosen);
            // Choosing the same file again must still fire a change.
            event.target.value = '';
          }}
        />
        <Typography variant="body2">
          {file instanceof File ? `${file.name} (${formatBytes(file.size, locale)})` : translate('resources.bots.noFile')}
        </Typography>
      </Box>
      <FormHelperText id={helpId} error={!!error}>
        <InputHelperText error={error} helperText="resources.bots.fileHelp" />
      </FormHelperText>
      <Box sx={{ mt: 1 }} aria-live="polite">
        {preview?.state === 'loading' && <CircularProgress size={20} aria-label={translate('resources.bots.parameters.reading')} />}
        {preview?.state === 'failed' && <Alert severity="error">{translate(preview.message, { _: preview.message })}</Alert>}
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
