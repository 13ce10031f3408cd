import type { FastifyRequest } from 'fastify';
import { messages } from '../../src/domain';
import { BOT_FILE_EXTENSIONS, resourceMessages, type BotParameter } from '../../src/domain/declarations';
import type { ResourceDef } from '../../src/domain/resource';
import { fieldError, HttpError, type FieldIssue } from '../http/errors';
import { requestMessages } from '../http/messages';
import { isBotPackageName } from '../../src/domain/botPackages';
import { readPackage } from './package';
import { readScriptParameters } from './script';
import { textOfScript, textOfXml } from '../../src/domain/fileText';
import { readXaml } from './xaml';

/** A multipart file part as the body holds it (set by `readMultipartBody` below). */
export interface Upload {
  filename: string;
  content: Buffer;
}
export const isUpload = (value: unknown): value is Upload =>
  typeof value === 'object' && value !== null && Buffer.isBuffer((value as Upload).content);

/** A workflow file read: the upload (its bytes are what is stored) and its arguments. */
export interface Workflow {
  upload: Upload;
  parameters: BotParameter[];
}

/** Reads an uploaded workflow: its parameters, or the field error that refuses it. */
export function readWorkflow(upload: unknown): Workflow | FieldIssue {
  if (!isUpload(upload)) return { field: 'file', message: resourceMessages.botFileRequired };
  const lower = upload.filename.toLowerCase();
  if (!BOT_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext)))
    return { field: 'file', message: resourceMessages.botFileInvalid };
  if (isBotPackageName(lower)) {
    const reading = readPackage(upload.content);
    return reading.ok ? { upload, parameters: reading.parameters } : { field: 'file', message: reading.message };
  }
  // A script is stored and run as uploaded, whatever its encoding; its text is only read for its
  // parameter comments.
  if (!lower.endsWith('.xaml')) return { upload, parameters: readScriptParameters(textOfScript(upload.content)) };
  const reading = readXaml(textOfXml(upload.content));
  return reading.ok
    ? { upload, parameters: reading.parameters }
    : { field: 'file', message: resourceMessages.botFileInvalid };
}

/** The workflow of a body's `file`, or the 400 that refuses it. */
export function workflowOrThrow(upload: unknown): Workflow {
  const workflow = readWorkflow(upload);
  if ('field' in workflow) throw fieldError(workflow.field, workflow.message);
  return workflow;
}

/** A part the multipart parser refused: over a limit keeps its 413, anything else is a malformed body. */
function multipartError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) return new HttpError(413, 'PAYLOAD_TOO_LARGE', messages.payloadTooLarge);
  return new HttpError(400, 'MALFORMED_MULTIPART', requestMessages.malformedMultipart);
}

const notText = (field: string) =>
  new HttpError(400, 'VALIDATION_FAILED', requestMessages.multipartFieldNotText(field), [
    { field, message: requestMessages.multipartFieldNotText(field) },
  ]);

/**
 * A list field (a bot's groups) arrives as one text part holding a JSON array, as the web app
 * sends arrays, or as the same name repeated; either becomes the list the schema checks.
 */
function listOf(name: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return [];
  if (!value.trim().startsWith('[')) return [value];
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw notText(name);
  }
}

/**
 * Reads a multipart body into `{field: text, file: Upload}` before validation. Any fault of the
 * body (no or wrong boundary, cut short, random bytes) is the client's: a 400, never a 500.
 * A name sent twice becomes a list, which the schema refuses unless the field is a list.
 */
export function multipartBodyReader(def?: ResourceDef) {
  const lists = new Set(
    Object.entries(def?.fields ?? {})
      .filter(([, field]) => field.type === 'references')
      .map(([name]) => name),
  );
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    const fields = new Map<string, unknown>();
    const add = (name: string, value: unknown) => {
      const previous = fields.get(name);
      fields.set(name, previous === undefined ? value : [previous, value].flat());
    };
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          try {
            add(part.fieldname, { filename: part.filename, content: await part.toBuffer() } satisfies Upload);
          } catch (error) {
            if ((error as { statusCode?: number }).statusCode === 413)
              throw fieldError('file', resourceMessages.botFileTooLarge, 413, 'FILE_TOO_LARGE');
            throw error;
          }
        } else if (typeof part.value === 'string') {
          add(part.fieldname, part.value);
        } else {
          // A part sent as application/json arrives parsed: the forms send text only.
          throw notText(part.fieldname);
        }
      }
      for (const name of lists) if (fields.has(name)) fields.set(name, listOf(name, fields.get(name)));
    } catch (error) {
      throw multipartError(error);
    }
    // fromEntries defines own properties: a part named "__proto__" cannot reach the prototype.
    request.body = Object.fromEntries(fields);
  };
}
