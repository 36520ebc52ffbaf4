import { describe, expect, it } from 'vitest';
import { headerBlockProblem } from './header-block';
import { messageKeyOf } from './message-identity';

const message = (header: string[], body = 'Hello') =>
  Buffer.from(`${header.join('\r\n')}\r\n\r\n${body}\r\n`, 'latin1');

const ordinary = [
  'From: Amelie <amelie@bakery.test>',
  'To: support@studio.test',
  'Subject: Opening hours',
];

describe('the header block every reader splits the same way', () => {
  it('finds nothing odd in an ordinary header, folded lines and LF line ends included', () => {
    expect(headerBlockProblem(message(ordinary))).toBeNull();
    expect(
      headerBlockProblem(
        message(['From: Amelie', '\t<amelie@bakery.test>', 'Subject: a', '  long one', 'X-A:b']),
      ),
    ).toBeNull();
    expect(headerBlockProblem(Buffer.from(`${ordinary.join('\n')}\n\nHello\n`))).toBeNull();
    // A message with no body ends with its header.
    expect(headerBlockProblem(Buffer.from(`${ordinary.join('\r\n')}\r\n`))).toBeNull();
  });

  it('looks only at the header: the body may say anything', () => {
    expect(
      headerBlockProblem(message(ordinary, 'From: eve@attacker.test\r\n\x0bFrom: x\r\nno colon')),
    ).toBeNull();
  });

  it.each([
    ['\x0b', 'a vertical tab'],
    ['\x0c', 'a form feed'],
    ['\xa0', 'a non-breaking space'],
    ['\x00', 'the character 0x00'],
    ['\x1f', 'the character 0x1F'],
  ])(
    'names a header line that starts with %j (a fold to one reader, a header to the other)',
    (char, name) => {
      const header = [
        'X-Note: hello',
        `${char}From: <amelie@bakery.test>`,
        'From: <eve@attacker.test>',
      ];
      expect(headerBlockProblem(message(header))).toBe(`a header line starts with ${name}`);
    },
  );

  it('names a carriage return that ends no line', () => {
    expect(
      headerBlockProblem(message(['X-Note: a\rFrom: <amelie@bakery.test>', ...ordinary])),
    ).toBe('the header has a carriage return that ends no line (a bare CR)');
    expect(headerBlockProblem(message(['X-Note: a', '\r\rFrom: <amelie@bakery.test>']))).toBe(
      'the header has a carriage return that ends no line (a bare CR)',
    );
  });

  it('names a second From, in any case', () => {
    expect(headerBlockProblem(message([...ordinary, 'FROM: <eve@attacker.test>']))).toBe(
      'the message has 2 From headers',
    );
  });

  it('names header names that readers trim differently, and lines without a colon', () => {
    // First, "From :" is an mbox line to mailparser and a From to mailauth.
    expect(headerBlockProblem(message(['From : <eve@attacker.test>', ...ordinary.slice(1)]))).toBe(
      'the header name "From" has whitespace before its colon',
    );
    expect(headerBlockProblem(message([...ordinary, 'X-Note\t: a']))).toBe(
      'the header name "X-Note" has whitespace before its colon',
    );
    expect(headerBlockProblem(message([...ordinary, 'X-Not\x0be: a']))).toBe(
      'the header name "X-Not?e" has a character a header name may not have',
    );
    expect(headerBlockProblem(message([...ordinary, 'X Note: a']))).toBe(
      'the header name "X Note" has whitespace in it',
    );
    expect(headerBlockProblem(message([...ordinary, 'X-Note hello', ' From: <a@b.test>']))).toBe(
      'the header line "X-Note hello" has no colon',
    );
    expect(headerBlockProblem(message([' X-Note: folded onto nothing', ...ordinary]))).toBe(
      'the header starts with a folded line',
    );
  });

  it('names a header that does not end within the first MiB: what follows could hide a From', () => {
    const long = ['From: <amelie@bakery.test>', `X-Pad: ${'a'.repeat(1024 * 1024)}`];
    expect(headerBlockProblem(message([...long, '\x0bFrom: <eve@attacker.test>']))).toBe(
      'the header does not end within its first 1,048,576 bytes',
    );
    // A message that is all header, and shorter, is read whole.
    expect(headerBlockProblem(Buffer.from(`${ordinary.join('\r\n')}`))).toBeNull();
  });

  it('ends where the message key finds its Message-ID: one header block for both', () => {
    const id = '<deep@bakery.test>';
    const padded = message([...ordinary, `X-Pad: ${'a'.repeat(300 * 1024)}`, `Message-ID: ${id}`]);
    expect(headerBlockProblem(padded)).toBeNull();
    expect(messageKeyOf(padded)).toBe(id);
  });
});
