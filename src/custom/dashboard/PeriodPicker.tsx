import { Box, MenuItem, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useGetList } from 'react-admin';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../../domain/dashboard';
import { useT } from '../i18n/useT';
import type { ReportParams } from './useReports';

interface Props {
  params: ReportParams;
  onChange: (next: ReportParams) => void;
  /** Super and Sub Admin choose a company; others read their own. */
  companyFilter: boolean;
}

const CompanySelect = ({ value, onChange }: { value?: string; onChange: (id?: string) => void }) => {
  const t = useT();
  const { data = [] } = useGetList('companies', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  return (
    <TextField
      select
      size="small"
      label={t('rpa.dashboard.company')}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="">{t('rpa.dashboard.allCompanies')}</MenuItem>
      {data.map((c) => (
        <MenuItem key={String(c.id)} value={String(c.id)}>
          {String(c.name)}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** The period (today, last 7 or 30 local days, or two dates) and, for platform roles, the company. */
export const PeriodPicker = ({ params, onChange, companyFilter }: Props) => {
  const t = useT();
  const set = (changes: Partial<ReportParams>) => onChange({ ...params, ...changes });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={params.period}
        aria-label={t('rpa.dashboard.period.label')}
        onChange={(_, period: DashboardPeriod | null) => period && set({ period })}
        sx={{ flexWrap: 'wrap' }}
      >
        {DASHBOARD_PERIODS.map((p) => (
          <ToggleButton key={p} value={p}>
            {t(`rpa.dashboard.period.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {params.period === 'custom' && (
        <>
          <TextField
            type="date"
            size="small"
            label={t('rpa.dashboard.from')}
            value={params.from ?? ''}
            onChange={(e) => set({ from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label={t('rpa.dashboard.to')}
            value={params.to ?? ''}
            onChange={(e) => set({ to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
      {companyFilter && <CompanySelect value={params.companyId} onChange={(companyId) => set({ companyId })} />}
    </Box>
  );
};
