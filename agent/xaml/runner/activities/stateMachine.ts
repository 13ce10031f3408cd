import { fail } from '../../dotnet/exceptions';
import type { Compiler, Factory, Getter } from '../compiler';
import { exec, type Activity } from '../engine';
import type { Frame } from '../frame';
import type { XNode } from '../xml';
import { attr, isContent } from '../xml';

interface Transition {
  trigger: Activity | null;
  cond: Getter | null;
  action: Activity | null;
  to: State | null;
}

interface State {
  name: string;
  final: boolean;
  open: ((scope: Frame) => Frame) | null;
  entry: Activity | null;
  exit: Activity | null;
  transitions: Transition[];
}

class StateCompiler {
  private readonly states = new Map<XNode, State>();
  private readonly triggers = new Map<XNode, Activity>();
  constructor(private readonly c: Compiler) {}

  state(el: XNode | null): State | null {
    if (!el) return null;
    const known = this.states.get(el);
    if (known) return known;
    const c = this.c;
    if (el.name !== 'State' && el.name !== 'FinalState') c.fail(el, `${el.qname} is not a state`);
    return c.within(c.variableNames(el), () => this.build(el));
  }

  private build(el: XNode): State {
    const c = this.c;
    const s: State = {
      name: c.display(el),
      final: el.name === 'FinalState' || /^true$/i.test(attr(el, 'IsFinal') ?? ''),
      open: c.variables(el),
      entry: c.body(el, 'Entry'),
      exit: c.body(el, 'Exit'),
      transitions: [],
    };
    this.states.set(el, s);
    for (const t of c.propElement(el, 'Transitions')?.children ?? []) {
      if (t.name !== 'Transition') c.fail(t, `a Transition is expected here, not ${t.qname}`);
      const triggerEl = c.propElement(t, 'Trigger')?.children[0];
      const actionEl = c.propElement(t, 'Action')?.children[0];
      s.transitions.push({
        trigger: triggerEl ? this.trigger(c.resolve(triggerEl, t)) : null,
        cond: c.value(t, 'Condition', 'x:Boolean'),
        action: actionEl ? c.activity(c.resolve(actionEl, t)) : null,
        to: null,
      });
      s.transitions[s.transitions.length - 1].to = this.state(c.target(t, 'To'));
    }
    return s;
  }

  /** Transitions that share a trigger reference one element: it runs once per visit of the state. */
  private trigger(el: XNode): Activity {
    const known = this.triggers.get(el);
    if (known) return known;
    const a = this.c.activity(el);
    this.triggers.set(el, a);
    return a;
  }
}

/**
 * StateMachine: enters InitialState; in each state runs Entry, then each transition's trigger
 * (once per shared trigger) and takes the first transition whose condition holds: Exit, the
 * transition's Action, then the next state. A final state ends the machine after its Entry.
 */
export const stateMachine: Factory = (node, c) => {
  const sc = new StateCompiler(c);
  const initial = sc.state(c.target(node, 'InitialState'));
  // States no transition reaches are compiled too: the whole workflow is checked at load.
  for (const ch of node.children) if (isContent(ch)) sc.state(c.resolve(ch, node));
  if (!initial) c.fail(node, 'InitialState is required');
  return {
    display: c.display(node),
    async run(rt, scope) {
      for (let s: State | null = initial; s;) {
        const frame = s.open ? s.open(scope) : scope;
        if (s.entry) await exec(s.entry, rt, frame);
        if (s.final) return;
        const ran = new Set<Activity>();
        let taken: Transition | null = null;
        for (const t of s.transitions) {
          if (t.trigger && !ran.has(t.trigger)) {
            ran.add(t.trigger);
            await exec(t.trigger, rt, frame);
          }
          if (!t.cond || t.cond(frame) === true) {
            taken = t;
            break;
          }
        }
        if (!taken) fail('InvalidOperationException', `State '${s.name}' has no transition whose condition is true.`);
        if (s.exit) await exec(s.exit, rt, frame);
        if (taken.action) await exec(taken.action, rt, frame);
        rt.checkCanceled();
        s = taken.to;
      }
    },
  };
};
