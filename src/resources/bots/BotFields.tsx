import { Chip } from '@mui/material';
import { AutocompleteInput, ReferenceInput, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { required } from '../../domain';
import { raRules } from '../../custom/validation/raValidators';
import { useFieldLabel, type SchemaInputProps } from '../schema';

/** The units of a size in the chosen language (B, KB, MB; French writes o, Ko, Mo). */
export type SizeUnits = readonly [bytes: string, kilobytes: string, megabytes: string];

export function useSizeUnits(): SizeUnits {
  const translate = useTranslate();
  return [
    translate('resources.bots.sizeUnits.bytes'),
    translate('resources.bots.sizeUnits.kilobytes'),
    translate('resources.bots.sizeUnits.megabytes'),
  ];
}

/** 1536 → "1.5 KB" (French "1,5 Ko"): a workflow file's size as people read it. */
export function formatBytes(bytes: number, locale: string, units: SizeUnits = ['B', 'KB', 'MB']): string {
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
  const units = useSizeUnits();
  return typeof record?.fileSize === 'number' ? <>{formatBytes(record.fileSize, locale, units)}</> : <>—</>;
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
