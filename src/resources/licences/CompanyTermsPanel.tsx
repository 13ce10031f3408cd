import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import {
  Form,
  RecordContextProvider,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { displayAmount, isCurrency } from './amount';
import {
  DirtyTracker,
  FormToolbar,
  LabelledButton,
  SchemaDetailsFields,
  SchemaFormFields,
  changedWritable,
  showFieldNames,
  useCanDo,
  useResourceText,
  useServerError,
  withoutBlanks,
  type SchemaResource,
} from '../schema';

type Row = Record<string, unknown> & { id: string };

/** The form's record when creating: not the company that is in context. */
const NOTHING_YET = {};

/**
 * What the panel shows of the terms: the amount in its currency, computed by the domain's rule
 * and written as the chosen language writes numbers (15,000.00 / 15 000,00).
 */
function shown(row: Row, locale: string): Row {
  const amount = typeof row.amount === 'number' ? row.amount : Number(row.amount);
  if (!('amount' in row) || !isCurrency(row.currency) || Number.isNaN(amount)) return row;
  const decimals = row.currency === 'INR' ? 0 : 2;
  const written = Number(displayAmount(amount, row.currency)).toLocaleString(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: 2,
  });
  return { ...row, displayAmount: `${written} ${row.currency}` };
}

/**
 * One company's licence or bot studio subscription (at most one each), read from the company's
 * details answer (`recordKey`): shown, created when missing, updated in place.
 */
export const CompanyTermsPanel = ({ resource, recordKey }: { resource: SchemaResource; recordKey: string }) => {
  const { def } = resource;
  const company = useRecordContext<Row>();
  const text = useResourceText(def);
  const canDo = useCanDo(def);
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useServerError();
  const [locale] = useLocaleState();
  const [editing, setEditing] = useState(false);
  if (!company) return null;
  const current = (company[recordKey] ?? null) as Row | null;
  const target = { companyId: company.id };

  const save = async (values: Record<string, unknown>) => {
    try {
      if (current) {
        await dataProvider.update(def.name, {
          id: current.id,
          data: changedWritable(def, values, current),
          previousData: current,
        });
        notify(`resources.${def.name}.notifications.updated`, { type: 'success' });
      } else {
        await dataProvider.create(def.name, { data: { ...withoutBlanks(values), companyId: company.id } });
        notify(`resources.${def.name}.notifications.created`, { type: 'success' });
      }
      setEditing(false);
      refresh();
    } catch (error) {
      onError(error);
    }
  };

  if (editing) {
    return (
      <RecordContextProvider value={current ?? NOTHING_YET}>
        <Form record={current ?? NOTHING_YET} onSubmit={(values: Record<string, unknown>) => save(values)} noValidate>
          <DirtyTracker />
          <SchemaFormFields
            resource={{ ...resource, omitInputs: () => ['companyId'] }}
            mode={current ? 'edit' : 'create'}
          />
          <FormToolbarWithCancel onCancel={() => setEditing(false)} />
        </Form>
      </RecordContextProvider>
    );
  }
  if (!current) {
    return (
      <Box sx={{ py: 2 }}>
        <Typography sx={{ mb: 2 }}>{text('empty')}</Typography>
        {canDo('create', target) && (
          <LabelledButton
            label={`resources.${def.name}.create`}
            icon={<Add />}
            onClick={() => setEditing(true)}
            variant="contained"
          />
        )}
      </Box>
    );
  }
  return (
    <Box sx={{ py: 1 }}>
      <RecordContextProvider value={shown(current, locale)}>
        <SchemaDetailsFields
          def={def}
          names={showFieldNames(def).filter((n) => n !== 'companyName' && n !== 'amount')}
        />
      </RecordContextProvider>
      {canDo('update', { ...current, companyId: company.id }) && (
        <Box sx={{ mt: 2 }}>
          <LabelledButton
            label="rpa.schema.update"
            icon={<EditIcon />}
            onClick={() => setEditing(true)}
            variant="outlined"
          />
        </Box>
      )}
    </Box>
  );
};

const FormToolbarWithCancel = ({ onCancel }: { onCancel: () => void }) => (
  <Box sx={{ display: 'flex', alignItems: 'center' }}>
    <FormToolbar alwaysEnable />
    <LabelledButton label="ra.action.cancel" onClick={onCancel} />
  </Box>
);
