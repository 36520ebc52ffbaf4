// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import { consultationAcknowledgedEmail, consultationRequestedEmail } from './consultations.emails';

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

  it('says a repeat is one, since when, and names the plan chosen', () => {
    const email = readEmail(
      consultationRequestedEmail(
        testBrand,
        {
          ...request,
          planName: 'Signature',
          requestCount: 2,
          createdAt: new Date('2026-11-28T21:05:00Z'),
        },
        { appUrl },
      ),
    );
    expect(email.subject).toBe('Repeat consultation request: Bayou Bakery');
    expect(email.paragraphs).toContain(
      'Amélie Thibodeaux of Bayou Bakery asked again for a free consultation on your website: request 2 since Nov 28, 2026 at 3:05 PM CST, merged into the first.',
    );
    expect(email.paragraphs).toContain(
      'E-mail: amelie@bayoubakery.example\nPhone: (504) 555-0142\nPlan: Signature',
    );
  });

  it("acknowledges the visitor's request: the agency's name, the plan and what happens next", () => {
    const email = readEmail(
      consultationAcknowledgedEmail(testBrand, { name: typedMarkup, planName: 'Prestige' }),
    );
    expect(email.subject).toBe('Your consultation request to Coast & Code');
    expect(email.paragraphs).toContain(`Hello ${typedMarkup},`);
    expect(email.paragraphs).toContain(
      'Thank you for asking Coast & Code for a free consultation about the Prestige plan. Your request has reached us.',
    );
    expect(email.paragraphs.some((p) => p.startsWith('What happens next: '))).toBe(true);
    expect(email.tags).toEqual(new Set(['div', 'p']));
    const plain = readEmail(
      consultationAcknowledgedEmail(testBrand, { name: 'Ann', planName: null }),
    );
    expect(plain.paragraphs).toContain(
      'Thank you for asking Coast & Code for a free consultation. Your request has reached us.',
    );
  });
});
