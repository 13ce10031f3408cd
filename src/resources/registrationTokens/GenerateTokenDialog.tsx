import { createContext, useContext, useState } from 'react';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as TextButton,
  TextField,
} from '@mui/material';
import VpnKey from '@mui/icons-material/VpnKey';
import {
  AutocompleteInput,
  Form,
  ReferenceInput,
  SaveButton,
  Toolbar,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { required } from '../../domain';
import { DEFAULT_TOKEN_EXPIRY_DAYS, registrationTokens, type TOKEN_TYPES } from '../../domain/declarations';
import { canUserAccess } from '../../authProvider/permissions';
import { useSessionUser } from '../../custom/session/useSession';
import { usePhone } from '../../custom/layout/usePhone';
import { raRules } from '../../custom/validation/raValidators';
import {
  DirtyTracker,
  LabelledButton,
  SchemaInput,
  useCanDo,
  useFieldLabel,
  useServerError,
  withoutBlanks,
} from '../schema';
import { useCopyToken } from './TokenActions';

/** A token's type (TOKEN_TYPES). */
export type TokenType = (typeof TOKEN_TYPES)[number];

/** The company whose tokens a list shows, when it is fixed (a company's details page). */
export const TokenCompanyContext = createContext<string | null>(null);

/**
 * Opens the dialog. The dialog lives beside the list, not in its toolbar: the first token
 * turns the empty state into the list, and the token must stay on screen to be copied.
 */
export const OpenGenerateContext = createContext<(() => void) | null>(null);

/** Generate Token, for who may create tokens (of this company). */
export const GenerateTokenButton = () => {
  const open = useContext(OpenGenerateContext);
  const fixedCompany = useContext(TokenCompanyContext);
  const canDo = useCanDo(registrationTokens);
  if (!open || !canDo('create', fixedCompany ? { companyId: fixedCompany } : undefined)) return null;
  return (
    <LabelledButton
      label="resources.registrationTokens.generate"
      icon={<VpnKey />}
      onClick={open}
      variant="contained"
    />
  );
};

/** Stable records (a new object each render would reset the form): blank, or of one type. */
const NEW_TOKEN: Record<'any' | TokenType, Record<string, string>> = {
  any: {},
  agent: { type: 'agent' },
  studio: { type: 'studio' },
};
const validateCompany = [Object.assign(raRules([required('selectCompany')]), { isRequired: true })];

/** Generate Token: type (agent or bot studio), optional expiry and reuse; then the token to copy once. */
export const GenerateTokenDialog = ({
  open,
  onClose,
  defaultType,
}: {
  open: boolean;
  onClose: () => void;
  defaultType?: TokenType;
}) => {
  const translate = useTranslate();
  const label = useFieldLabel(registrationTokens);
  const fixedCompany = useContext(TokenCompanyContext);
  const user = useSessionUser();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useServerError();
  const copy = useCopyToken();
  const [token, setToken] = useState<string | null>(null);
  const phone = usePhone();
  if (!user) return null;
  const chooseCompany = !fixedCompany && canUserAccess(user, { action: 'list', resource: 'companies' });
  const close = () => {
    onClose();
    setToken(null);
  };
  const submit = async (values: Record<string, unknown>) => {
    try {
      const data = withoutBlanks({ ...values, ...(fixedCompany ? { companyId: fixedCompany } : {}) });
      const { data: created } = await dataProvider.create('registrationTokens', { data });
      notify('resources.registrationTokens.notifications.created', { type: 'success' });
      setToken(typeof created.token === 'string' ? created.token : null);
      refresh();
      if (typeof created.token !== 'string') close();
    } catch (error) {
      onError(error);
    }
  };
  const title = translate('resources.registrationTokens.generateTitle');
  return (
    <>
      <Dialog open={open} onClose={close} aria-label={title} fullWidth maxWidth="sm" fullScreen={phone}>
        <DialogTitle>{title}</DialogTitle>
        {token ? (
          <>
            <DialogContent>
              <Alert severity="success" sx={{ mb: 2 }}>
                {translate('resources.registrationTokens.generated')}
              </Alert>
              <TextField label={label('token')} value={token} fullWidth slotProps={{ input: { readOnly: true } }} />
            </DialogContent>
            <DialogActions>
              {/* Text buttons at every width: react-admin's Button shrinks to its (here absent) icon on a phone. */}
              <TextButton onClick={() => void copy(token)} variant="contained">
                {translate('resources.registrationTokens.copy')}
              </TextButton>
              <TextButton onClick={close}>{translate('ra.action.close')}</TextButton>
            </DialogActions>
          </>
        ) : (
          <DialogContent>
            {/* A record of its own: inside a company's page the company is the record in context. */}
            <Form
              record={NEW_TOKEN[defaultType ?? 'any']}
              onSubmit={(values: Record<string, unknown>) => submit(values)}
              noValidate
            >
              <DirtyTracker />
              <Box sx={{ display: 'flex', flexDirection: 'column', pt: 1 }}>
                {chooseCompany && (
                  <ReferenceInput
                    source="companyId"
                    reference="companies"
                    sort={{ field: 'name', order: 'ASC' }}
                    perPage={100}
                  >
                    <AutocompleteInput
                      label={label('companyId')}
                      optionText="name"
                      validate={validateCompany}
                      fullWidth
                    />
                  </ReferenceInput>
                )}
                <SchemaInput def={registrationTokens} name="type" mode="create" />
                <SchemaInput def={registrationTokens} name="expiresAt" mode="create" />
                <Box sx={{ mt: -1, mb: 1, color: 'text.secondary', fontSize: 12 }}>
                  {translate('resources.registrationTokens.expiryHelp', { days: DEFAULT_TOKEN_EXPIRY_DAYS })}
                </Box>
                <SchemaInput def={registrationTokens} name="reusable" mode="create" />
              </Box>
              <Toolbar sx={{ gap: 1, px: 0 }}>
                <SaveButton alwaysEnable label="resources.registrationTokens.generate" />
                <TextButton onClick={close}>{translate('ra.action.cancel')}</TextButton>
              </Toolbar>
            </Form>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
};
