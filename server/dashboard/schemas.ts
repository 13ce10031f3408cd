import { Type, type TSchema } from 'typebox';
import { DASHBOARD_PERIODS } from '../../src/domain/dashboard';

/** The dashboards' envelope: `{ message, data }`. */
export const DataEnvelope = <T extends TSchema>(data: T) => Type.Object({ message: Type.String(), data });

export const ReportQuery = Type.Object({
  period: Type.Union(
    DASHBOARD_PERIODS.map((p) => Type.Literal(p)),
    { description: 'today, weekly (7 local days ending today), monthly (30 local days ending today) or custom' },
  ),
  from: Type.Optional(Type.String({ maxLength: 10, description: 'Custom period: first local day, YYYY-MM-DD' })),
  to: Type.Optional(Type.String({ maxLength: 10, description: 'Custom period: last local day, YYYY-MM-DD' })),
  timezone: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone of the viewer (default UTC)' }),
  ),
  companyId: Type.Optional(
    Type.String({ format: 'uuid', description: 'Super and Sub Admin: one company (default every company)' }),
  ),
});

const Counts = {
  successful: Type.Integer(),
  failed: Type.Integer(),
  terminated: Type.Integer(),
};
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const Period = Type.Object({
  from: Type.String(),
  to: Type.String(),
  timezone: Type.String(),
  days: Type.Array(Type.String()),
  bucket: Type.Union([Type.Literal('hour'), Type.Literal('day')]),
});

export const reportOf = <T extends TSchema>(rows: T) => DataEnvelope(Type.Object({ period: Period, rows }));

export const BotRow = Type.Object({ botId: Nullable(Type.String()), botName: Type.String(), ...Counts });
export const LinePoint = Type.Object({ bucket: Type.String(), ...Counts });
export const SunburstRowSchema = Type.Object({
  companyId: Type.String(),
  companyName: Type.String(),
  botId: Nullable(Type.String()),
  botName: Type.String(),
  ...Counts,
});
export const SummarySchema = Type.Object({
  runs: Type.Integer(),
  ...Counts,
  successRate: Nullable(Type.Number()),
  agentsConnected: Type.Integer(),
  queueLength: Type.Integer(),
  nextFireAt: Nullable(Type.String()),
});
