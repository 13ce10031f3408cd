import type { Cursor } from './cursor';

/** C#'s keyword types, which make `(int)x` a cast rather than a parenthesised name. */
const KEYWORD_TYPES = new Set([
  'int',
  'long',
  'short',
  'byte',
  'string',
  'bool',
  'double',
  'float',
  'decimal',
  'char',
  'object',
]);
/** Other type names that read as a cast in `(T)x`. */
const CAST_TYPES = new Set([
  'DateTime',
  'TimeSpan',
  'DataTable',
  'DataRow',
  'Exception',
  'Int32',
  'Int64',
  'String',
  'Double',
  'Decimal',
  'Boolean',
]);

export function lambdaAhead(c: Cursor): boolean {
  let j = c.i + 1;
  const toks = c.toks;
  while (toks[j] && (toks[j].t === 'id' || (toks[j].t === 'op' && toks[j].v === ','))) j++;
  return toks[j]?.v === ')' && toks[j + 1]?.v === '=>';
}

/** `(T)x`: T is a keyword type, or a known type name followed by something a value starts with. */
export function castAhead(c: Cursor): boolean {
  const t = c.peek();
  if (t.t !== 'id') return false;
  let j = 2;
  while (
    c.isOp('.', c.peek(j)) ||
    c.isOp('[', c.peek(j)) ||
    c.isOp(']', c.peek(j)) ||
    (j > 1 && c.peek(j).t === 'id' && c.isOp('.', c.peek(j - 1)))
  )
    j++;
  if (!c.isOp(')', c.peek(j))) return false;
  if (KEYWORD_TYPES.has(t.v)) return true;
  const after = c.peek(j + 1);
  if (CAST_TYPES.has(t.v)) return after.t === 'id' || after.t === 'lit' || c.isOp('(', after);
  // C#'s rule for any other name: `(N)` followed by an identifier or a literal can only be a cast
  // (`(JArray) JsonConvert.DeserializeObject(text)`); before `(` it stays a parenthesised value.
  return (after.t === 'id' && !['as', 'is'].includes(after.v)) || after.t === 'lit';
}

/** `<T>(` after a member name: a generic method call rather than a comparison. */
export function genericAhead(c: Cursor): boolean {
  let depth = 0;
  for (let j = c.i; j < c.toks.length; j++) {
    const t = c.toks[j];
    if (t.v === '<') depth++;
    else if (t.v === '>') {
      if (--depth === 0) return c.toks[j + 1]?.v === '(';
    } else if (!(t.t === 'id' || t.v === ',' || t.v === '.' || t.v === '[' || t.v === ']')) return false;
  }
  return false;
}
