import * as lib from '../../library';
import { NetError } from '../../dotnet/exceptions';
import { textOrEmpty } from '../../dotnet/text';
import type { Compiler, Factory, Getter } from '../compiler';
import type { Frame } from '../frame';
import { markupExtension } from '../markup';
import { attr, type XNode } from '../xml';
import { neededText, outArg, textOf } from './libraryArgs';

/**
 * UiPath.System.Activities' string activities: Text to Left/Right and the Regex ones, Matches
 * (Find Matching Patterns), IsMatch (Is Text Matching) and Replace (Find and Replace). The
 * Regex Builder's data (BuilderPattern, Model, IsBuilderTabModified) is designer data.
 */

/** TextToLeftRight: FullText split at the first Separator → TextToLeft, TextToRight. */
const textToLeftRight: Factory = (node, c) => {
  const full = c.required(node, 'FullText', 'x:String');
  const separator = c.required(node, 'Separator', 'x:String');
  const left = outArg(c, node, 'TextToLeft');
  const right = outArg(c, node, 'TextToRight');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const [l, r] = lib.textToLeftRight(
        neededText(full, scope, 'FullText'),
        neededText(separator, scope, 'Separator'),
      );
      if (left) left(scope, l);
      if (right) right(scope, r);
    },
  };
};

/** A literal (not an expression) attribute's text, for checking at load. */
function literal(node: XNode, name: string): string | null {
  const a = attr(node, name);
  const t = a?.trim();
  if (a === undefined || (t?.startsWith('[') && t.endsWith(']')) || markupExtension(a)) return null;
  return a;
}

/** Pattern and RegexOption, read at load; a literal pattern or option set this agent cannot run fails the load. */
function regexInputs(c: Compiler, node: XNode): { input: Getter; pattern: Getter; options: Getter | null } {
  const pattern = c.required(node, 'Pattern', 'x:String');
  const options = c.value(node, 'RegexOption', 'x:String');
  const fixedPattern = literal(node, 'Pattern');
  try {
    const opts = lib.regexOptions(literal(node, 'RegexOption'));
    if (fixedPattern !== null) lib.regexIsMatch('', fixedPattern, [...opts].join(','));
  } catch (e) {
    if (e instanceof NetError) c.fail(node, e.exception.message);
    throw e;
  }
  return { input: c.required(node, 'Input', 'x:String'), pattern, options };
}

function run(
  i: { input: Getter; pattern: Getter; options: Getter | null },
  scope: Frame,
): { input: string; pattern: string; options: string | null } {
  const options = i.options ? i.options(scope) : null;
  return {
    input: neededText(i.input, scope, 'input'),
    pattern: neededText(i.pattern, scope, 'pattern'),
    options: options === null ? null : textOrEmpty(options),
  };
}

/** Matches: every match → Result (Match objects), the first one's Value → FirstMatch (Nothing when none). */
const matches: Factory = (node, c) => {
  const inputs = regexInputs(c, node);
  const result = outArg(c, node, 'Result');
  const first = outArg(c, node, 'FirstMatch');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const r = run(inputs, scope);
      const found = lib.regexMatches(r.input, r.pattern, r.options);
      if (result) result(scope, found);
      if (first) first(scope, found.items.length ? textOrEmpty(found.items[0]) : null);
    },
  };
};

/** IsMatch: whether Pattern finds a match in Input → Result. */
const isMatch: Factory = (node, c) => {
  const inputs = regexInputs(c, node);
  const result = outArg(c, node, 'Result');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const r = run(inputs, scope);
      const found = lib.regexIsMatch(r.input, r.pattern, r.options);
      if (result) result(scope, found);
    },
  };
};

/** Replace: every match of Pattern in Input replaced by Replacement → Result. */
const replace: Factory = (node, c) => {
  const inputs = regexInputs(c, node);
  const replacement = c.value(node, 'Replacement', 'x:String');
  const result = outArg(c, node, 'Result');
  return {
    display: c.display(node),
    run(_rt, scope) {
      const r = run(inputs, scope);
      const text = lib.regexReplace(r.input, r.pattern, textOf(replacement, scope) ?? '', r.options);
      if (result) result(scope, text);
    },
  };
};

export const SYSTEM_TEXT_ACTIVITIES: readonly (readonly [string, Factory])[] = [
  ['TextToLeftRight', textToLeftRight],
  ['Matches', matches],
  ['IsMatch', isMatch],
  ['Replace', replace],
];
