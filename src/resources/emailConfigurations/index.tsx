import { emailConfigurations } from '../../domain/declarations/emailConfigurations';
import { schemaResource } from '../schema';
import { HealthValue } from './HealthValue';
import { HostInput, SecretInput, ServerInput, TextAndRecipientsInput } from './MailInputs';

/**
 * E-mail Configurations (User Profile): the schema's list with the Company and Status filters
 * and each mailbox's live health; the form picks the host (with its app-password
 * instructions; a custom host shows its servers), takes the secret as a password (empty on edit
 * keeps the stored one) with "Check connection", and the recipients as one line.
 */
export const emailConfigurationsResource = schemaResource(emailConfigurations, {
  filters: ['companyId', 'status'],
  inputs: {
    host: HostInput,
    imapHost: ServerInput,
    imapPort: ServerInput,
    imapSecure: ServerInput,
    smtpHost: ServerInput,
    smtpPort: ServerInput,
    smtpSecure: ServerInput,
    secret: SecretInput,
    text: TextAndRecipientsInput,
  },
  display: { watchState: HealthValue },
  card: { title: 'email', status: ['status'], lines: ['watchState', 'botName'] },
  createDefaults: () => ({ imapSecure: true, smtpSecure: true, recipients: [] }),
});
