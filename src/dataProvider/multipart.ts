/** A file as react-admin's FileInput holds it (`{rawFile, src, title}`), or the File itself. */
type FileValue = File | { rawFile: File };

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;

export const isFileValue = (value: unknown): value is FileValue =>
  isFile(value) || (typeof value === 'object' && value !== null && 'rawFile' in value && isFile(value.rawFile));

const fileOf = (value: FileValue): File => (isFile(value) ? value : value.rawFile);

/**
 * A create or update body: JSON, unless a value is a file (a bot's workflow): then
 * multipart/form-data, the file under its field's name and the other values as text fields
 * (arrays and objects as JSON, blanks left out), as the server's multipart routes read them.
 */
export function requestBody(data: Record<string, unknown>): Record<string, unknown> | FormData {
  if (!Object.values(data).some(isFileValue)) return data;
  const form = new FormData();
  for (const [name, value] of Object.entries(data)) {
    if (value === undefined || value === null || value === '') continue;
    if (isFileValue(value)) {
      const file = fileOf(value);
      form.append(name, file, file.name);
    } else if (typeof value === 'object') {
      form.append(name, JSON.stringify(value));
    } else {
      form.append(name, String(value));
    }
  }
  return form;
}
