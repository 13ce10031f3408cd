import { Chip } from '@mui/material';
import { AutocompleteInput, ReferenceInput, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { required } from '../../domain';
import { raRules } from '../../custom/validation/raValidators';
import { useFieldLabel, type SchemaInputProps } from '../schema';

/** 1536 → "1.5 KB": a workflow file's size as people read it. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

export const FileSizeValue = () => {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  return typeof record?.fileSize === 'number' ? <>{formatBytes(record.fileSize, locale)}</> : <>—</>;
};

/** A bot of a company whose licence has ended cannot run: said at a glance. */
export const ExpiredValue = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return record.expired === true ? (
    <Chip size="small" color="error" label={translate('resources.bots.expiredChip')} />
  ) : (
    <>{translate('ra.boolean.false')}</>
  );
};

const validateCompany = [Object.assign(raRules([required('selectCompany')]), { isRequired: true })];

/** The bot's company: Super and Sub Admin must choose one (company users create in their own). */
export const BotCompanyInput = ({ def, name }: SchemaInputProps) => {
  const label = useFieldLabel(def)(name);
  return (
    <ReferenceInput source={name} reference="companies" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <AutocompleteInput label={label} optionText="name" validate={validateCompany} fullWidth />
    </ReferenceInput>
  );
};
