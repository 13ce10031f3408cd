import { and, eq, sql } from 'drizzle-orm';
import { encryptText, type DataKey } from '../crypto/dataKey';
import type { Database } from './client';
import { DEMO_AUTOMATED_BOTS } from './demoBots';
import { agents, bots, emailConfigurations } from './schema';

const MAILBOX = 'invoices@acme.example';

/**
 * The demo company's e-mail configuration: inactive, on a custom host under the `.invalid`
 * top-level domain (which never resolves), so the screen shows one filled in and the watcher
 * reaches no mailbox. Its secret is encrypted like any other. Found in place on a second run.
 */
export async function demoMailbox(db: Database, key: DataKey, companyId: string, createdBy: string): Promise<void> {
  const [bot] = await db
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.companyId, companyId), eq(bots.name, DEMO_AUTOMATED_BOTS.report.name)))
    .limit(1);
  const [agent] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.companyId, companyId))
    .orderBy(agents.name)
    .limit(1);
  if (!bot || !agent) return;
  await db.execute(sql`
    insert into email_configurations (company_id, created_by, host, imap_host, imap_port, imap_secure, smtp_host,
      smtp_port, smtp_secure, email, secret_encrypted, bot_id, agent_id, operation, criteria, criteria_value,
      subject_line, text, recipients, status)
    select ${companyId}::uuid, ${createdBy}::uuid, 'custom', 'imap.demo.invalid', 993, true, 'smtp.demo.invalid',
      465, true, ${MAILBOX}, ${encryptText(key, 'demo-placeholder-secret')}, ${bot.id}::uuid, ${agent.id}::uuid,
      'contains', 'subject', 'Invoice', 'Invoice received',
      'Your invoice arrived; the Daily Report bot has read it. Its outcome is below.', '{}'::text[], 'inactive'
    where not exists (select 1 from ${emailConfigurations} e where e.company_id = ${companyId}::uuid and e.email = ${MAILBOX})`);
}
