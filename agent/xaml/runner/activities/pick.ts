import { WorkflowCanceled } from '../api';
import type { Compiler, Factory } from '../compiler';
import { exec, type Activity, type Runtime } from '../engine';
import type { Frame } from '../frame';
import type { XNode } from '../xml';

/** One PickBranch: its Trigger, its Action (empty when none) and the scope its Variables open. */
interface Branch {
  trigger: Activity;
  action: Activity | null;
  open: ((scope: Frame) => Frame) | null;
}

function branch(b: XNode, c: Compiler, pick: XNode): Branch {
  if (b.name !== 'PickBranch') return c.fail(pick, `${b.qname} is not a PickBranch`);
  // A branch's Variables are in scope of both its Trigger and its Action.
  return c.within(c.variableNames(b), () => ({
    trigger: c.body(b, 'Trigger') ?? c.fail(b, 'a PickBranch needs a Trigger'),
    action: c.content(b, 'Action'),
    open: c.variables(b),
  }));
}

/**
 * Pick: every branch's Trigger starts, in order, as Parallel's branches do (one that awaits lets
 * the next start); the first Trigger to complete wins, the others are canceled at once (a Delay
 * stops waiting, whatever part of a Trigger already ran stays done), then the winner's Action
 * runs. A Trigger that completes without awaiting wins before the later ones start. An
 * exception from a Trigger before one wins ends the Pick with it, canceling the others.
 */
export const pick: Factory = (node, c) => {
  const holder = c.propElement(node, 'Branches') ?? node;
  const branches = holder.children.filter((ch) => !ch.name.includes('.')).map((b) => branch(b, c, node));
  return {
    display: c.display(node),
    run(rt, scope) {
      if (branches.length === 0) return;
      const frames = branches.map((b) => (b.open ? b.open(scope) : scope));
      const stops = branches.map(() => new AbortController());
      const pending: Promise<number>[] = [];
      const cancelOthers = (winner: number) => {
        stops.forEach((s, i) => i !== winner && s.abort());
        for (const p of pending) p.catch(() => undefined);
      };
      for (let i = 0; i < branches.length; i++) {
        const branchRt = rt.fork(AbortSignal.any([rt.signal, stops[i].signal]));
        let p: void | Promise<void>;
        try {
          p = exec(branches[i].trigger, branchRt, frames[i]);
        } catch (e) {
          cancelOthers(i);
          throw e;
        }
        if (!p) {
          cancelOthers(i);
          return runAction(branches[i], rt, frames[i]);
        }
        pending.push(p.then(() => i));
      }
      return Promise.race(pending).then(
        (winner) => {
          cancelOthers(winner);
          rt.resumed();
          return runAction(branches[winner], rt, frames[winner]);
        },
        (e: unknown) => {
          cancelOthers(-1);
          // A Trigger canceled because the run was canceled reports the run's cancel.
          if (e instanceof WorkflowCanceled) rt.checkCanceled();
          throw e;
        },
      );
    },
  };
};

function runAction(b: Branch, rt: Runtime, frame: Frame): void | Promise<void> {
  return b.action ? exec(b.action, rt, frame) : undefined;
}
