import { Box, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useFormState } from 'react-hook-form';
import {
  Form,
  ResourceContextProvider,
  SaveButton,
  TextInput,
  Title,
  useGetOne,
  useLocaleState,
  useNotify,
  useUpdate,
} from 'react-admin';
import { ROLE, personNameRules } from '../../domain';
import { updateSessionUser } from '../../authProvider/session';
import { useSessionUser } from '../session/useSession';
import { useUnsavedForm } from '../unsaved/useUnsavedForm';
import { raRules } from '../validation/raValidators';
import { useT } from '../i18n/useT';
import { roleLabelKey } from '../roleLabel';

interface UserRecord {
  id: string;
  fullName: string;
  email: string;
  role: (typeof ROLE)[keyof typeof ROLE];
  companyName?: string | null;
  createdAt?: string;
}

const validateName = raRules(personNameRules);

/** Reports the form's dirty state to the unsaved-changes guard. */
const DirtyTracker = () => {
  const { isDirty } = useFormState();
  useUnsavedForm(isDirty);
  return null;
};

const Field = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ mb: 1.5 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography>{value}</Typography>
  </Box>
);

/** /controlroom/profile/userdetails: the own record, with the full name editable. */
export const UserDetails = () => {
  const t = useT();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const session = useSessionUser();
  const id = session?.id ?? '';
  const { data, isPending, error } = useGetOne<UserRecord>('users', { id }, { enabled: id !== '' });
  const [update, { isPending: saving }] = useUpdate<UserRecord>();

  const save = (values: Partial<UserRecord>) => {
    const fullName = (values.fullName ?? '').trim();
    void update(
      'users',
      { id, data: { fullName }, previousData: data },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          updateSessionUser({ fullName });
          notify('rpa.messages.userUpdated', { type: 'success' });
        },
        onError: (e: unknown) =>
          notify(e instanceof Error && e.message ? e.message : 'rpa.messages.somethingWentWrong', { type: 'error' }),
      },
    );
  };

  return (
    <ResourceContextProvider value="users">
      <Title title={t('rpa.profile.title')} />
      <Card sx={{ mt: 2, maxWidth: 560 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('rpa.profile.title')}
          </Typography>
          {isPending && <CircularProgress aria-label={t('rpa.app.loading')} />}
          {error && <Typography color="error">{t('rpa.messages.somethingWentWrong')}</Typography>}
          {data && (
            <>
              <Field label={t('rpa.profile.email')} value={data.email} />
              <Field label={t('rpa.profile.role')} value={t(roleLabelKey(data.role))} />
              {data.role !== ROLE.superAdmin && data.companyName && (
                <Field label={t('rpa.profile.company')} value={data.companyName} />
              )}
              {data.createdAt && (
                <Field label={t('rpa.profile.createdAt')} value={new Date(data.createdAt).toLocaleString(locale)} />
              )}
              <Form record={data} onSubmit={save} mode="onChange" noValidate>
                <DirtyTracker />
                <TextInput
                  source="fullName"
                  label={t('rpa.profile.fullName')}
                  validate={validateName}
                  fullWidth
                  helperText={false}
                />
                <SaveButton label={t('rpa.profile.save')} disabled={saving} />
              </Form>
            </>
          )}
        </CardContent>
      </Card>
    </ResourceContextProvider>
  );
};
