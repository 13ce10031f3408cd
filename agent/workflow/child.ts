import { tmpdir } from 'node:os';
import {
  folderHost,
  loadWorkflow,
  runWorkflow,
  WorkflowCanceled,
  WorkflowFailure,
  WorkflowLoadError,
} from '../xaml/api';
import { logMessage, type FromChild, type ToChild, type WorkflowEnd } from './messages';
import { projectIn } from './project';
import { warmUp } from './warmup';

/**
 * The workflow child: the agent's own entry run with RUN_WORKFLOW_FLAG. The agent starts it
 * before a run needs it; it warms the runner up, says it is ready, then takes what to run from its
 * parent, runs it in the run's folder with the XAML runner and reports each log line and the end
 * over IPC. A workflow runs in a process of its own, so that a runaway one (a loop without an
 * activity boundary) is still stopped by a kill, and the agent's own loop never waits on it.
 */
export async function runWorkflowChild(warm: boolean): Promise<void> {
  const controller = new AbortController();
  const send = (message: FromChild): void => {
    process.send?.(message);
  };
  // The agent gone, nobody reads the result: stop.
  process.once('disconnect', () => {
    controller.abort();
    setTimeout(() => process.exit(1), 1_000).unref();
  });
  let started = false;
  process.on('message', (raw: ToChild) => {
    if (raw?.type === 'cancel') controller.abort();
    else if (raw?.type === 'start' && !started) {
      started = true;
      void execute(raw.folder, raw, controller.signal, send).then((end) =>
        process.send?.({ type: 'end', ...end } satisfies FromChild, () => process.exit(0)),
      );
    }
  });
  if (warm) await warmUp(tmpdir());
  send({ type: 'ready' });
}

async function execute(
  folder: string,
  start: Extract<ToChild, { type: 'start' }>,
  signal: AbortSignal,
  send: (message: FromChild) => void,
): Promise<WorkflowEnd> {
  try {
    const project = projectIn(folder, start.fileName);
    const workflow = loadWorkflow(project.files);
    const { out } = await runWorkflow(workflow, {
      args: start.args,
      trace: start.trace,
      signal,
      // The project's folder is the workflow's working folder, as on a robot.
      host: folderHost(project.root),
      log: (level, text, fields) => send(logMessage(level, text, fields)),
    });
    return { outcome: 'completed', result: out };
  } catch (error) {
    if (error instanceof WorkflowLoadError) return { outcome: 'loadError', message: error.message };
    if (error instanceof WorkflowFailure)
      return { outcome: 'failure', exceptionType: error.exceptionType, message: error.message };
    if (error instanceof WorkflowCanceled || signal.aborted) return { outcome: 'canceled' };
    // A fault of the runner itself: said as an exception of the run, never lost.
    const message = error instanceof Error ? error.message : String(error);
    return { outcome: 'failure', exceptionType: 'Exception', message };
  }
}
