import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import Preview from '@mui/icons-material/Preview';
import Save from '@mui/icons-material/Save';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { parseDuration } from '../../domain/schedule';
import { useUnsavedChanges } from '../unsaved/UnsavedContext';
import { useUnsavedForm } from '../unsaved/useUnsavedForm';
import { hasErrors } from '../../resources/bots/ParameterEditor';
import type { RunParameter } from '../../resources/bots/runCalls';
import { toSend } from '../../resources/bots/RunDialog';
import { errorText } from '../../resources/schema';
import { BotAgentFields, useSchedulableBots, type ScheduleBot } from './BotAgentFields';
import { createSchedule, previewSchedule, updateSchedule, type ScheduleBody } from './calls';
import { DeliveryFields } from './DeliveryFields';
import { FrequencyFields } from './FrequencyFields';
import { RulesHelp } from './RulesHelp';
import { formToDuration, recipientsOf, type ScheduleForm } from './scheduleForm';
import { ScheduleParameters, rowsFor, type ParameterState } from './ScheduleParameters';
import { SchedulePreview } from './SchedulePreview';
import { TimeFields } from './TimeFields';
import { fieldErrorsOf, useApplyErrors } from './builderErrors';

/** A plan being rescheduled: its id and its stored parameters. */
export interface Rescheduled {
  id: string;
  parameters: RunParameter[];
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card variant="outlined" sx={{ mb: 2 }}>
    <CardContent>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

/**
 * The schedule builder's form: bot, agent and parameters; the frequency and its own fields;
 * the zone and dates; recipients, overlap and non-working days. Preview checks every rule (the
 * messages show under their fields) and asks the server for the next five fires; Save is
 * offered once the preview shows the plan as it is now, and the server's field errors land
 * under the same fields.
 */
export const BuilderForm = ({
  initial,
  rescheduled,
  onSaved,
}: {
  initial: ScheduleForm;
  rescheduled?: Rescheduled;
  onSaved: (id: string) => string;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { setDirty } = useUnsavedChanges();
  const methods = useForm<ScheduleForm>({ defaultValues: initial });
  const { control, getValues, formState } = methods;
  const values = useWatch({ control });
  const { bots, isPending } = useSchedulableBots();
  const bot: ScheduleBot | undefined = bots.find((b) => b.id === values.botId);
  const [params, setParams] = useState<ParameterState>(() =>
    rescheduled ? { mode: 'keep' } : { mode: 'edit', rows: [] },
  );
  const [botTouched, setBotTouched] = useState(false);
  // A new plan's bot chosen from the address (the bot's Schedule) gets its rows once the bots are known.
  const rows = params.mode === 'edit' && params.rows.length === 0 && !botTouched ? rowsFor(bot) : undefined;
  const paramState: ParameterState = rows ? { mode: 'edit', rows } : params;
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<{ key: string; fires: Date[] }>();
  const [saved, setSaved] = useState(false);
  const apply = useApplyErrors(methods);
  useUnsavedForm(formState.isDirty && !saved);

  const duration = formToDuration(getValues());
  const key = JSON.stringify(duration);
  const previewed = preview?.key === key ? preview : undefined;

  const body = (): ScheduleBody => {
    const v = getValues();
    return {
      botId: v.botId,
      agentId: v.agentId,
      duration: formToDuration(v),
      recipients: recipientsOf(v.recipients),
      overlap: v.overlap,
      skipNonWorkingDays: v.skipNonWorkingDays,
    };
  };
  /** Every rule of the form; true when nothing is wrong. */
  const check = (): boolean => {
    setTried(true);
    const errors = fieldErrorsOf(body());
    apply(errors);
    return errors.length === 0 && !(paramState.mode === 'edit' && hasErrors(paramState.rows));
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (!apply(error)) notify(errorText(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const showPreview = () => {
    if (!check()) return;
    void run(async () => setPreview({ key, fires: await previewSchedule(duration) }));
  };

  const save = () => {
    if (!check()) return;
    void run(async () => {
      const b = body();
      if (paramState.mode === 'edit') b.parameters = await toSend(paramState.rows, bot?.companyId);
      const written = rescheduled ? await updateSchedule(rescheduled.id, b) : await createSchedule(b);
      setSaved(true);
      setDirty(false);
      notify(written.message || 'resources.schedules.notifications.created', { type: 'success' });
      void navigate(onSaved(written.id));
    });
  };

  const chooseBot = (next: ScheduleBot | undefined) => {
    setBotTouched(true);
    methods.setValue('agentId', '');
    setParams({ mode: 'edit', rows: rowsFor(next) });
  };

  const parsedDuration = previewed ? parseDuration(duration) : undefined;
  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={(e) => e.preventDefault()} sx={{ maxWidth: 960 }}>
        <Section title={translate('resources.schedules.fields.botName')}>
          <BotAgentFields bots={bots} botsPending={isPending} onBotChange={chooseBot} />
          <ScheduleParameters
            state={paramState}
            onChange={setParams}
            kept={rescheduled && !botTouched ? rescheduled.parameters : undefined}
            bot={bot}
            showErrors={tried}
          />
        </Section>
        <Section title={translate('resources.schedules.fields.frequency')}>
          <FrequencyFields />
          <RulesHelp />
        </Section>
        <Section title={translate('resources.schedules.fields.timezone')}>
          <TimeFields />
        </Section>
        <Section title={translate('resources.schedules.fields.recipients')}>
          <DeliveryFields />
        </Section>
        {tried && Object.keys(formState.errors).length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate('resources.schedules.builder.fixErrors')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button variant="outlined" startIcon={<Preview />} onClick={showPreview} disabled={busy}>
            {translate('resources.schedules.builder.preview')}
          </Button>
          <Button variant="contained" startIcon={<Save />} onClick={save} disabled={busy || !previewed}>
            {translate('resources.schedules.builder.save')}
          </Button>
          {!previewed && (
            <Typography variant="body2" color="text.secondary">
              {translate('resources.schedules.builder.previewHelp')}
            </Typography>
          )}
        </Box>
        {previewed && parsedDuration && <SchedulePreview duration={parsedDuration} fires={previewed.fires} />}
      </Box>
    </FormProvider>
  );
};
