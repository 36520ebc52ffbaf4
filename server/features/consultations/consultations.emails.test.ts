// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import { consultationRequestedEmail } from './consultations.emails';

const appUrl = 'https://studio.test';
const request = {
  name: 'Amélie Thibodeaux',
  email: 'amelie@bayoubakery.example',
  businessName: 'Bayou Bakery',
  phone: '(504) 555-0142',
  details: 'A new site with our menu.\nOnline orders later.',
};

describe('consultation e-mails', () => {
  it('tells the agency who asked, how to reach them, what they wrote, and links to the request', () => {
    const email = readEmail(consultationRequestedEmail(testBrand, request, { appUrl }));
    expect(email.subject).toBe('New consultation request: Bayou Bakery');
    const asked =
      'Amélie Thibodeaux of Bayou Bakery asked for a free consultation on your website.';
    expect(email.textParagraphs).toContain(asked);
    expect(email.paragraphs).toContain(asked);
    expect(email.paragraphs).toContain('E-mail: amelie@bayoubakery.example\nPhone: (504) 555-0142');
    expect(email.paragraphs).toContain(
      'About the project:\nA new site with our menu.\nOnline orders later.',
    );
    expect(email.links).toEqual([
      {
        label: 'See the request in the admin panel',
        href: 'https://studio.test/admin/requests?q=amelie%40bayoubakery.example',
      },
    ]);
  });

  it('leaves out what the person did not give', () => {
    const email = readEmail(
      consultationRequestedEmail(
        testBrand,
        { name: 'Ann', email: 'ann@example.com', businessName: null, phone: null, details: null },
        { appUrl },
      ),
    );
    expect(email.subject).toBe('New consultation request: Ann');
    expect(email.paragraphs).toContain('Ann asked for a free consultation on your website.');
    expect(email.paragraphs).toContain('E-mail: ann@example.com');
    expect(email.paragraphs).toContain('They wrote nothing about the project.');
    expect(email.textParagraphs.join('\n')).not.toContain('Phone');
  });

  it('shows what the person typed as text, never as markup', () => {
    const email = readEmail(
      consultationRequestedEmail(
        testBrand,
        {
          name: typedMarkup,
          email: 'x@example.com',
          businessName: typedMarkup,
          phone: null,
          details: typedMarkup,
        },
        { appUrl },
      ),
    );
    expect(email.subject).toBe(`New consultation request: ${typedMarkup}`);
    expect(email.paragraphs).toContain(
      `${typedMarkup} of ${typedMarkup} asked for a free consultation on your website.`,
    );
    expect(email.paragraphs).toContain(`About the project:\n${typedMarkup}`);
    expect(email.tags).toEqual(new Set(['div', 'p', 'a']));
  });
});
