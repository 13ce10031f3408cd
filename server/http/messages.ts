/**
 * Answers to requests no screen of the web app can send (a NUL character or half a surrogate
 * pair, JSON nested past the limit, a broken URL or multipart body, a field no form edits).
 * They stay out of the translated domain catalogue: only a hand-made or hostile client ever
 * reads them, and it reads English.
 */
export const requestMessages = {
  nulCharacter: (field: string) => `${field} must not contain the NUL character (U+0000).`,
  invalidUnicode: (field: string) => `${field} must be valid Unicode text (it holds half of a surrogate pair).`,
  notFinite: (field: string) => `${field} must be a finite number.`,
  tooDeep: (depth: number) => `The request body is nested too deeply (at most ${depth} levels of arrays and objects).`,
  badUrl: 'The address of the request is not valid: it has a malformed percent-encoding.',
  urlTooLong: 'A part of the address of the request is too long.',
  headersTooLarge: 'The request headers or its address are too large.',
  requestTimeout: 'The request did not arrive in time.',
  malformedRequest: 'The request is not valid HTTP.',
  malformedMultipart: 'The form data is not valid multipart/form-data (missing or wrong boundary, or cut short).',
  multipartFieldNotText: (field: string) => `${field} must be text.`,
  /** A body field the route does not take: the web app sends only the fields its forms edit. */
  unknownField: (field: string) => `Unknown field: ${field}`,
  /** A read-only field, or a create-only one sent to an update. */
  cannotBeChanged: (field: string) => `${field} cannot be changed`,
} as const;
