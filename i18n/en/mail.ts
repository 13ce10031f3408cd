import { resourceMessages as rm } from '../../src/domain/declarations/messages';

/** E-mail configurations: the mailboxes whose mails run bots. */
export const mail = {
  emailConfigurations: {
    name: 'Email Configuration |||| Email Configurations',
    fields: {
      id: 'Id',
      companyId: 'Company',
      companyName: 'Company',
      createdBy: 'Created by',
      host: 'Host',
      imapHost: 'IMAP host name',
      imapPort: 'IMAP port',
      imapSecure: 'IMAP over TLS',
      smtpHost: 'SMTP host name',
      smtpPort: 'SMTP port',
      smtpSecure: 'SMTP over TLS (off: STARTTLS)',
      email: 'E-mail',
      secret: 'App password',
      secretEncrypted: 'App password (encrypted)',
      botId: 'Bot',
      botName: 'Bot',
      agentId: 'Agent',
      agentName: 'Agent',
      operation: 'Operation',
      criteria: 'Criteria',
      criteriaValue: 'Criteria value',
      subjectLine: 'Subject line',
      text: 'Text',
      recipients: 'Recipients',
      status: 'Status',
      watchState: 'Health',
      watchError: 'Reason',
      lastCheckedAt: 'Last checked',
      createdAt: 'Created at',
      updatedAt: 'Updated at',
    },
    choices: {
      host: { gmail: 'Gmail', outlook: 'Outlook', yahoo: 'Yahoo', custom: 'Custom IMAP/SMTP' },
      operation: { contains: 'Contains', equals: 'Equals', startsWith: 'Starts with', endsWith: 'Ends with' },
      criteria: { from: 'From', subject: 'Subject', body: 'Body' },
      status: { active: 'Active', inactive: 'Inactive' },
      watchState: {
        stopped: 'Stopped',
        connecting: 'Connecting',
        watching: 'Watching',
        retrying: 'Retrying',
        failing: 'Failing',
      },
    },
    instructions: {
      gmail:
        'Turn on 2-Step Verification for the Google account, then open Google Account › Security › App passwords, create one named "RPA" and paste its 16 characters here. IMAP must be enabled in Gmail settings.',
      outlook:
        'Turn on two-step verification for the Microsoft account, then open Security › Advanced security options › App passwords, create a new app password and paste it here.',
      yahoo:
        'Open Yahoo Account Info › Account security, choose "Generate app password", name it "RPA" and paste the password here.',
      custom:
        "Type the IMAP and SMTP host names and ports of your mail server, and the mailbox's password (or an app password if the server asks for one).",
    },
    page: {
      list: 'Email Configurations',
      create: 'Add an Email Configuration',
      show: 'Email Configuration',
      edit: 'Edit Email Configuration',
    },
    notifications: {
      created: rm.emailConfigurationCreated,
      updated: rm.emailConfigurationUpdated,
      deleted: `${rm.emailConfigurationDeleted} |||| %{smart_count} configurations deleted successfully!`,
    },
    empty: 'No e-mail configurations yet',
    emptyCreate: 'Click Create to run a bot when a mail arrives.',
    emptyNothing: 'The e-mail configurations of your company will show here.',
    secretKept: 'Leave empty to keep the stored password.',
    recipientsHelp: 'Up to 10 e-mail addresses, separated by commas; each gets the reply with the outcome',
    checkConnection: 'Check connection',
    checking: 'Checking…',
    neverChecked: 'Never checked',
    health: '%{state} since %{time}',
  },
};
