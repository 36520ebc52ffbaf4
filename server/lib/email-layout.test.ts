// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import { clientLabel, clientName, renderEmail } from './email-layout';

describe('the e-mail frame', () => {
  it('writes the same paragraphs in text and HTML, the link under them, signed by the agency', () => {
    const email = readEmail(
      renderEmail(testBrand, 'Hello there', ['First line.', 'Second\nline.'], {
        href: 'https://studio.test/portal',
        label: 'Open the portal',
      }),
    );
    expect(email.subject).toBe('Hello there');
    expect(email.textParagraphs).toEqual([
      'First line.',
      'Second\nline.',
      'Open the portal: https://studio.test/portal',
      '— Coast & Code',
    ]);
    expect(email.paragraphs).toEqual([
      'Coast & Code',
      'First line.',
      'Second\nline.',
      'Open the portal',
    ]);
    expect(email.links).toEqual([{ label: 'Open the portal', href: 'https://studio.test/portal' }]);
  });

  it('shows typed markup as text in the HTML', () => {
    const rendered = renderEmail(testBrand, 'Subject', [typedMarkup]);
    const email = readEmail(rendered);
    expect(email.paragraphs).toContain(typedMarkup);
    expect(email.tags).toEqual(new Set(['div', 'p']));
    expect(rendered.html).toContain('&lt;script&gt;');
  });

  it('names a client by full name, else e-mail, else "A client"', () => {
    const amelie = { email: 'amelie@example.com', firstName: 'Amélie', lastName: 'Thibodeaux' };
    expect(clientLabel(amelie)).toBe('Amélie Thibodeaux (amelie@example.com)');
    expect(clientName({ ...amelie, firstName: null, lastName: null })).toBe('amelie@example.com');
    expect(clientLabel(null)).toBe('A client');
  });
});
