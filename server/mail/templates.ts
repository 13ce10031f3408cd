import { RESET_LINK_TTL_MS } from '../../src/domain';
import type { OutgoingMail } from './mailer';

/** What every template needs to know about the product. */
export interface MailContext {
  productName: string;
  publicUrl: string;
  supportEmail: string;
}

type Content = Pick<OutgoingMail, 'subject' | 'text' | 'html'>;

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(ctx: MailContext, title: string, bodyHtml: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="margin-top:32px;font-size:12px;color:#6b7785">${escapeHtml(ctx.productName)} · <a href="mailto:${escapeHtml(ctx.supportEmail)}">${escapeHtml(ctx.supportEmail)}</a></p>
</td></tr></table>
</body></html>`;
}

const button = (href: string, label: string): string =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#1565c0;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:#6b7785">If the button does not work, copy this address into your browser:<br>${escapeHtml(href)}</p>`;

const hours = Math.round(RESET_LINK_TTL_MS / 3_600_000);

export type ResetReason = 'forgot' | 'blocked' | 'admin';

const RESET_INTRO: Record<ResetReason, string> = {
  forgot: 'We received a request to reset the password of your account.',
  blocked: 'Your account was blocked after too many failed logins. Set a new password to unblock it.',
  admin: 'An administrator sent you a link to set a new password for your account.',
};

/** Link to the reset-password screen: forgot-password, account blocked, or sent by an admin. */
export function resetLinkMail(
  ctx: MailContext,
  input: { fullName: string; link: string; reason: ResetReason },
): Content {
  const intro = RESET_INTRO[input.reason];
  const outro = `The link works once and expires in ${hours} hours. If you did not ask for it, you can ignore this e-mail.`;
  return {
    subject:
      input.reason === 'blocked'
        ? `${ctx.productName}: your account is blocked`
        : `${ctx.productName}: reset your password`,
    text: `Hello ${input.fullName},\n\n${intro}\n\nReset your password: ${input.link}\n\n${outro}\n\n${ctx.productName}\n`,
    html: layout(
      ctx,
      'Reset your password',
      `<p>Hello ${escapeHtml(input.fullName)},</p><p>${escapeHtml(intro)}</p>${button(input.link, 'Reset password')}<p>${escapeHtml(outro)}</p>`,
    ),
  };
}

/** For a newly registered user: the link sets the first password (used by the users issue). */
export function welcomeMail(ctx: MailContext, input: { fullName: string; email: string; link: string }): Content {
  const intro = `An account was created for you (${input.email}). Choose your password to sign in.`;
  return {
    subject: `Welcome to ${ctx.productName}`,
    text: `Hello ${input.fullName},\n\n${intro}\n\nSet your password: ${input.link}\n\nThe link expires in ${hours} hours.\n\n${ctx.productName}\n`,
    html: layout(
      ctx,
      `Welcome to ${ctx.productName}`,
      `<p>Hello ${escapeHtml(input.fullName)},</p><p>${escapeHtml(intro)}</p>${button(input.link, 'Set password')}<p>The link expires in ${hours} hours.</p>`,
    ),
  };
}

export interface DemoMailInput {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  countryCode: string;
  companyName: string;
  message: string;
}

/** To the sales mailbox: one demo request from the home page. */
export function demoRequestMail(ctx: MailContext, demo: DemoMailInput): Content {
  const rows: [string, string][] = [
    ['Name', `${demo.firstName} ${demo.lastName}`],
    ['E-mail', demo.email],
    ['Phone', `${demo.phoneNumber} (${demo.countryCode})`],
    ['Company', demo.companyName],
    ['Message', demo.message],
    ['Request id', demo.id],
  ];
  return {
    subject: `Demo request from ${demo.firstName} ${demo.lastName} (${demo.companyName})`,
    text: `A visitor asked for a demo of ${ctx.productName}.\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n`,
    html: layout(
      ctx,
      'New demo request',
      `<table style="border-collapse:collapse">${rows
        .map(
          ([k, v]) =>
            `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(k)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`,
    ),
  };
}

export interface ScheduleResultInput {
  botName: string;
  agentName: string;
  /** The run's final status, as the screens label it. */
  status: string;
  startedAt: string | null;
  endedAt: string | null;
  /** e.g. "2 min 5 s"; empty when the run never started. */
  duration: string;
  /** The run's last log lines, oldest first. */
  lines: string[];
}

/** To a schedule's recipients when a run it fired ends: what ran, where, how it ended, its last lines. */
export function scheduleResultMail(ctx: MailContext, run: ScheduleResultInput): Content {
  const rows: [string, string][] = [
    ['Bot', run.botName],
    ['Agent', run.agentName],
    ['Status', run.status],
    ['Start', run.startedAt ?? '—'],
    ['End', run.endedAt ?? '—'],
    ['Duration', run.duration || '—'],
  ];
  const log = run.lines.length > 0 ? run.lines.join('\n') : '(no log lines)';
  return {
    subject: `${ctx.productName}: scheduled run of ${run.botName} ${run.status.toLowerCase()}`,
    text: `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nLast log lines:\n${log}\n\n${ctx.productName}\n`,
    html: layout(
      ctx,
      `Scheduled run: ${run.botName}`,
      `<table style="border-collapse:collapse">${rows
        .map(
          ([k, v]) =>
            `<tr><th style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>
<h2 style="font-size:16px;margin:24px 0 8px">Last log lines</h2>
<pre style="background:#f4f6f8;padding:12px;border-radius:4px;white-space:pre-wrap;font-size:12px">${escapeHtml(log)}</pre>`,
    ),
  };
}
