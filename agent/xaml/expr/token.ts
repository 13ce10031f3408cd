import type { Value } from '../dotnet/values';

/*
 * The token both lexers write (lexer.ts for VB and C#, lexCs.ts for C#'s strings), in a module
 * of its own so that neither lexer imports the other for it.
 */

/** A token: `id` (identifier or keyword), `lit` (a literal value), `op`, `interp` (C# $"…"), `eof`. */
export interface Token {
  t: 'id' | 'lit' | 'op' | 'interp' | 'eof';
  v: string;
  pos: number;
  value?: Value;
  /** For `interp`: the literal pieces and the holes' source text with their offsets. */
  parts?: (string | { src: string; pos: number; format: string | null })[];
  /** For an identifier written [escaped] in VB: never a keyword. */
  escaped?: boolean;
}
