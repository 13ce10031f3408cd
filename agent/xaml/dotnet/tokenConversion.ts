import type { JToken } from './jtoken';
import type { Value } from './values';

/**
 * CType of a JSON token (token.ToObject(Of T)), which convertTo needs and which itself converts
 * the values the token holds with convertTo. jsonConvert.ts provides it when it loads; cast.ts
 * calls it through here, so the two modules form no import circle. Every module that reads
 * tokens in an expression (the expressions' member access, dotnet/index.ts) loads jsonConvert.ts.
 */
export type TokenConversion = (token: JToken, written: string) => Value;

let conversion: TokenConversion | null = null;

/** Called once by jsonConvert.ts as it loads. */
export function provideTokenConversion(convert: TokenConversion): void {
  conversion = convert;
}

/** The token's conversion to a written type; an internal error if jsonConvert.ts was never loaded. */
export function convertToken(token: JToken, written: string): Value {
  if (!conversion) throw new Error('JSON token conversions are not loaded: import dotnet/jsonConvert first');
  return conversion(token, written);
}
