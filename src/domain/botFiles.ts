import { BOT_PACKAGE_EXTENSIONS } from './botPackages';

/**
 * The files a bot runs: a XAML workflow, a project (a `.zip` of its folder or a UiPath `.nupkg`,
 * see botPackages.ts), or a script the reference agent runs with node, bash, python3 or pwsh.
 * The one list the upload check (server), the file picker and its help (web) and their messages
 * read. Larger files than the maximum are refused with 413.
 */
export const BOT_WORKFLOW_EXTENSION = '.xaml';
export const BOT_SCRIPT_EXTENSIONS: readonly string[] = ['.js', '.mjs', '.cjs', '.sh', '.py', '.ps1'];
export const BOT_FILE_EXTENSIONS: readonly string[] = [
  BOT_WORKFLOW_EXTENSION,
  ...BOT_PACKAGE_EXTENSIONS,
  ...BOT_SCRIPT_EXTENSIONS,
];
export const BOT_FILE_MAX_BYTES = 32 * 1024 * 1024;

/** The scripts' and the packages' extensions as a person reads them: ".js, .mjs, …". */
export const BOT_SCRIPT_LIST = BOT_SCRIPT_EXTENSIONS.join(', ');
export const BOT_PACKAGE_LIST = BOT_PACKAGE_EXTENSIONS.join(', ');

/** Whether a file name ends with an extension the upload accepts (whatever its case). */
export const isBotFileName = (name: string): boolean =>
  BOT_FILE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** Whether a bot's file is a script (run by node, bash, python3 or pwsh), whatever its case. */
export const isBotScriptName = (name: string): boolean =>
  BOT_SCRIPT_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));
