/**
 * A bot's file is a single workflow or script, or a whole project: a `.zip` of a project folder,
 * or a UiPath package (`.nupkg`, a zip too). A project's main workflow is the one its
 * `project.json` names (`"main": "Main.xaml"`); a zip without `project.json` must hold a single
 * `Main.xaml` at its root. Server (reading the arguments at upload) and agent (running it) both
 * follow these rules; the unzipping is theirs.
 */
export const BOT_PACKAGE_EXTENSIONS = ['.zip', '.nupkg'] as const;

export const isBotPackageName = (name: string): boolean =>
  BOT_PACKAGE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

export const PACKAGE_MESSAGES = {
  notZip: 'The package is not a readable zip file',
  badProjectJson: 'project.json is not valid JSON',
  mainMissing: (main: string) =>
    `The package's project.json names ${main} as its main workflow, and the package has no such file`,
  noMain: 'The package has no project.json and no Main.xaml at its root',
} as const;

export type MainWorkflow = { ok: true; main: string } | { ok: false; message: string };

/** `a\b/./c.xaml` → `a/b/c.xaml`: a zip's entry names and a project's references compared alike. */
export const normalizePackagePath = (p: string): string =>
  p
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.')
    .join('/');

/**
 * Which entry of a package is its main workflow. A `.nupkg` keeps the project under
 * `lib/<framework>/` or `content/`: `project.json` is looked for at the root first, then at the
 * shallowest depth, and `main` is relative to the folder that holds it.
 */
export function findMainWorkflow(entries: readonly string[], readText: (entry: string) => string | null): MainWorkflow {
  const files = entries.map(normalizePackagePath).filter((e) => e !== '');
  const projects = files
    .filter((e) => e.split('/').pop()?.toLowerCase() === 'project.json')
    .sort((a, b) => a.split('/').length - b.split('/').length);
  const project = projects[0];
  if (project !== undefined) {
    const text = readText(project);
    let main: unknown;
    try {
      main = (JSON.parse(text ?? '') as { main?: unknown }).main;
    } catch {
      return { ok: false, message: PACKAGE_MESSAGES.badProjectJson };
    }
    const folder = project.includes('/') ? project.slice(0, project.lastIndexOf('/') + 1) : '';
    const wanted = normalizePackagePath(folder + (typeof main === 'string' && main.trim() !== '' ? main : 'Main.xaml'));
    const found = files.find((e) => e.toLowerCase() === wanted.toLowerCase());
    return found ? { ok: true, main: found } : { ok: false, message: PACKAGE_MESSAGES.mainMissing(wanted) };
  }
  const main = files.find((e) => e.toLowerCase() === 'main.xaml');
  return main ? { ok: true, main } : { ok: false, message: PACKAGE_MESSAGES.noMain };
}
