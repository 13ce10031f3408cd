import { equals } from '../../dotnet/arith';
import type { Value } from '../../dotnet/values';
import type { Factory, Getter } from '../compiler';
import { exec, type Activity } from '../engine';
import { literalOf } from '../literal';
import { NS } from '../ns';
import { attr, isContent, keyOf, type XNode } from '../xml';

/** If: Then when Condition is true, else Else. */
export const ifActivity: Factory = (node, c) => {
  const cond = c.required(node, 'Condition', 'x:Boolean');
  const then = c.body(node, 'Then');
  const otherwise = c.body(node, 'Else');
  return {
    display: c.display(node),
    run(rt, scope) {
      const branch = cond(scope) === true ? then : otherwise;
      if (branch) return exec(branch, rt, scope);
    },
  };
};

/**
 * ui:IfElseIf and ui:IfElseIfV2 (what Studio saves for Else If): the first block whose Condition
 * is true, else Else. IfElseIfV2 holds its first block's Condition and Then itself, before its ElseIfs.
 */
export const ifElseIf: Factory = (node, c) => {
  const blocks: { cond: Getter; then: Activity | null }[] = [];
  const own = c.value(node, 'Condition', 'x:Boolean');
  if (own) blocks.push({ cond: own, then: c.body(node, 'Then') });
  // A block without a Condition (Studio writes BlockType="Else") is the else branch.
  const elseBlocks: (Activity | null)[] = [];
  const visit = (n: XNode) => {
    for (const ch of n.children) {
      if (ch.name === 'IfElseIfBlock') {
        const inner = ch.children.find(isContent);
        const then = c.body(ch, 'Then') ?? (inner ? c.activity(inner) : null);
        const cond = attr(ch, 'BlockType') === 'Else' ? null : c.value(ch, 'Condition', 'x:Boolean');
        if (cond) blocks.push({ cond, then });
        else elseBlocks.push(then);
      } else if (!ch.name.endsWith('.Else')) visit(ch);
    }
  };
  const elseIfs = c.propElement(node, 'ElseIfs');
  if (elseIfs || !own) visit(elseIfs ?? node);
  const otherwise = c.body(node, 'Else') ?? elseBlocks[0] ?? null;
  return {
    display: c.display(node),
    run(rt, scope) {
      for (const b of blocks) if (b.cond(scope) === true) return b.then ? exec(b.then, rt, scope) : undefined;
      if (otherwise) return exec(otherwise, rt, scope);
    },
  };
};

/** Switch<T>: the case whose x:Key equals Expression, else Default. */
export const switchActivity: Factory = (node, c) => {
  const type = attr(node, 'TypeArguments', NS.x) ?? 'x:String';
  const expression = c.required(node, 'Expression', type);
  const cases: { key: Value; body: Activity }[] = [];
  for (const ch of node.children) {
    if (ch.name.includes('.')) continue;
    const written = keyOf(ch);
    const key = written === undefined ? c.fail(ch, 'a Switch case has no x:Key') : written;
    const lit =
      (key === null ? { value: null } : literalOf(key, type)) ??
      c.fail(ch, `case '${key}' is not a valid ${type.replace(/^\w+:/, '')}`);
    cases.push({ key: lit.value, body: c.activity(ch) });
  }
  const fallback = c.body(node, 'Default');
  return {
    display: c.display(node),
    run(rt, scope) {
      const v = expression(scope);
      for (const k of cases) if (equals(v, k.key, false)) return exec(k.body, rt, scope);
      if (fallback) return exec(fallback, rt, scope);
    },
  };
};
