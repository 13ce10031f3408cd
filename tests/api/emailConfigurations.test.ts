import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';
import { buildMailScene, gmailBody, type MailScene } from './mailWorld';

describe('e-mail configurations', () => {
  let server: TestServer;
  let s: MailScene;

  beforeAll(async () => {
    server = await startServer();
    s = await buildMailScene(server, 'ec');
  }, 180_000);
  afterAll(() => server?.close());

  it('a Customer Admin creates one of their company: the preset servers stored, the secret not answered', async () => {
    const res = await s.api('caA', 'POST', '/emailSchedule/create', gmailBody(s));
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Email configuration created successfully!');
    expect(res.body.payload).toMatchObject({
      host: 'gmail',
      imapHost: 'imap.gmail.com',
      imapPort: 993,
      smtpHost: 'smtp.gmail.com',
      companyId: s.w.companyA,
      botName: 'Carla nightly',
      recipients: ['ops@acme.test'],
      status: 'active',
      watchState: 'stopped',
    });
    expect(res.text).not.toMatch(/secret|abcd efgh/i);
  });
});
