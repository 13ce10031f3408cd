import { Type, type TSchema } from 'typebox';
import { DECLARED_PARAMETER_NAME_MAX, RUN_PARAMETER_VALUE_MAX } from '../../src/domain/constants';
import {
  PREVIEW_DEFAULT,
  PREVIEW_MAX,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_MODES,
  SCHEDULE_RECIPIENTS_MAX,
} from '../../src/domain/schedule/duration';

/*
 * The shapes of a schedule's body, for the schema check and OpenAPI. The domain's rules
 * (validateScheduleBody) run before them and answer the builder's messages; these only refuse
 * what no rule names (a property the model does not have, a value of the wrong type).
 */

/** An optional property that may also be sent as null (the builder clears a field so). */
const maybe = (schema: TSchema) => Type.Optional(Type.Union([schema, Type.Null()]));
/** One of these texts, as an enum (one clear error, where a union of literals gives one per branch). */
const oneOf = (values: readonly string[]) => Type.Unsafe<string>({ type: 'string', enum: [...values] });

const MonthDay = Type.Object(
  {
    week: Type.Union([Type.Integer({ minimum: 1, maximum: 4 }), Type.Literal('last')]),
    weekDay: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday' }),
  },
  { additionalProperties: false },
);

/** The schedule model (src/domain/schedule/duration.ts) as an object. */
export const DurationObject = Type.Object(
  {
    frequency: oneOf(SCHEDULE_FREQUENCIES),
    every: maybe(Type.Integer({ description: 'minutely: 1–59 minutes; hourly: 1–23 hours' })),
    time: maybe(Type.String({ maxLength: 5, description: 'HH:mm, wall-clock in timezone' })),
    weekDays: maybe(Type.Array(Type.Integer(), { maxItems: 7, description: '0–6, 0 = Sunday' })),
    months: maybe(Type.Array(Type.Integer(), { maxItems: 12, description: '1–12' })),
    mode: maybe(oneOf(SCHEDULE_MODES)),
    dates: maybe(Type.Array(Type.Integer(), { maxItems: 31, description: '1–31' })),
    days: maybe(Type.Array(MonthDay, { maxItems: 35 })),
    timezone: Type.String({ maxLength: 64, description: 'an IANA zone name' }),
    startDate: Type.String({ maxLength: 16, description: 'YYYY-MM-DDTHH:mm, local in timezone' }),
    endDate: maybe(Type.String({ maxLength: 16, description: 'YYYY-MM-DDTHH:mm, local in timezone' })),
  },
  { additionalProperties: false, title: 'ScheduleDuration' },
);

/** A duration as a body gives it: the object, or its JSON string (as the API answers it). */
export const DurationInput = Type.Union([Type.String({ maxLength: 4000 }), DurationObject], {
  description: 'The schedule model: the object, or its JSON string',
});

/** A run's parameter, as POST /process/create takes it. */
export const ScheduleParameter = Type.Object(
  {
    // A name a person types has at most 15 characters; one read from a workflow keeps its length.
    name: Type.String({ minLength: 1, maxLength: DECLARED_PARAMETER_NAME_MAX }),
    // Plain values have at most 30 characters (2000 for JSON); the ciphertext of one is longer.
    value: Type.String({ maxLength: RUN_PARAMETER_VALUE_MAX }),
    encrypted: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The body schemas of the fields whose input differs from the stored column. */
export const SCHEDULE_INPUTS: Record<string, TSchema> = {
  duration: DurationInput,
  parameters: Type.Array(ScheduleParameter, { maxItems: 50 }),
  recipients: Type.Array(Type.String({ maxLength: 254 }), { maxItems: SCHEDULE_RECIPIENTS_MAX }),
  // A schedule completes by itself when no fire remains; a person enables or disables it.
  status: oneOf(['active', 'disabled']),
};

export const PreviewBody = Type.Object(
  {
    duration: DurationInput,
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: PREVIEW_MAX, default: PREVIEW_DEFAULT })),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'default: now' })),
  },
  { additionalProperties: false },
);

/** ISO instants in UTC (`toISOString()`). */
export const Instants = Type.Array(Type.String({ format: 'date-time' }));
