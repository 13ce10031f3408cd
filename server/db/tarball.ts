/**
 * The few regular files of a backup as one tar archive (POSIX ustar), so that `tar tzf` lists
 * a backup with the system's own tools.
 */

export interface TarEntry {
  name: string;
  data: Uint8Array;
}

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, length, 'latin1');
}

const octal = (value: number, length: number): string => `${value.toString(8).padStart(length - 1, '0')}\0`;

function checksum(header: Buffer): number {
  let sum = 0;
  // The checksum field itself counts as eight spaces.
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return sum;
}

function headerOf(entry: TarEntry, mtime: number): Buffer {
  if (Buffer.byteLength(entry.name) > 99) throw new Error(`tar entry name too long: ${entry.name}`);
  const header = Buffer.alloc(BLOCK);
  field(header, 0, 100, entry.name);
  field(header, 100, 8, octal(0o600, 8));
  field(header, 108, 8, octal(0, 8));
  field(header, 116, 8, octal(0, 8));
  field(header, 124, 12, octal(entry.data.length, 12));
  field(header, 136, 12, octal(mtime, 12));
  field(header, 156, 1, '0');
  field(header, 257, 6, 'ustar\0');
  field(header, 263, 2, '00');
  field(header, 148, 8, `${checksum(header).toString(8).padStart(6, '0')}\0 `);
  return header;
}

export function writeTar(entries: TarEntry[], mtime = Math.floor(Date.now() / 1000)): Buffer {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    parts.push(headerOf(entry, mtime), entry.data);
    const rest = entry.data.length % BLOCK;
    if (rest !== 0) parts.push(Buffer.alloc(BLOCK - rest));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

const text = (header: Buffer, offset: number, length: number): string => {
  const raw = header.subarray(offset, offset + length).toString('latin1');
  const end = raw.indexOf('\0');
  return (end === -1 ? raw : raw.slice(0, end)).trim();
};

/** The regular files of a tar archive; throws on anything that is not one. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    const stored = parseInt(text(header, 148, 8), 8);
    if (stored !== checksum(header)) throw new Error('not a tar archive (bad header checksum)');
    const size = parseInt(text(header, 124, 12), 8);
    const start = offset + BLOCK;
    if (!Number.isSafeInteger(size) || size < 0 || start + size > archive.length)
      throw new Error('the tar archive is cut short');
    const type = text(header, 156, 1);
    if (type === '' || type === '0')
      entries.push({ name: text(header, 0, 100), data: archive.subarray(start, start + size) });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('the tar archive is cut short');
}
