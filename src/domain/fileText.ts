/**
 * The text of a bot's file, read from its bytes without changing them: the bytes are what is
 * stored, checksummed and run; the text is only what the server and the agent read (a workflow's
 * arguments, a script's parameter comments, the workflow the runner loads).
 *
 * An XML document says its encoding as the XML rules have it: a byte-order mark (UTF-8, UTF-16
 * little- or big-endian), else the first bytes of `<?xml` in UTF-16 without a mark, else the
 * `encoding` of its declaration (`iso-8859-1`, `windows-1252`…), else UTF-8. A script has no
 * declaration: a byte-order mark, else UTF-8. Bytes that are not valid in the encoding read as
 * U+FFFD; the text is never written back.
 */

const startsWith = (bytes: Uint8Array, ...prefix: number[]): boolean =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** The encoding a byte-order mark or UTF-16's `<?` says, and how many bytes the mark takes. */
function markedEncoding(bytes: Uint8Array): { label: string; skip: number } | null {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return { label: 'utf-8', skip: 3 };
  if (startsWith(bytes, 0xff, 0xfe)) return { label: 'utf-16le', skip: 2 };
  if (startsWith(bytes, 0xfe, 0xff)) return { label: 'utf-16be', skip: 2 };
  return null;
}

/**
 * Windows-1252's characters at 0x80–0x9F (its other bytes are Latin-1's); the five it leaves
 * undefined read as their control characters, as .NET reads them. Written out because Node's
 * TextDecoder reads windows-1252 as Latin-1.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const LATIN1_LABELS = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'l1', 'iso_8859-1', 'cp819']);
const CP1252_LABELS = new Set(['windows-1252', 'cp1252', 'x-cp1252']);

const singleByte = (bytes: Uint8Array, high: string | null): string => {
  let text = '';
  for (const b of bytes) text += high !== null && b >= 0x80 && b <= 0x9f ? high[b - 0x80] : String.fromCharCode(b);
  return text;
};

function decode(bytes: Uint8Array, label: string): string {
  // .NET reads iso-8859-1 as Latin-1 itself, where a browser's decoder would read windows-1252.
  if (LATIN1_LABELS.has(label)) return singleByte(bytes, null);
  if (CP1252_LABELS.has(label)) return singleByte(bytes, CP1252_HIGH);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { ignoreBOM: true });
  } catch {
    // An encoding this runtime does not know reads as UTF-8, as an XML parser would try.
    decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  }
  return decoder.decode(bytes);
}

/** The `encoding` of an XML declaration written in an ASCII-compatible encoding, if any. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const declaration = /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*(["'])([A-Za-z][\w.:-]*)\1/.exec(head);
  return declaration ? declaration[2].toLowerCase() : null;
}

/** An XML document's text (a workflow, project.json is read with textOfScript). */
export function textOfXml(bytes: Uint8Array): string {
  const marked = markedEncoding(bytes);
  if (marked) return decode(bytes.subarray(marked.skip), marked.label);
  if (startsWith(bytes, 0x3c, 0x00, 0x3f, 0x00)) return decode(bytes, 'utf-16le');
  if (startsWith(bytes, 0x00, 0x3c, 0x00, 0x3f)) return decode(bytes, 'utf-16be');
  const declared = declaredEncoding(bytes);
  // Bytes that read `<?xml` one byte a character are not UTF-16, whatever the declaration says.
  return decode(bytes, declared === null || declared.startsWith('utf-16') ? 'utf-8' : declared);
}

/** A text file without a declaration of its encoding (a script, project.json). */
export function textOfScript(bytes: Uint8Array): string {
  const marked = markedEncoding(bytes);
  return marked ? decode(bytes.subarray(marked.skip), marked.label) : decode(bytes, 'utf-8');
}
