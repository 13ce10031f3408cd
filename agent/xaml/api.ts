/**
 * The XAML library's one entry: it loads UiPath / Windows Workflow XAML workflows and runs them
 * headless, in Node. Hosts (the agent's workflow process, the benchmark) import from this module
 * only; the folders behind it (runner, expr, dotnet, library) are its internals and may change.
 * A workflow is loaded once (parsed, every expression compiled, every invoked workflow loaded and
 * checked) and only then run: nothing runs from a workflow that fails to load.
 */
export { loadWorkflow, runWorkflow, type Workflow } from './runner';
export {
  WorkflowCanceled,
  WorkflowFailure,
  WorkflowLoadError,
  type LogFields,
  type LogLevel,
  type ProjectFiles,
  type RunOptions,
  type RunResult,
} from './runner/api';
export { folderHost, type FileStat, type Host } from './dotnet/host';
