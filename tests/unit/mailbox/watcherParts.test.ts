import { describe, expect, it } from 'vitest';
import { htmlToText, textPartOf } from '../../../server/mailbox/watcher/read';
import { replyMail } from '../../../server/mailbox/watcher/replyMail';

describe('the text part of a mail', () => {
  it('is the body of a single-part text mail', () => {
    expect(textPartOf({ type: 'text/plain' })).toEqual({ part: '1', html: false });
  });

  it('is the plain alternative of a multipart mail, else its HTML, never an attachment', () => {
    const alternative = {
      type: 'multipart/mixed',
      childNodes: [
        {
          type: 'multipart/alternative',
          part: '1',
          childNodes: [
            { type: 'text/html', part: '1.2' },
            { type: 'text/plain', part: '1.1' },
          ],
        },
        { type: 'text/plain', part: '2', disposition: 'attachment' },
      ],
    };
    expect(textPartOf(alternative)).toEqual({ part: '1.1', html: false });
    const htmlOnly = {
      type: 'multipart/mixed',
      childNodes: [
        { type: 'text/html', part: '1' },
        { type: 'text/plain', part: '2', disposition: 'attachment' },
      ],
    };
    expect(textPartOf(htmlOnly)).toEqual({ part: '1', html: true });
    expect(textPartOf({ type: 'image/png' })).toBeNull();
  });

  it('reads HTML as the text a person sees', () => {
    expect(htmlToText('<style>p{color:red}</style><p>Invoice&nbsp;42</p><p>Tom &amp; Jerry<br>&lt;ok&gt;</p>')).toBe(
      'Invoice 42\nTom & Jerry\n<ok>',
    );
  });
});

describe('the reply of a mail-triggered run', () => {
  it('is the configuration’s subject and text, then the outcome and the last lines', () => {
    const mail = replyMail({
      subjectLine: 'Done',
      text: 'We ran <it>.',
      botName: 'Invoices',
      agentName: 'PC-1',
      status: 'Executed',
      startedAt: '2026-01-02 10:00:00 UTC',
      endedAt: '2026-01-02 10:00:42 UTC',
      duration: '42 s',
      lines: ['one', 'two'],
    });
    expect(mail.subject).toBe('Done');
    expect(mail.text).toBe(
      'We ran <it>.\n\nBot: Invoices\nAgent: PC-1\nStatus: Executed\nStart: 2026-01-02 10:00:00 UTC\nEnd: 2026-01-02 10:00:42 UTC\nDuration: 42 s\n\nLast log lines:\none\ntwo\n',
    );
    expect(mail.html).toContain('We ran &lt;it&gt;.');
    expect(mail.html).not.toContain('<it>');
  });
});
