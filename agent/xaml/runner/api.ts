import type { Host } from '../dotnet/host';

/**
 * The XAML runner's contract with whoever hosts it (the agent's workflow child process, tests,
 * the benchmark). A workflow is loaded once — parsed, every expression compiled, every invoked
 * workflow loaded and checked — and only then run: nothing runs from a workflow that fails to load.
 */

/** UiPath's log levels; WriteLine writes at Info, MessageBox at Info, Trace lines only when tracing. */
export type LogLevel = 'Trace' | 'Info' | 'Warn' | 'Error' | 'Fatal';

/** A log line's custom fields by name, each value as text. */
export type LogFields = Readonly<Record<string, string>>;

/** The project a workflow comes from: a single file, or the files of a zipped project or package. */
export interface ProjectFiles {
  /** The main workflow's path, `/`-separated, relative to the project folder (e.g. `Main.xaml`). */
  readonly main: string;
  /**
   * The text of a file of the project, by a path relative to the project folder as a workflow
   * writes it (Windows backslashes and any case of the extension accepted); null when missing.
   */
  read(relativePath: string): string | null;
}

export interface RunOptions {
  /**
   * The run's parameters by argument name, as the Run dialog sends them: text, converted to the
   * argument's type at load (numbers, true/false, JSON for arrays, lists, dictionaries and tables).
   * An argument left out keeps the workflow's default.
   */
  args: Readonly<Record<string, string>>;
  /**
   * Each log line at its level, in order. `fields` are the custom log fields in force when the
   * line was written (Add Log Fields adds them to every later line, Remove Log Fields takes them
   * off), by name, each value as text; absent when there are none.
   */
  log(level: LogLevel, text: string, fields?: LogFields): void;
  /** Whether each activity's start and end is logged at Trace. */
  trace: boolean;
  /** Aborted by cancel, Stop or timeout: the run stops at the next activity boundary (a Delay at once). */
  signal: AbortSignal;
  /** What File.*, Directory.*, Environment.* and the file activities reach (the run's work folder). */
  host: Host;
}

export interface RunResult {
  /** Out and InOut arguments of the main workflow, each as text (JSON for collections and tables). */
  out: Record<string, string>;
}

/** A workflow that cannot run: its message names the activity, file and line, or the argument. */
export class WorkflowLoadError extends Error {
  override readonly name = 'WorkflowLoadError';
}

/** An exception no TryCatch caught: the process fails with `type: message` as its last log line. */
export class WorkflowFailure extends Error {
  override readonly name = 'WorkflowFailure';
  constructor(
    /** The .NET type's short name, e.g. `InvalidOperationException`. */
    readonly exceptionType: string,
    message: string,
  ) {
    super(message);
  }
}

/** The run was stopped through its signal. */
export class WorkflowCanceled extends Error {
  override readonly name = 'WorkflowCanceled';
}
