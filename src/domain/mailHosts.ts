/**
 * The mail providers an e-mail configuration may name. A preset gives the IMAP (reading) and
 * SMTP (replying) servers; `custom` lets the user type them. `instructionsKey` names the i18n
 * text that tells how to generate the provider's app password.
 */
export interface MailServer {
  host: string;
  port: number;
  /** TLS from the first byte (993, 465); false means STARTTLS when the server offers it. */
  secure: boolean;
}

export interface MailHost {
  id: MailHostId;
  label: string;
  imap: MailServer;
  smtp: MailServer;
  instructionsKey: string;
}

export const MAIL_HOST_IDS = ['gmail', 'outlook', 'yahoo', 'custom'] as const;
export type MailHostId = (typeof MAIL_HOST_IDS)[number];

const instructions = (id: MailHostId) => `resources.emailConfigurations.instructions.${id}`;

export const MAIL_HOSTS: readonly MailHost[] = [
  {
    id: 'gmail',
    label: 'Gmail',
    imap: { host: 'imap.gmail.com', port: 993, secure: true },
    smtp: { host: 'smtp.gmail.com', port: 465, secure: true },
    instructionsKey: instructions('gmail'),
  },
  {
    id: 'outlook',
    label: 'Outlook',
    imap: { host: 'outlook.office365.com', port: 993, secure: true },
    smtp: { host: 'smtp.office365.com', port: 587, secure: false },
    instructionsKey: instructions('outlook'),
  },
  {
    id: 'yahoo',
    label: 'Yahoo',
    imap: { host: 'imap.mail.yahoo.com', port: 993, secure: true },
    smtp: { host: 'smtp.mail.yahoo.com', port: 465, secure: true },
    instructionsKey: instructions('yahoo'),
  },
  {
    // The user types the host names; the ports start at the usual TLS ones.
    id: 'custom',
    label: 'Custom IMAP/SMTP',
    imap: { host: '', port: 993, secure: true },
    smtp: { host: '', port: 465, secure: true },
    instructionsKey: instructions('custom'),
  },
];

export const isMailHostId = (value: unknown): value is MailHostId =>
  typeof value === 'string' && (MAIL_HOST_IDS as readonly string[]).includes(value);

export const mailHostOf = (id: MailHostId): MailHost => MAIL_HOSTS.find((h) => h.id === id) ?? MAIL_HOSTS[3];
