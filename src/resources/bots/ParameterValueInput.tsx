import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { parameterKind, type JsonShape } from '../../domain/parameterTypes';

/** An example of each JSON shape, shown in the empty field. */
const JSON_EXAMPLES: Record<JsonShape, string> = {
  array: '["a", "b"]',
  object: '{"key": "value"}',
  table: '[{"Name": "a", "Qty": 2}]',
};

interface Props {
  label: string;
  type: string;
  value: string;
  encrypted: boolean;
  /** Empty is allowed (the workflow's default applies): true/false then offers "left empty" too. */
  optional: boolean;
  onChange: (value: string) => void;
  error?: string;
  hint: string;
}

/**
 * A value's input by its argument's type (src/domain/parameterTypes.ts): text; a whole or a
 * decimal number (the phone's number pad, checked by the rule, not by the browser, so what is
 * refused says why); true/false; JSON for arrays, lists, dictionaries and tables. An encrypted
 * value is typed masked, whatever its type.
 */
export const ParameterValueInput = ({ label, type, value, encrypted, optional, onChange, error, hint }: Props) => {
  const translate = useTranslate();
  const { kind, shape } = parameterKind(type);
  const common = {
    size: 'small' as const,
    label,
    value,
    error: !!error,
    helperText: error ?? (hint || ' '),
    sx: { flex: '1 1 160px' },
  };
  if (kind === 'boolean' && !encrypted) {
    return (
      <TextField {...common} select onChange={(e) => onChange(e.target.value)}>
        {optional && (
          <MenuItem value="">
            <em>{translate('resources.bots.run.leftEmpty')}</em>
          </MenuItem>
        )}
        <MenuItem value="true">true</MenuItem>
        <MenuItem value="false">false</MenuItem>
      </TextField>
    );
  }
  if (kind === 'json' && shape && !encrypted) {
    return (
      <TextField
        {...common}
        multiline
        minRows={2}
        placeholder={JSON_EXAMPLES[shape]}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        sx={{ flex: '1 1 100%' }}
      />
    );
  }
  const inputMode = kind === 'integer' ? 'numeric' : kind === 'number' ? 'decimal' : undefined;
  return (
    <TextField
      {...common}
      type={encrypted ? 'password' : 'text'}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: inputMode ? { inputMode } : {} }}
    />
  );
};
