/**
 * An attribute value written as a XAML markup extension: `{x:Null}`, `{x:Reference Name}`,
 * `{x:Static ns:Type.Member}`, `{x:Type ns:Type}`. XAML reads any attribute opening with `{` as
 * one, except after the `{}` escape, which makes the rest plain text.
 */
export interface MarkupExtension {
  /** The extension's name without its prefix: `Null`, `Reference`, `Static`, `Type`. */
  readonly name: string;
  /** Its first positional argument, or its named one (`Name=`, `Member=`, `TypeName=`). */
  readonly arg: string;
}

const NAMED_ARGUMENT: Record<string, string> = { Reference: 'Name', Static: 'Member', Type: 'TypeName' };

/** The markup extension `text` is, or null when it is plain text (no braces, or the `{}` escape). */
export function markupExtension(text: string): MarkupExtension | null {
  const t = text.trim();
  if (!t.startsWith('{') || t.startsWith('{}') || !t.endsWith('}')) return null;
  const m = /^\{\s*(?:[\w.]+:)?([\w.]+)(?:\s+([^]*?))?\s*\}$/.exec(t);
  if (!m) return null;
  const name = m[1].replace(/Extension$/, '');
  const args = (m[2] ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const key = NAMED_ARGUMENT[name];
  const named = args.find((a) => key !== undefined && new RegExp(`^${key}\\s*=`).test(a));
  const arg = named ? named.replace(/^[^=]*=\s*/, '') : (args.find((a) => !a.includes('=')) ?? '');
  return { name, arg: arg.replace(/^(['"])(.*)\1$/, '$2') };
}
