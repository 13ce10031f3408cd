import type { Value } from '../dotnet/values';
import type { Host } from '../dotnet/host';
import type { WorkflowFile } from './compiler';
import { Frame } from './frame';

/**
 * A workflow file's own scope: every argument at its type's default, then the caller's values,
 * then the workflow's defaults for the arguments the caller left out. Nothing of the caller's
 * variables is visible inside; its exceptions go on to the caller's handlers.
 */
export function enterFile(
  wf: WorkflowFile,
  host: Host,
  inputs: ReadonlyMap<string, Value>,
  caller: Frame | null = null,
): Frame {
  const frame = new Frame(host, null);
  frame.caller = caller;
  for (const a of wf.args) frame.declare(a.name, a.conv, a.zero);
  for (const a of wf.args) {
    if (inputs.has(a.name)) frame.set(a.name, false, inputs.get(a.name) ?? null);
    else if (a.fallback) frame.set(a.name, false, a.fallback(frame));
  }
  return frame;
}
