import { escapeHtml } from '../../mail/templates';
/** A mail-triggered run's outcome, as its reply says it. */
export interface ReplyInput {
  subjectLine: string;
  text: string;
  botName: string;
  agentName: string;
  status: string;
  startedAt: string | null;
  endedAt: string | null;
  duration: string;
  /** The run's last log lines, oldest first. */
  lines: string[];
}

/** The configuration's subject line and text, then what ran, how it ended, how long it took and its last lines. */
export function replyMail(run: ReplyInput): { subject: string; text: string; html: string } {
  const rows: [string, string][] = [
    ['Bot', run.botName],
    ['Agent', run.agentName],
    ['Status', run.status],
    ['Start', run.startedAt ?? '—'],
    ['End', run.endedAt ?? '—'],
    ['Duration', run.duration || '—'],
  ];
  const log = run.lines.length > 0 ? run.lines.join('\n') : '(no log lines)';
  const table = rows
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  return {
    subject: run.subjectLine,
    text: `${run.text}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nLast log lines:\n${log}\n`,
    html: `<p style="white-space:pre-wrap">${escapeHtml(run.text)}</p>
<table style="border-collapse:collapse">${table}</table>
<h3>Last log lines</h3>
<pre style="background:#f4f6f8;padding:12px;white-space:pre-wrap;font-size:12px">${escapeHtml(log)}</pre>`,
  };
}
