import { useContext } from 'react';
import { Box } from '@mui/material';
import {
  ChipField,
  ReferenceArrayField,
  ReferenceField,
  SingleFieldList,
  TextField,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { listColumns, type ResourceDef } from '../../domain/resource';
import { SchemaResourceContext } from './context';
import { referenceText } from './defs';
import { useChoiceLabel } from './labels';

/**
 * The field that already names what a reference points at (companyId → companyName,
 * roleId → role): the server computes it, so showing it costs no request.
 */
export function siblingOf(def: ResourceDef, name: string): string | undefined {
  if (!name.endsWith('Id')) return undefined;
  const base = name.slice(0, -2);
  return [`${base}Name`, base].find(
    (candidate) => candidate in def.fields && def.fields[candidate].type !== 'reference',
  );
}

/** The list's columns: the declared ones, without a reference whose name is a column already. */
export function columnsOf(def: ResourceDef): string[] {
  const columns = listColumns(def);
  return columns.filter((name) => {
    const sibling = siblingOf(def, name);
    return !(sibling && columns.includes(sibling));
  });
}

/** A date (YYYY-MM-DD) is a calendar day: shown as is, whatever the browser's time zone. */
const formatDate = (value: string, locale: string) =>
  new Date(`${value.slice(0, 10)}T00:00:00Z`).toLocaleDateString(locale, { timeZone: 'UTC' });

/** One value of a record, shown by the field's type (in a list cell or on the details page). */
export const SchemaValue = ({ def, name }: { def: ResourceDef; name: string }) => {
  const resource = useContext(SchemaResourceContext);
  const Display = resource?.def.name === def.name ? resource.display?.[name] : undefined;
  return Display ? <Display /> : <TypedValue def={def} name={name} />;
};

const TypedValue = ({ def, name }: { def: ResourceDef; name: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const choiceLabel = useChoiceLabel(def);
  const field = def.fields[name];
  if (!record || !field) return null;
  const value: unknown = record[name];
  const sibling = field.type === 'reference' ? siblingOf(def, name) : undefined;
  if (sibling) return <TextField source={sibling} emptyText="—" />;
  if (value === null || value === undefined || value === '') {
    return field.type === 'references' ? null : <>—</>;
  }
  switch (field.type) {
    case 'boolean':
      return <>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
    case 'date':
      return <>{formatDate(String(value), locale)}</>;
    case 'datetime':
      return <>{new Date(String(value)).toLocaleString(locale)}</>;
    case 'integer':
    case 'number':
      return <>{typeof value === 'number' ? value.toLocaleString(locale) : String(value)}</>;
    case 'enum':
      return <>{choiceLabel(name, value)}</>;
    case 'reference':
      return (
        <ReferenceField source={name} reference={field.reference ?? ''} link={false}>
          <TextField source={referenceText(field.reference ?? '')} />
        </ReferenceField>
      );
    case 'references':
      return (
        <ReferenceArrayField source={name} reference={field.reference ?? ''}>
          <SingleFieldList linkType={false}>
            <ChipField source={referenceText(field.reference ?? '')} size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      );
    case 'json':
      return (
        <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {JSON.stringify(value, null, 2)}
        </Box>
      );
    default:
      return <>{String(value)}</>;
  }
};
