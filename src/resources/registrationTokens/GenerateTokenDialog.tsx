import { createContext, useContext, useState } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, Button as TextButton } from '@mui/material';
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
import { GeneratedToken, type GeneratedTokenRecord } from './GeneratedToken';

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

/**
 * Generate Token: type (agent or bot studio), optional expiry and reuse; then the token to copy
 * once, its registration file to download, and whether it is reusable and until when.
 */
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
  const [created, setCreated] = useState<GeneratedTokenRecord | null>(null);
  const phone = usePhone();
  if (!user) return null;
  const chooseCompany = !fixedCompany && canUserAccess(user, { action: 'list', resource: 'companies' });
  const close = () => {
    onClose();
    setCreated(null);
  };
  const submit = async (values: Record<string, unknown>) => {
    try {
      const data = withoutBlanks({ ...values, ...(fixedCompany ? { companyId: fixedCompany } : {}) });
      const { data: made } = await dataProvider.create('registrationTokens', { data });
      notify('resources.registrationTokens.notifications.created', { type: 'success' });
      refresh();
      if (typeof made.token === 'string') setCreated({ ...made, id: String(made.id), token: made.token });
      else close();
    } catch (error) {
      onError(error);
    }
  };
  const title = translate('resources.registrationTokens.generateTitle');
  return (
    <>
      <Dialog open={open} onClose={close} aria-label={title} fullWidth maxWidth="sm" fullScreen={phone}>
        <DialogTitle>{title}</DialogTitle>
        {created ? (
          <GeneratedToken created={created} onClose={close} />
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
