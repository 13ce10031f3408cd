import { describe, expect, it } from 'vitest';
import { textOfScript, textOfXml } from '../../../src/domain/fileText';

/** How the XML rules find a document's encoding (byte-order mark, `<?xml` in UTF-16, declaration). */
const DOC = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?><a>Grüße — ✓</a>`;
const LATIN = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?><a>Déjà vu à Noël</a>`;
const be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('the text of a workflow file, as its bytes say', () => {
  it('reads UTF-8 with or without a byte-order mark, and leaves the mark out of the text', () => {
    expect(textOfXml(Buffer.from(DOC('utf-8')))).toBe(DOC('utf-8'));
    expect(textOfXml(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(DOC('utf-8'))]))).toBe(DOC('utf-8'));
  });

  it('reads UTF-16 in either byte order, with its mark or by the bytes of `<?`', () => {
    const le = Buffer.from(DOC('utf-16'), 'utf16le');
    expect(textOfXml(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toBe(DOC('utf-16'));
    expect(textOfXml(le)).toBe(DOC('utf-16'));
    expect(textOfXml(Buffer.concat([Buffer.from([0xfe, 0xff]), be(DOC('utf-16'))]))).toBe(DOC('utf-16'));
    expect(textOfXml(be(DOC('utf-16')))).toBe(DOC('utf-16'));
  });

  it('reads a single-byte encoding its declaration names', () => {
    expect(textOfXml(Buffer.from(LATIN('iso-8859-1'), 'latin1'))).toBe(LATIN('iso-8859-1'));
    expect(textOfXml(Buffer.from(LATIN('ISO-8859-1'), 'latin1'))).toBe(LATIN('ISO-8859-1'));
    // windows-1252 has the euro sign at 0x80, where Latin-1 has a control character.
    expect(
      textOfXml(
        Buffer.from([...Buffer.from(`<?xml version="1.0" encoding="windows-1252"?><a>`), 0x80, ...Buffer.from('</a>')]),
      ),
    ).toBe('<?xml version="1.0" encoding="windows-1252"?><a>€</a>');
  });

  it('reads bytes one to a character as UTF-8 even when declared UTF-16, and an unknown encoding as UTF-8', () => {
    expect(textOfXml(Buffer.from(DOC('utf-16')))).toBe(DOC('utf-16'));
    expect(textOfXml(Buffer.from(DOC('x-no-such-encoding')))).toBe(DOC('x-no-such-encoding'));
  });

  it('reads bytes that are not valid in the encoding as U+FFFD, never failing', () => {
    expect(textOfXml(Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]))).toBe('<a>\uFFFD</a>');
  });
});

describe('the text of a script', () => {
  it('is UTF-8 unless a byte-order mark says otherwise', () => {
    expect(textOfScript(Buffer.from('# Grüße\n'))).toBe('# Grüße\n');
    expect(textOfScript(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# a\n')]))).toBe('# a\n');
    expect(textOfScript(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# ✓\n', 'utf16le')]))).toBe('# ✓\n');
    // Latin-1 bytes without a declaration are not UTF-8: the text shows where.
    expect(textOfScript(Buffer.from('# café\n', 'latin1'))).toBe('# caf\uFFFD\n');
  });
});
