import { useCallback } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { isHttpError } from '../../dataProvider/httpError';
import { resourceMessages } from '../../domain/declarations/messages';
import { DURATION_KEYS, validateScheduleBody } from '../../domain/schedule';
import type { ScheduleBody } from './calls';
import type { ScheduleForm } from './scheduleForm';

/** A message for one form field: a catalogue key (the domain's rules) or the server's English text. */
export interface FieldError {
  field: string;
  /** The catalogue key of the domain's message, when known. */
  key?: string;
  message: string;
}

const FORM_FIELDS: readonly (keyof ScheduleForm)[] = [
  'botId',
  'agentId',
  ...DURATION_KEYS,
  'recipients',
  'overlap',
  'skipNonWorkingDays',
];
const isFormField = (field: string): field is keyof ScheduleForm => FORM_FIELDS.some((f) => f === field);

/** Every problem of a body by the schedule's rules and the agent the server asks for (it runs the same). */
export function fieldErrorsOf(body: ScheduleBody): FieldError[] {
  const errors: FieldError[] = validateScheduleBody(body).map((e) => ({ ...e }));
  if (!body.agentId) errors.push({ field: 'agentId', message: resourceMessages.scheduleSelectAgent });
  return errors;
}

/** The field errors of a 400 answer (`errors: [{field, message}]`), or undefined. */
function serverErrors(error: unknown): FieldError[] | undefined {
  if (!isHttpError(error) || error.status !== 400 || !Array.isArray(error.body?.errors)) return undefined;
  return error.body.errors
    .filter((e) => typeof e.field === 'string' && typeof e.message === 'string')
    .map((e) => ({ field: String(e.field), message: String(e.message) }));
}

/**
 * Puts messages under their fields (the first of a field wins), replacing the previous ones:
 * the domain's list, or a server answer. True when the messages landed on fields (a server
 * error naming none is for the caller's toast).
 */
export function useApplyErrors(methods: UseFormReturn<ScheduleForm>): (errors: FieldError[] | unknown) => boolean {
  const translate = useTranslate();
  return useCallback(
    (given: FieldError[] | unknown) => {
      const list = Array.isArray(given) ? (given as FieldError[]) : serverErrors(given);
      if (!list) return false;
      methods.clearErrors();
      const done = new Set<string>();
      for (const e of list) {
        if (!isFormField(e.field) || done.has(e.field)) continue;
        done.add(e.field);
        const message = e.key ? translate(`rpa.messages.${e.key}`) : translate(e.message, { _: e.message });
        methods.setError(e.field, { type: 'rule', message });
      }
      return done.size > 0 || list.length === 0;
    },
    [methods, translate],
  );
}
