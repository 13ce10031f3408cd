/**
 * The files a bot runs: a XAML workflow, or a script the reference agent runs with node, bash,
 * python3 or pwsh. The one list the upload check (server), the file picker and its help (web)
 * and their messages read. Larger files than the maximum are refused with 413.
 */
export const BOT_FILE_EXTENSIONS = ['.xaml', '.js', '.mjs', '.cjs', '.sh', '.py', '.ps1'] as const;
export const BOT_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The workflow's extension, and the scripts' ones as a person reads them: ".js, .mjs, …". */
export const BOT_WORKFLOW_EXTENSION = '.xaml';
export const BOT_SCRIPT_EXTENSIONS: readonly string[] = BOT_FILE_EXTENSIONS.filter(
  (ext) => ext !== BOT_WORKFLOW_EXTENSION,
);
export const BOT_SCRIPT_LIST = BOT_SCRIPT_EXTENSIONS.join(', ');

/** Whether a file name ends with an extension the upload accepts (whatever its case). */
export const isBotFileName = (name: string): boolean =>
  BOT_FILE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));
