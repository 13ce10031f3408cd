import { useMemo } from 'react';
import { useForm, useWatch, type RegisterOptions } from 'react-hook-form';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { DEMO_TOAST_MS, check } from '../../../domain';
import { demoFormRules, type DemoField } from '../../../domain/demoValidation';
import { apiFetch } from '../../../dataProvider/apiFetch';
import { badRequestMessage } from '../../../dataProvider/httpError';
import { showToast } from '../../toast/toastStore';
import { useLanguage, useT } from '../../i18n/useT';
import { usePhone } from '../../layout/usePhone';
import { translateServerMessage } from '../../i18n/serverMessage';
import { countryOptions } from './countries';

export type DemoValues = Record<DemoField, string>;
const EMPTY: DemoValues = {
  firstName: '',
  lastName: '',
  email: '',
  countryCode: '',
  phoneNumber: '',
  companyName: '',
  message: '',
};

/**
 * The form is the dialog's column: its content scrolls between a title and buttons that stay
 * in view (a form around them as one block would scroll them away with the fields).
 */
const FORM_LAYOUT = { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } as const;

export const DemoDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const t = useT();
  // The whole screen on a phone.
  const phone = usePhone();
  const locale = useLanguage();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const { register, handleSubmit, control, reset, trigger, getFieldState, formState } = useForm<DemoValues>({
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const countryCode = useWatch({ control, name: 'countryCode' });

  const rules = (name: DemoField): RegisterOptions<DemoValues, DemoField> => ({
    validate: (value, all) => {
      const key = check(value, demoFormRules[name], all);
      return key ? t(`rpa.messages.${key}`) : true;
    },
  });

  /** MUI wants the input's ref as inputRef; errors go under the field. */
  const field = (name: DemoField, label: string, extra: Partial<TextFieldProps> = {}): TextFieldProps => {
    const { ref, ...rest } = register(name, rules(name));
    const error = formState.errors[name]?.message;
    // A reserved helper line: a message appearing on blur must not move Submit under the pointer.
    return {
      ...rest,
      inputRef: ref,
      id: `demo-${name}`,
      label,
      error: Boolean(error),
      helperText: error ?? ' ',
      fullWidth: true,
      margin: 'dense',
      ...extra,
    };
  };

  const country = field('countryCode', t('rpa.demo.countryCode'), {
    select: true,
    slotProps: { select: { native: true }, inputLabel: { shrink: true } },
  });
  const onCountryChange = country.onChange;

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      const res = await apiFetch<{ message: string }>('/bookDemo', { method: 'POST', body: values });
      showToast(translateServerMessage(res.message, t), { type: 'success', durationMs: DEMO_TOAST_MS });
      close();
    } catch (error) {
      const message = badRequestMessage(error);
      showToast(message ? translateServerMessage(message, t) : t('rpa.messages.somethingWentWrong'), {
        type: 'error',
        durationMs: DEMO_TOAST_MS,
      });
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby="demo-title" fullWidth maxWidth="sm" fullScreen={phone}>
      <form noValidate onSubmit={(e) => void submit(e)} style={FORM_LAYOUT}>
        <DialogTitle id="demo-title">{t('rpa.demo.title')}</DialogTitle>
        <DialogContent>
          <TextField {...field('firstName', t('rpa.demo.firstName'))} autoFocus />
          <TextField {...field('lastName', t('rpa.demo.lastName'))} />
          <TextField {...field('email', t('rpa.demo.email'), { type: 'email' })} />
          <TextField
            {...country}
            onChange={(e) => {
              void onCountryChange?.(e);
              if (getFieldState('phoneNumber').isTouched) void trigger('phoneNumber');
            }}
          >
            <option value="">{t('rpa.demo.chooseCountry')}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </TextField>
          <TextField {...field('phoneNumber', t('rpa.demo.phoneNumber'), { type: 'tel', disabled: !countryCode })} />
          <TextField {...field('companyName', t('rpa.demo.companyName'))} />
          <TextField {...field('message', t('rpa.demo.message'), { multiline: true, minRows: 3 })} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('rpa.common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('rpa.common.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
