import { equals } from '../../dotnet/arith';
import type { Value } from '../../dotnet/values';
import type { Compiler, Factory, Getter } from '../compiler';
import { exec, type Activity, type Runtime } from '../engine';
import type { Frame } from '../frame';
import { literalOf } from '../literal';
import { NS } from '../ns';
import { attr, isContent, keyOf, type XNode } from '../xml';

/** One node of a flowchart; `next` is filled after creation so that nodes can form cycles. */
type FlowNode =
  | { kind: 'step'; action: Activity | null; next: FlowNode | null }
  | { kind: 'decision'; cond: Getter; whenTrue: FlowNode | null; whenFalse: FlowNode | null }
  | { kind: 'switch'; expr: Getter; cases: { key: Value; to: FlowNode | null }[]; fallback: FlowNode | null };

class FlowCompiler {
  private readonly nodes = new Map<XNode, FlowNode>();
  constructor(private readonly c: Compiler) {}

  node(el: XNode | null): FlowNode | null {
    if (!el) return null;
    const known = this.nodes.get(el);
    if (known) return known;
    const c = this.c;
    switch (el.name) {
      case 'FlowStep': {
        const n: FlowNode = { kind: 'step', action: null, next: null };
        this.nodes.set(el, n);
        const action = el.children.find(isContent);
        n.action = action ? c.activity(c.resolve(action, el)) : null;
        n.next = this.node(c.target(el, 'Next'));
        return n;
      }
      case 'FlowDecision': {
        const n: FlowNode = {
          kind: 'decision',
          cond: c.required(el, 'Condition', 'x:Boolean'),
          whenTrue: null,
          whenFalse: null,
        };
        this.nodes.set(el, n);
        n.whenTrue = this.node(c.target(el, 'True'));
        n.whenFalse = this.node(c.target(el, 'False'));
        return n;
      }
      case 'FlowSwitch': {
        const type = attr(el, 'TypeArguments', NS.x) ?? 'x:String';
        const n: FlowNode = { kind: 'switch', expr: c.required(el, 'Expression', type), cases: [], fallback: null };
        this.nodes.set(el, n);
        n.fallback = this.node(c.target(el, 'Default'));
        for (const ch of el.children) {
          if (ch.name.includes('.')) continue;
          // The designer writes a case's key on the case: `<x:Reference>__ReferenceID3<x:Key>a</x:Key>
          // </x:Reference>`, or on the FlowStep it holds, as an attribute or an `<x:Key>` element.
          const target = c.resolve(ch, el);
          const key = keyOf(ch) ?? (target === ch ? undefined : keyOf(target));
          if (key === undefined) continue;
          const lit =
            (key === null ? { value: null } : literalOf(key, type)) ??
            c.fail(el, `case '${key}' is not a valid ${type.replace(/^\w+:/, '')}`);
          n.cases.push({ key: lit.value, to: this.node(target) });
        }
        return n;
      }
    }
    return c.fail(el, `${el.qname} is not a flowchart node`);
  }
}

function advance(n: FlowNode, scope: Frame): FlowNode | null {
  switch (n.kind) {
    case 'step':
      return n.next;
    case 'decision':
      return n.cond(scope) === true ? n.whenTrue : n.whenFalse;
    case 'switch': {
      const v = n.expr(scope);
      for (const k of n.cases) if (equals(v, k.key, false)) return k.to;
      return n.fallback;
    }
  }
}

async function finish(p: Promise<void>, from: FlowNode, rt: Runtime, scope: Frame): Promise<void> {
  await p;
  for (let n = advance(from, scope); n; n = advance(n, scope)) {
    if (n.kind === 'step' && n.action) await exec(n.action, rt, scope);
    else {
      rt.checkCanceled();
      if (rt.due()) await rt.pause();
    }
  }
}

/** Flowchart: from StartNode, each FlowStep's action then its Next; decisions and switches pick the way. */
export const flowchart: Factory = (node, c) => {
  const fc = new FlowCompiler(c);
  const start = fc.node(c.target(node, 'StartNode'));
  // Nodes no path reaches are compiled too: the whole workflow is checked at load.
  for (const ch of node.children) if (isContent(ch)) fc.node(c.resolve(ch, node));
  return {
    display: c.display(node),
    run(rt, scope) {
      for (let n = start; n; n = advance(n, scope)) {
        if (n.kind === 'step' && n.action) {
          const p = exec(n.action, rt, scope);
          if (p) return finish(p, n, rt, scope);
        } else {
          rt.checkCanceled();
          if (rt.due()) return finish(rt.pause(), n, rt, scope);
        }
      }
    },
  };
};
