import * as lib from '../../library';
import { NetError } from '../../dotnet/exceptions';
import type { NetRegex } from '../../dotnet/regex';
import type { Compiler, Factory } from '../compiler';
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

/** What a Regex activity does with the compiled Regex and the Input, set up from its node at load. */
type RegexAnswer = (c: Compiler, node: XNode) => (regex: NetRegex, input: string, scope: Frame) => void;

/**
 * A Regex activity: Input, Pattern and RegexOption, then `answer`. A literal RegexOption is
 * parsed once, at load, and a literal Pattern compiled there too, so that a pattern or option
 * set this agent cannot run fails the load rather than the run.
 */
function regexActivity(answer: RegexAnswer): Factory {
  return (node, c) => {
    const pattern = c.required(node, 'Pattern', 'x:String');
    const options = c.value(node, 'RegexOption', 'x:String');
    const fixedOptions = literal(node, 'RegexOption');
    const fixedPattern = literal(node, 'Pattern');
    let bits: number | null = null;
    try {
      if (options === null || fixedOptions !== null) bits = lib.regexOptions(fixedOptions);
      if (fixedPattern !== null && bits !== null) lib.regexFor(fixedPattern, bits);
    } catch (e) {
      if (e instanceof NetError) c.fail(node, e.exception.message);
      throw e;
    }
    const input = c.required(node, 'Input', 'x:String');
    const act = answer(c, node);
    return {
      display: c.display(node),
      run(_rt, scope) {
        const optionBits = bits ?? lib.regexOptions(options ? options(scope) : null);
        const regex = lib.regexFor(neededText(pattern, scope, 'pattern'), optionBits);
        act(regex, neededText(input, scope, 'input'), scope);
      },
    };
  };
}

/** Matches: every match → Result (a MatchCollection), the first one's Value → FirstMatch (Nothing when none). */
const matches = regexActivity((c, node) => {
  const result = outArg(c, node, 'Result');
  const first = outArg(c, node, 'FirstMatch');
  return (regex, input, scope) => {
    const found = regex.matches(input);
    if (result) result(scope, found);
    if (first) first(scope, found.matches[0]?.value ?? null);
  };
});

/** IsMatch: whether Pattern finds a match in Input → Result. */
const isMatch = regexActivity((c, node) => {
  const result = outArg(c, node, 'Result');
  return (regex, input, scope) => result?.(scope, regex.isMatch(input));
});

/** Replace: every match of Pattern in Input replaced by Replacement → Result. */
const replace = regexActivity((c, node) => {
  const replacement = c.value(node, 'Replacement', 'x:String');
  const result = outArg(c, node, 'Result');
  return (regex, input, scope) => result?.(scope, regex.replace(input, textOf(replacement, scope) ?? ''));
});

export const SYSTEM_TEXT_ACTIVITIES: readonly (readonly [string, Factory])[] = [
  ['TextToLeftRight', textToLeftRight],
  ['Matches', matches],
  ['IsMatch', isMatch],
  ['Replace', replace],
];
