import type { Readable } from 'node:stream';
import type { FetchMessageObject, ImapFlow, MessageStructureObject } from 'imapflow';
import type { ReceivedMail } from './types';

/** The part of a message holding its text: the first text/plain leaf, else the first text/html one. */
export function textPartOf(structure: MessageStructureObject | undefined): { part: string; html: boolean } | null {
  if (!structure) return null;
  const leaves: MessageStructureObject[] = [];
  const walk = (node: MessageStructureObject) => {
    if (node.childNodes?.length) node.childNodes.forEach(walk);
    else if (node.disposition !== 'attachment') leaves.push(node);
  };
  walk(structure);
  // A single-part message has no part number of its own: its body is part 1.
  const plain = leaves.find((n) => n.type === 'text/plain');
  if (plain) return { part: plain.part ?? '1', html: false };
  const html = leaves.find((n) => n.type === 'text/html');
  return html ? { part: html.part ?? '1', html: true } : null;
}

/** An HTML body as the text a person reads: tags dropped, entities of white space and markup undone. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

const isoOf = (date: Date | string | undefined): string => {
  const parsed = date instanceof Date ? date : date ? new Date(date) : new Date();
  return (Number.isNaN(parsed.getTime()) ? new Date() : parsed).toISOString();
};

/**
 * The UIDs above `after` in the selected mailbox, in order. "UID n:*" always names the last
 * message, even one below n: those are dropped.
 */
export async function uidsAfter(client: ImapFlow, after: number): Promise<number[]> {
  const found = await client.search({ uid: `${after + 1}:*` }, { uid: true });
  return (found || []).filter((uid) => uid > after).sort((a, b) => a - b);
}

/**
 * Reads these messages: envelope, arrival time and body text (decoded to UTF-8, at most
 * `maxBodyBytes`). The downloads run after the fetch: a connection serves one command at a time.
 */
export async function readMails(client: ImapFlow, uids: number[], maxBodyBytes: number): Promise<ReceivedMail[]> {
  if (uids.length === 0) return [];
  const fetched: FetchMessageObject[] = await client.fetchAll(
    uids.join(','),
    { uid: true, envelope: true, internalDate: true, bodyStructure: true },
    { uid: true },
  );
  const mails: ReceivedMail[] = [];
  for (const message of fetched.sort((a, b) => a.uid - b.uid)) {
    const sender = message.envelope?.from?.[0];
    const fromAddress = sender?.address ?? '';
    const from = sender?.name ? `${sender.name} <${fromAddress}>` : fromAddress;
    const text = textPartOf(message.bodyStructure);
    let body = '';
    if (text) {
      const download = await client.download(String(message.uid), text.part, { uid: true, maxBytes: maxBodyBytes });
      if ('content' in download && download.content) {
        const raw = await readAll(download.content);
        body = text.html ? htmlToText(raw) : raw;
      }
    }
    mails.push({
      uid: message.uid,
      messageId: message.envelope?.messageId ?? null,
      fromAddress,
      from,
      subject: message.envelope?.subject ?? '',
      body: body.replace(/\r\n/g, '\n').trim(),
      receivedAt: isoOf(message.internalDate ?? message.envelope?.date),
    });
  }
  return mails;
}
