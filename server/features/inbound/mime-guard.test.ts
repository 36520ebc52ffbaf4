import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { MAX_MIME_PARTS, mimeBombRefusal, READER_LIMITS } from './mime-guard';

/**
 * A multipart message of `parts` attachments under the boundary `delimiter`, declared by
 * `contentType` in the header field named `field`.
 */
function multipart(
  contentType: string,
  delimiter: string,
  parts: number,
  field = 'Content-Type',
): Buffer {
  const part = [
    `--${delimiter}`,
    'Content-Type: text/plain',
    'Content-Disposition: attachment; filename="a.txt"',
    '',
    'x',
  ].join('\r\n');
  return Buffer.from(
    [
      'From: amelie@bakery.test',
      'Subject: Parts',
      'MIME-Version: 1.0',
      `${field}: ${contentType}`,
      '',
      ...Array.from({ length: parts }, () => part),
      `--${delimiter}--`,
      '',
    ].join('\r\n'),
    'latin1',
  );
}

const long = `b${'x'.repeat(249)}`;

/** Every way a boundary can be declared, and the delimiter it gives. */
const forms: [string, string, string][] = [
  ['a plain boundary', 'multipart/mixed; boundary="bomb"', 'bomb'],
  ['a token boundary', 'multipart/mixed; boundary=bomb', 'bomb'],
  ["RFC 2231's boundary*=", "multipart/mixed; boundary*=utf-8''bomb", 'bomb'],
  ['boundary*= percent-encoded', "multipart/mixed; boundary*=us-ascii'en'%62%6F%6Db", 'bomb'],
  ['boundary*0= and boundary*1=', 'multipart/mixed; boundary*0="bo"; boundary*1="mb"', 'bomb'],
  [
    "boundary*0*=charset'lang' and boundary*1*=",
    "multipart/mixed; boundary*0*=UTF-8'en'b%6F; boundary*1*=%6Db",
    'bomb',
  ],
  [
    'sections out of order, beside a decoy plain boundary',
    'multipart/mixed; boundary=decoy; boundary*1=mb; boundary*0=bo',
    'bomb',
  ],
  ['a boundary after a comment', 'multipart/mixed; (c) boundary=bomb (more)', 'bomb'],
  ['a quoted boundary with an escape', 'multipart/mixed; boundary="b\\"omb"', 'b"omb'],
  ['a boundary of 250 characters', `multipart/mixed; boundary="${long}"`, long],
  [
    'a folded 2231 boundary',
    "multipart/mixed;\r\n boundary*0*=utf-8''%2D%2D;\r\n\tboundary*1=bomb",
    '--bomb',
  ],
  // The forms a hand-written copy of the parser's rules had to give up on: the parser's own
  // library decodes them, so the count follows it.
  [
    'a charset in which ASCII bytes are not ASCII',
    "multipart/mixed; boundary*=utf-16''%00b%00o%00m%00b",
    'bomb',
  ],
  ['an encoded word', 'multipart/mixed; boundary*0="=?utf-8?q?bomb?="', 'bomb'],
  ['a broken percent-encoding', "multipart/mixed; boundary*=utf-8''bo%mb", 'bo=mb'],
  // Read as UTF-8, the parser drops the trailing U+2000 (an en quad) as whitespace.
  ['a boundary that ends in a UTF-8 space', 'multipart/mixed; boundary="bomb\xe2\x80\x80"', 'bomb'],
];

/** Header fields the parser takes for a Content-Type, however they are written. */
const fields: [string, string][] = [
  ['a field whose colon is on a folded line', 'Content-Type\r\n '],
  ['a field name in capitals with spaces before its colon', 'CONTENT-TYPE  '],
];

describe('the MIME part count before any parser', () => {
  it.each(forms)('counts the parts of %s as the parser splits them', async (_, type, delimiter) => {
    const message = multipart(type, delimiter, 3);
    expect(mimeBombRefusal(message)).toBeNull();
    // The boundary really is the parser's: it finds the same three parts.
    expect((await simpleParser(message)).attachments).toHaveLength(3);
  });

  it.each(forms)('refuses 10,000 parts under %s like any other bomb', (_, type, delimiter) => {
    expect(mimeBombRefusal(multipart(type, delimiter, 10_000))).toBe(
      'the message has 10,000 MIME parts (at most 500), as a message built to exhaust the reader would.',
    );
  });

  it('counts up to the limit and no further, delimiter lines with trailing space and CRs too', () => {
    expect(mimeBombRefusal(multipart('multipart/mixed; boundary=b', 'b', MAX_MIME_PARTS))).toBe(
      null,
    );
    const odd = multipart('multipart/mixed; boundary=b', 'b \t\r', MAX_MIME_PARTS + 1);
    expect(mimeBombRefusal(odd)).toBe(
      'the message has 501 MIME parts (at most 500), as a message built to exhaust the reader would.',
    );
  });

  it.each(fields)('counts the parts under %s as the parser splits them', async (_, field) => {
    const type = 'multipart/mixed; boundary=bomb';
    const message = multipart(type, 'bomb', 3, field);
    expect(mimeBombRefusal(message)).toBeNull();
    expect((await simpleParser(message)).attachments).toHaveLength(3);
    expect(mimeBombRefusal(multipart(type, 'bomb', 10_000, field))).toBe(
      'the message has 10,000 MIME parts (at most 500), as a message built to exhaust the reader would.',
    );
  });

  it('refuses a boundary longer than a line, whatever the number of parts', () => {
    const type = `multipart/mixed; boundary="${'b'.repeat(1200)}"`;
    expect(mimeBombRefusal(multipart(type, 'bomb', 2))).toBe(
      'its MIME parts cannot be counted: a boundary is 1,200 characters long (at most 998), as in a message built to exhaust the reader.',
    );
  });

  it('lets a boundary the parser ignores (not ASCII) through, as the parser finds no parts', async () => {
    const message = multipart("multipart/mixed; boundary*=utf-8''b%C3%B6mb", 'bömb', 2);
    expect(mimeBombRefusal(message)).toBeNull();
    expect((await simpleParser(message)).attachments).toHaveLength(0);
  });
});

describe('the header blocks the count reads', () => {
  /** A plain-text message whose body is `lines`. */
  const textMessage = (lines: string[]) =>
    Buffer.from(
      ['From: amelie@bakery.test', 'Content-Type: text/plain', '', ...lines, ''].join('\r\n'),
    );

  it('takes a body of 100,000 lines that look like Content-Type fields for the text it is', async () => {
    const message = textMessage(
      Array.from({ length: 100_000 }, (_, n) => `content-type: a; boundary=b${n}`),
    );
    expect(mimeBombRefusal(message)).toBeNull();
    expect((await simpleParser(message, READER_LIMITS)).attachments).toEqual([]);
  });

  it('refuses a header block of more Content-Type fields than the message could have parts', () => {
    const header = Array.from(
      { length: 100_000 },
      () => 'Content-Type: multipart/mixed; boundary=b',
    );
    expect(mimeBombRefusal(Buffer.from([...header, '', 'x', ''].join('\r\n')))).toBe(
      'the message has more than 501 Content-Type fields where its parts start (one a part), as a message built to exhaust the reader would.',
    );
  });

  it('refuses a chain of 100,000 messages embedded in one another', () => {
    const chain = Array.from(
      { length: 100_000 },
      () => 'Content-Type: message/rfc822\r\nContent-Disposition: inline\r\n',
    );
    expect(mimeBombRefusal(Buffer.from([...chain, 'x', ''].join('\r\n')))).toBe(
      'the message has more than 500 MIME parts, as a message built to exhaust the reader would.',
    );
  });

  it("counts the parts of an embedded message, whose header block starts the part's body", async () => {
    const embedded = (parts: number) =>
      Buffer.concat([
        Buffer.from(
          [
            'From: amelie@bakery.test',
            'Content-Type: multipart/mixed; boundary=outer',
            '',
            '--outer',
            'Content-Type: message/rfc822',
            'Content-Disposition: inline',
            '',
            '',
          ].join('\r\n'),
        ),
        multipart('multipart/mixed; boundary=inner', 'inner', parts),
        Buffer.from('--outer--\r\n'),
      ]);
    expect(mimeBombRefusal(embedded(3))).toBeNull();
    expect((await simpleParser(embedded(3))).attachments).toHaveLength(3);
    // The outer part, the embedded message and its 600 parts.
    expect(mimeBombRefusal(embedded(600))).toBe(
      'the message has 602 MIME parts (at most 500), as a message built to exhaust the reader would.',
    );
  });
});

describe("mailparser's own wall", () => {
  it('fails a message of more than 500 parts, and reads one of 500', async () => {
    const type = 'multipart/mixed; boundary=b';
    const atLimit = await simpleParser(multipart(type, 'b', MAX_MIME_PARTS), READER_LIMITS);
    expect(atLimit.attachments).toHaveLength(MAX_MIME_PARTS);
    await expect(
      simpleParser(multipart(type, 'b', MAX_MIME_PARTS + 1), READER_LIMITS),
    ).rejects.toThrow('Max allowed child nodes exceeded');
  });
});
