/**
 * .NET types that exist only on a Windows desktop (the screen, the keyboard, the clipboard, the
 * mouse), by the name expressions use, with their full name. An expression naming one fails the
 * load as needing a desktop (REFramework's Main logs the screen size this way), not as a name
 * nobody declared.
 */
const DESKTOP_TYPES: ReadonlyMap<string, string> = new Map([
  ['screen', 'System.Windows.Forms.Screen'],
  ['systemparameters', 'System.Windows.SystemParameters'],
  ['clipboard', 'System.Windows.Forms.Clipboard'],
  ['sendkeys', 'System.Windows.Forms.SendKeys'],
  ['cursor', 'System.Windows.Forms.Cursor'],
]);

/** The full name of the desktop-only type `name` stands for, or undefined. */
export function desktopType(name: string, lc: string, vb: boolean): string | undefined {
  const full = DESKTOP_TYPES.get(lc);
  if (!full) return undefined;
  // C# names are case-sensitive: `screen` is no type there.
  return vb || full.endsWith('.' + name) ? full : undefined;
}
