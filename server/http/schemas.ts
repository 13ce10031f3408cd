import { Type, type TSchema } from 'typebox';

/** The error envelope. */
export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    code: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { description: 'Error: human message, stable code, and the failing fields for 400s' },
);

/** Success envelope: `{ message, payload }`. */
export const Envelope = <T extends TSchema>(payload: T) => Type.Object({ message: Type.String(), payload });

export const MessageOnly = Type.Object({ message: Type.String(), payload: Type.Null() });

export const List = <T extends TSchema>(row: T) => Type.Object({ count: Type.Integer(), rows: Type.Array(row) });

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Error responses a route can give, for OpenAPI and serialization. */
export function errorResponses<const C extends readonly number[]>(...codes: C): Record<C[number], typeof ErrorBody> {
  const out: Partial<Record<number, typeof ErrorBody>> = {};
  for (const code of codes) out[code] = ErrorBody;
  return out as Record<C[number], typeof ErrorBody>;
}

export const SessionUserSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  role: Type.String(),
  roleId: Type.String({ format: 'uuid' }),
  email: Type.String(),
  companyId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  companyName: Type.Union([Type.String(), Type.Null()]),
  fullName: Type.String(),
  enabledEmailSchedule: Type.Boolean(),
  associatedToGroups: Type.Array(Type.String({ format: 'uuid' })),
});
