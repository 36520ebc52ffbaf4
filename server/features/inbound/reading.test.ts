import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { replyTokenOf, ticketIdOfRootMessageId, ticketReplyAddress } from '../tickets/ticket-mail';
import { classifyUnanswerable } from './classify';
import { mimeBombRefusal } from './mime-guard';
import { REPLY_PARSER_MAX_CHARS, replyText } from './reply-text';
import { answeredMessageIds, replyTokenIn, ticketNumberInSubject } from './threading';

const parse = (lines: string[]) => simpleParser(Buffer.from(lines.join('\r\n')));

const plain = (headers: string[], body = 'Hello') =>
  parse(['From: a@example.com', 'To: support@studio.test', ...headers, '', body]);

describe('reading a message before it is answered', () => {
  it.each([
    [
      ['Auto-Submitted: auto-replied'],
      'Automatic reply: Auto-Submitted: auto-replied. Not answered.',
    ],
    [
      ['Auto-Submitted: auto-generated; owner-email=x'],
      'Automatic reply: Auto-Submitted: auto-generated. Not answered.',
    ],
    [['X-Autoreply: yes'], 'Automatic reply: X-Autoreply header. Not answered.'],
    [['X-Autorespond: 1'], 'Automatic reply: X-Autorespond header. Not answered.'],
    [['Precedence: junk'], 'Automatic reply: Precedence: junk. Not answered.'],
    [
      ['Subject: Automatic reply: away'],
      'Automatic reply: an out-of-office subject. Not answered.',
    ],
  ])('%j is an automatic reply', async (headers, detail) => {
    expect(classifyUnanswerable(await plain(headers), 'a@example.com')).toEqual({
      state: 'auto_reply',
      detail,
    });
  });

  it('takes a person writing "Auto-Submitted: no" or about the office for a person', async () => {
    expect(classifyUnanswerable(await plain(['Auto-Submitted: no']), 'a@example.com')).toBeNull();
    expect(
      classifyUnanswerable(await plain(['Subject: New office photos']), 'a@example.com'),
    ).toBeNull();
  });

  it('knows a bounce by its empty return path or its sender', async () => {
    expect(classifyUnanswerable(await plain([]), '')?.state).toBe('bounce');
    expect(classifyUnanswerable(await plain([]), '<>')?.state).toBe('bounce');
    const daemon = await parse(['From: MAILER-DAEMON@mx.example.com', '', 'failed']);
    expect(classifyUnanswerable(daemon, null)).toEqual({
      state: 'bounce',
      detail: 'Bounce: sent by mailer-daemon@mx.example.com. Not answered.',
    });
  });

  it('counts the parts of every declared boundary, and only those', () => {
    const message = (parts: number) =>
      Buffer.from(
        [
          'Content-Type: multipart/mixed; boundary=outer',
          '',
          ...Array.from({ length: parts }, () => '--outer\r\nContent-Type: text/plain\r\n\r\nx'),
          '--outer--',
          '-- ',
          '--not-a-boundary',
        ].join('\r\n'),
      );
    expect(mimeBombRefusal(message(500))).toBeNull();
    expect(mimeBombRefusal(message(501))).toMatch(
      /^the message has 501 MIME parts \(at most 500\)/,
    );
    expect(mimeBombRefusal(message(1000))).toMatch(/^the message has 1,000 MIME parts/);
    expect(mimeBombRefusal(Buffer.from('Subject: hi\r\n\r\n--x\r\n--y'))).toBeNull();
  });

  it('finds the reply token, the answered Message-IDs and the number in the subject', async () => {
    const token = 'a'.repeat(32);
    const mail = await plain([
      `Cc: Someone <support+t_${token}@studio.test>`,
      'In-Reply-To: <r2@studio.test>',
      'References: <r0@studio.test> <r1@studio.test> <r2@studio.test>',
    ]);
    expect(replyTokenIn(mail, ['support@studio.test'])).toBe(token);
    expect(replyTokenIn(mail, [`support+t_${'b'.repeat(32)}@studio.test`])).toBe('b'.repeat(32));
    expect(answeredMessageIds(mail)).toEqual([
      '<r2@studio.test>',
      '<r1@studio.test>',
      '<r0@studio.test>',
    ]);
    expect(ticketNumberInSubject('Re: [#42] Menu')).toBe(42);
    expect(ticketNumberInSubject('About #7, again')).toBe(7);
    expect(ticketNumberInSubject('Room 7#8 and C#')).toBeNull();
  });

  it("writes and reads a ticket's reply address and root Message-ID", () => {
    expect(ticketReplyAddress('help+x@studio.test', 'f'.repeat(32))).toBe(
      `help+t_${'f'.repeat(32)}@studio.test`,
    );
    expect(replyTokenOf(`HELP+T_${'F'.repeat(32)}@studio.test`)).toBe('f'.repeat(32));
    expect(replyTokenOf('support@studio.test')).toBeNull();
    const id = '5e6f7a8b-0000-4000-8000-000000000000';
    expect(ticketIdOfRootMessageId(`<ticket-${id}@studio.test>`)).toBe(id);
    expect(ticketIdOfRootMessageId('<ticket-x@studio.test>')).toBeNull();
  });

  it('keeps what the client wrote above the marker, and never loses an all-quote message', async () => {
    const marked = await plain(
      [],
      [
        'Sounds good.',
        '',
        'On Tue, Nov 24, 2026 at 10:00 AM Studio <support@studio.test> wrote:',
        '> ##- Please type your reply above this line -##',
        '> Old',
      ].join('\r\n'),
    );
    expect(replyText(marked).text).toBe('Sounds good.');
    const quoteOnly = await plain([], '> only a quote\r\n> of something');
    expect(replyText(quoteOnly).text).toBe('> only a quote\n> of something');
  });

  it('keeps a text too long for the reply parser (its memory grows 60-fold) as it came', async () => {
    const body = `${'A line of a long document pasted into the mail.\r\n'.repeat(6000)}\r\n> history`;
    const { text } = replyText(await plain([], body));
    expect(text.length).toBeGreaterThan(REPLY_PARSER_MAX_CHARS);
    expect(text.endsWith('\n\n> history')).toBe(true);
  });
});
