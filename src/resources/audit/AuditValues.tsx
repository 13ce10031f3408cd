import { Box, Typography } from '@mui/material';
import { useGetResourceLabel, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { isRoleName } from '../../domain';
import { roleLabelKey } from '../../custom/roleLabel';
import { humanize } from '../schema/labels';

type AuditRecord = {
  resource?: string;
  actorRole?: string;
  changes?: unknown;
  recordId?: string;
  recordName?: string | null;
  actorEmail?: string;
  actorName?: string | null;
};

/**
 * The audited record by its name, its id on hover (and for a screen reader); the id itself when
 * the record has no name any more (deleted) or its resource names records by id.
 */
export const AuditRecordValue = () => {
  const record = useRecordContext<AuditRecord>();
  if (!record?.recordId) return <>—</>;
  if (!record.recordName) return <span style={{ wordBreak: 'break-all' }}>{record.recordId}</span>;
  return <span title={record.recordId}>{record.recordName}</span>;
};

/** Who acted, by full name with their e-mail on hover; the e-mail when there is no user's name. */
export const AuditActorValue = () => {
  const record = useRecordContext<AuditRecord>();
  if (!record?.actorEmail && !record?.actorName) return <>—</>;
  if (!record.actorName) return <>{record.actorEmail}</>;
  return <span title={record.actorEmail}>{record.actorName}</span>;
};

/** The audited resource in the chosen language (the API answers its key, e.g. "users"). */
export const AuditResourceValue = () => {
  const resourceLabel = useGetResourceLabel();
  const name = useRecordContext<AuditRecord>()?.resource;
  return <>{name ? resourceLabel(name, 1) : '—'}</>;
};

/** Who acted, by role in the chosen language: a user's role, or another kind of actor (an agent registering itself). */
export const AuditActorRoleValue = () => {
  const translate = useTranslate();
  const role = useRecordContext<AuditRecord>()?.actorRole;
  if (!role) return <>—</>;
  return (
    <>{isRoleName(role) ? translate(roleLabelKey(role)) : translate(`resources.audit.actors.${role}`, { _: role })}</>
  );
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Words the server writes as details ("reset link") are catalogue keys in camel case ("resetLink"). */
const DETAIL_WORDS = /^[a-z]+( [a-z]+)*$/;
const camel = (words: string) => words.replace(/ ([a-z])/g, (_whole, letter: string) => letter.toUpperCase());
/** Only plain words can be keys of a catalogue: an e-mail or a sentence is shown as it is. */
const KEY_LIKE = /^[\w-]+$/;

/**
 * What changed, as label and value pairs in the chosen language: the audited resource's field
 * labels and choices, the audit's own words for the details the server adds (a password changed
 * "via" a reset link), yes/no, and dates and numbers as the language writes them.
 */
export const AuditChangesValue = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext<AuditRecord>();
  const changes = record?.changes;
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) return <>—</>;
  const resource = record?.resource ?? '';

  const label = (key: string) =>
    translate(`resources.${resource}.fields.${key}`, {
      _: translate(`resources.audit.changeFields.${key}`, { _: humanize(key) }),
    });
  const text = (key: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
    if (typeof value === 'number') return value.toLocaleString(locale);
    if (Array.isArray(value)) return value.map((item) => text(key, item)).join(', ');
    if (typeof value !== 'string') return JSON.stringify(value);
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return new Date(value).toLocaleString(locale);
    const word = DETAIL_WORDS.test(value) ? translate(`resources.audit.values.${camel(value)}`, { _: value }) : value;
    return KEY_LIKE.test(value) ? translate(`resources.${resource}.choices.${key}.${value}`, { _: word }) : word;
  };

  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {Object.entries(changes).map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label(key)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {text(key, value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
