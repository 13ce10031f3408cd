import { http, HttpResponse } from 'msw';
import { MAIL_HOSTS } from '../../../../src/domain/mailHosts';
import { server } from './msw';
import { list, ok } from './shell';

/** One watched mailbox of Acme Corp, failing with its server's reason. */
export const EMAIL_CONFIGURATIONS = [
  {
    id: 'ec-1',
    companyId: 'c-1',
    companyName: 'Acme Corp',
    host: 'gmail',
    imapHost: 'imap.gmail.com',
    imapPort: 993,
    imapSecure: true,
    smtpHost: 'smtp.gmail.com',
    smtpPort: 465,
    smtpSecure: true,
    email: 'invoices@acme.com',
    botId: 'b-1',
    botName: 'Invoice Bot',
    agentId: 'a-1',
    agentName: 'Finance PC',
    operation: 'contains',
    criteria: 'subject',
    criteriaValue: 'invoice',
    subjectLine: 'Invoice handled',
    text: 'Your invoice went through.',
    recipients: ['ops@acme.com'],
    status: 'active',
    watchState: 'retrying',
    watchError: 'Authentication failed.',
    lastCheckedAt: '2026-11-20T03:30:00.000Z',
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
  },
];

/** The reads of E-mail Configurations and the host list. */
export function mailApi(): void {
  server.use(
    http.get('*/api/emailSchedule/all/names', () => ok(MAIL_HOSTS)),
    http.get('*/api/emailSchedule/all', () => list(EMAIL_CONFIGURATIONS)),
    http.get('*/api/emailSchedule/details/:id', ({ params }) => {
      const row = EMAIL_CONFIGURATIONS.find((c) => c.id === params.id);
      return row ? ok(row) : HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
}

/** What the screens show of these records that is data, not the product's words. */
export const MAIL_TEXTS: readonly string[] = EMAIL_CONFIGURATIONS.flatMap((c) => [
  c.email,
  c.criteriaValue,
  c.subjectLine,
  c.text,
  c.watchError,
  c.imapHost,
  c.smtpHost,
  ...c.recipients,
]);
