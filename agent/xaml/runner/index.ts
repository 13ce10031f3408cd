import { NetError } from '../dotnet/exceptions';
import type { Value } from '../dotnet/values';
import { WorkflowCanceled, WorkflowFailure, WorkflowLoadError, type RunOptions, type RunResult } from './api';
import { settleAll } from './activities/compensation';
import { argumentFromText, argumentToText } from './argText';
import { exec, Runtime } from './engine';
import type { Frame } from './frame';
import { enterFile } from './invocation';
import { loadWorkflow, type Workflow } from './loader';

export * from './api';
export { loadWorkflow, type Workflow };

/** Binds the run's parameters to the main workflow's In and InOut arguments, converted to their types. */
function bindArguments(workflow: Workflow, args: RunOptions['args']): Map<string, Value> {
  const inputs = new Map<string, Value>();
  const file = workflow.main.path;
  for (const [name, text] of Object.entries(args)) {
    const decl =
      workflow.main.args.find((a) => a.name === name) ??
      workflow.main.args.find((a) => a.name.toLowerCase() === name.toLowerCase());
    if (!decl) throw new WorkflowLoadError(`Argument '${name}' is not an argument of ${file}`);
    if (decl.direction === 'Out')
      throw new WorkflowLoadError(`Argument '${name}' of ${file} is an Out argument and takes no value`);
    // An empty field for a typed argument means "not given": the workflow's default applies.
    if (text === '' && !/(^|:)String$/i.test(decl.type.trim())) continue;
    try {
      inputs.set(decl.name, argumentFromText(text, decl.type));
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new WorkflowLoadError(`Argument '${decl.name}' expects ${decl.type.replace(/^\w+:/, '')}: ${why}`);
    }
  }
  return inputs;
}

/**
 * Runs a loaded workflow. Rejects with WorkflowLoadError for a parameter that does not bind
 * (before any activity runs), WorkflowFailure for an exception no TryCatch caught, and
 * WorkflowCanceled when the signal aborts.
 */
export async function runWorkflow(workflow: Workflow, options: RunOptions): Promise<RunResult> {
  const inputs = bindArguments(workflow, options.args);
  const rt = new Runtime(options.log, options.trace, options.signal, options.host);
  let frame: Frame;
  try {
    // Arguments' defaults are expressions too: what they throw fails the run like any activity.
    frame = enterFile(workflow.main, options.host, inputs);
    const body = workflow.main.body;
    try {
      if (body) await exec(body, rt, frame);
    } catch (e) {
      // A workflow that faults compensates what it completed, last first, before it fails.
      if (e instanceof NetError) await settleAll(rt.compensables, 'compensate');
      throw e;
    }
    // A workflow that completes confirms what it completed and nothing settled, last first.
    await settleAll(rt.compensables, 'confirm');
  } catch (e) {
    if (e instanceof NetError) throw new WorkflowFailure(e.exception.type, e.exception.message);
    if (e instanceof WorkflowFailure || e instanceof WorkflowCanceled) throw e;
    if (typeof e === 'object' && e !== null && 'signal' in e)
      throw new WorkflowFailure('InvalidOperationException', 'Break or Continue is only valid inside a loop.');
    throw e;
  }
  const out: Record<string, string> = {};
  for (const a of workflow.main.args) {
    if (a.direction !== 'In') out[a.name] = argumentToText(frame.get(a.name, false) as Value);
  }
  return { out };
}
