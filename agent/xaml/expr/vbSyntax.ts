import type { BinaryOp } from './ast';

/** VB's conversion functions: each becomes a cast node. */
export const CONVERSIONS = new Set([
  'cint',
  'cstr',
  'cdbl',
  'cbool',
  'cdec',
  'clng',
  'cdate',
  'csng',
  'cshort',
  'cbyte',
  'cchar',
  'cobj',
]);
export const KEYWORDS = new Set(
  'and andalso or orelse xor not mod is isnot like new nothing true false typeof if function ctype directcast trycast gettype of from with addressof'.split(
    ' ',
  ),
);

/** Levels from the loosest: Or/OrElse/Xor, And/AndAlso, Not, comparisons, &, + -, Mod, \, * /. */
export const LEVELS: [string, BinaryOp][][] = [
  [
    ['Or', 'Or'],
    ['OrElse', 'OrElse'],
    ['Xor', 'Xor'],
  ],
  [
    ['And', 'And'],
    ['AndAlso', 'AndAlso'],
  ],
  [],
  [
    ['=', '='],
    ['<>', '<>'],
    ['<=', '<='],
    ['>=', '>='],
    ['<', '<'],
    ['>', '>'],
    ['Is', 'Is'],
    ['IsNot', 'IsNot'],
  ],
  [['&', 'Concat']],
  [
    ['+', '+'],
    ['-', '-'],
  ],
  [['Mod', 'Mod']],
  [['\\', '\\']],
  [
    ['*', '*'],
    ['/', '/'],
  ],
];
