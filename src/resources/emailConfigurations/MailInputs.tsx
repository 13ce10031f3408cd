import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { MAIL_HOSTS, isMailHostId } from '../../domain/mailHosts';
import { validatorsFor } from '../schema';
import { SchemaInput } from '../schema/SchemaInput';
import { useFieldLabel } from '../schema/labels';
import type { SchemaInputProps } from '../schema/types';
import { checkConnection, type ConnectionResult } from './checkConnection';

const SERVER_FIELDS = ['imapHost', 'imapPort', 'imapSecure', 'smtpHost', 'smtpPort', 'smtpSecure'] as const;

/** The host select, with how to get the chosen provider's app password under it. */
export const HostInput = (props: SchemaInputProps) => {
  const translate = useTranslate();
  const host: unknown = useWatch({ name: 'host' });
  const preset = isMailHostId(host) ? MAIL_HOSTS.find((h) => h.id === host) : undefined;
  return (
    <>
      <SchemaInput {...props} />
      {preset ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="host-instructions">
          {translate(preset.instructionsKey)}
        </Alert>
      ) : null}
    </>
  );
};

/** A custom host's server fields; a preset's servers are the provider's, not typed. */
export const ServerInput = (props: SchemaInputProps) => {
  const host: unknown = useWatch({ name: 'host' });
  return host === 'custom' ? <SchemaInput {...props} /> : null;
};

const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[,;\s]+/))
    .map((s) => s.trim())
    .filter(Boolean);

/** The reply's text, then its recipients typed as one line (commas, semicolons or spaces). */
export const TextAndRecipientsInput = (props: SchemaInputProps) => {
  const translate = useTranslate();
  const label = useFieldLabel(props.def)('recipients');
  return (
    <>
      <SchemaInput {...props} />
      <TextInput
        source="recipients"
        label={label}
        helperText={translate('resources.emailConfigurations.recipientsHelp')}
        format={(value: unknown) => listOf(value).join(', ')}
        parse={(value: string) => (value.trim() === '' ? [] : value.split(/[,;\s]+/).filter(Boolean))}
        validate={validatorsFor(props.def.fields.recipients)}
        fullWidth
      />
    </>
  );
};

/** The body of a check: the form's settings (a stored configuration's id, its secret if typed). */
function checkBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { host: values.host, email: values.email };
  if (values.id) body.id = values.id;
  if (typeof values.secret === 'string' && values.secret !== '') body.secret = values.secret;
  if (values.host === 'custom') for (const name of SERVER_FIELDS) if (values[name] != null) body[name] = values[name];
  return body;
}

/** The secret (a password input, empty on edit = unchanged), then "Check connection" and its answer. */
export const SecretInput = (props: SchemaInputProps) => {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ConnectionResult | null>(null);
  const run = async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult(await checkConnection(checkBody(getValues())));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <SchemaInput {...props} />
      {props.mode === 'edit' ? (
        <Box sx={{ mt: -1, mb: 1, color: 'text.secondary', fontSize: 12 }}>
          {translate('resources.emailConfigurations.secretKept')}
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Button variant="outlined" onClick={() => void run()} disabled={busy}>
          {translate('resources.emailConfigurations.checkConnection')}
        </Button>
        {busy ? <CircularProgress size={20} aria-label={translate('resources.emailConfigurations.checking')} /> : null}
      </Box>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mb: 2 }} data-testid="check-connection-result">
          {result.message}
        </Alert>
      ) : null}
    </>
  );
};
