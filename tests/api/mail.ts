import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestServer } from './helpers';

export interface ParsedMail {
  to: string;
  subject: string;
  replyTo: string;
  text: string;
  html: string;
  file?: string;
}

function decode(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at === -1) return { head: raw, body: '' };
  return { head: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function header(head: string, name: string): string {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1].trim() ?? '';
}

/** Enough MIME to read the mails this server writes: multipart/alternative of text and HTML. */
export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHead(raw);
  const out: ParsedMail = {
    to: header(head, 'To'),
    subject: header(head, 'Subject'),
    replyTo: header(head, 'Reply-To'),
    text: '',
    html: '',
  };
  const walk = (partHead: string, partBody: string) => {
    const type = header(partHead, 'Content-Type');
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = splitHead(chunk.replace(/^\r?\n/, ''));
        walk(part.head, part.body);
      }
      return;
    }
    const content = decode(partBody, header(partHead, 'Content-Transfer-Encoding') || '7bit');
    if (type.startsWith('text/html')) out.html = content;
    else if (type.startsWith('text/plain') || type === '') out.text = content;
  };
  walk(head, body);
  return out;
}

/** Every mail in the outbox, oldest first, after queued mails have been written. */
export async function outbox(server: TestServer): Promise<ParsedMail[]> {
  await server.app.mailer.drain();
  let files: string[];
  try {
    files = (await readdir(server.outboxDir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => ({ ...parseMail(await readFile(path.join(server.outboxDir, f), 'utf8')), file: f })),
  );
}

export async function mailsTo(server: TestServer, address: string): Promise<ParsedMail[]> {
  return (await outbox(server)).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}

/** The reset token of a mailed link `${PUBLIC_URL}/account/reset-password?token=…`. */
export function resetTokenOf(mail: ParsedMail, publicUrl: string): string {
  const prefix = `${publicUrl}/account/reset-password?token=`;
  const at = mail.text.indexOf(prefix);
  if (at === -1) throw new Error(`No reset link in mail "${mail.subject}":\n${mail.text}`);
  const token = /^[A-Za-z0-9_-]+/.exec(mail.text.slice(at + prefix.length))?.[0];
  if (!token) throw new Error('Empty token in the reset link');
  return decodeURIComponent(token);
}
