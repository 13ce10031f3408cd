import { fail } from './exceptions';
import { formatValue, textOrEmpty } from './text';
import type { Value } from './values';

const BAD_INDEX =
  'Index (zero based) must be greater than or equal to zero and less than the size of the argument list.';

/** String.Format's composite format: {index[,alignment][:format]}, with {{ and }} for braces. */
export function compositeFormat(format: string, args: Value[]): string {
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c === '{' && format[i + 1] === '{') {
      out += '{';
      i++;
    } else if (c === '}' && format[i + 1] === '}') {
      out += '}';
      i++;
    } else if (c === '{') {
      const end = format.indexOf('}', i);
      const m = end < 0 ? null : /^\s*(\d+)\s*(?:,\s*(-?\d+)\s*)?(?::(.*))?$/s.exec(format.slice(i + 1, end));
      if (!m) fail('FormatException', 'Input string was not in a correct format.');
      const index = Number(m[1]);
      if (index >= args.length) fail('FormatException', BAD_INDEX);
      const v = args[index];
      let text = v === null ? '' : m[3] !== undefined ? formatValue(v, m[3]) : textOrEmpty(v);
      const width = m[2] === undefined ? 0 : Number(m[2]);
      text = width < 0 ? text.padEnd(-width) : text.padStart(width);
      out += text;
      i = end;
    } else if (c === '}') fail('FormatException', 'Input string was not in a correct format.');
    else out += c;
  }
  return out;
}
