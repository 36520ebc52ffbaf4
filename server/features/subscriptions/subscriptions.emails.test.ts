// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import {
  cancellationRequestedEmail,
  cancellationWithdrawnEmail,
  subscriptionChangedByAgencyEmail,
  planChangeRequestedEmail,
  planChangeWithdrawnEmail,
  requestWithdrawnEmail,
  subscriptionRequestedEmail,
} from './subscriptions.emails';

// The e-mails take the plans' names: the catalogue is read where they are sent (issue 37).
const client = { email: 'amelie@example.com', firstName: 'Amélie', lastName: 'Thibodeaux' };

/** Each e-mail to the agency about a plan says the same in text and HTML, with no link. */
function expectSaid(rendered: Parameters<typeof readEmail>[0], ...sentences: string[]) {
  const email = readEmail(rendered);
  for (const sentence of sentences) {
    expect(email.textParagraphs).toContain(sentence);
    expect(email.paragraphs).toContain(sentence);
  }
  expect(email.links).toEqual([]);
  return email;
}

describe('plan e-mails to the agency', () => {
  it('a plan request names the client and plan, and says the first invoice is ready', () => {
    const email = expectSaid(
      subscriptionRequestedEmail(testBrand, client, 'Signature'),
      'Amélie Thibodeaux (amelie@example.com) asked for the Signature plan.',
      'A draft invoice for the first month is ready in the admin panel: send it, and the plan starts when it is paid.',
    );
    expect(email.subject).toBe('Plan request: Signature from Amélie Thibodeaux');
  });

  it('a withdrawn request says nothing needs to be invoiced', () => {
    const email = expectSaid(
      requestWithdrawnEmail(testBrand, client, 'Essentials'),
      'Amélie Thibodeaux (amelie@example.com) withdrew the request for the Essentials plan. Nothing needs to be invoiced.',
    );
    expect(email.subject).toBe('Plan request withdrawn: Amélie Thibodeaux (Essentials)');
  });

  it('a cancellation says until when the plan stays active', () => {
    const email = expectSaid(
      cancellationRequestedEmail(testBrand, client, 'Prestige', new Date('2027-01-15T12:00:00Z')),
      'Amélie Thibodeaux (amelie@example.com) asked to cancel the Prestige plan.',
      'It stays active until Jan 15, 2027, then ends.',
    );
    expect(email.subject).toBe('Cancellation request: Amélie Thibodeaux (Prestige)');
    expectSaid(
      cancellationRequestedEmail(testBrand, client, 'Prestige', null),
      'It stays active until the end of the current period, then ends.',
    );
  });

  it('a plan change says from which plan to which, and when it starts', () => {
    const email = expectSaid(
      planChangeRequestedEmail(testBrand, client, {
        from: 'Essentials',
        to: 'Prestige',
        startsOn: new Date('2027-02-01T12:00:00Z'),
      }),
      'Amélie Thibodeaux (amelie@example.com) asked to move from the Essentials plan to the Prestige plan.',
      'The change starts on Feb 1, 2027: the renewal invoice for that period bills the Prestige plan.',
    );
    expect(email.subject).toBe('Plan change: Amélie Thibodeaux (Essentials to Prestige)');
  });

  it('a withdrawn plan change says which plan the client stays on, names escaped', () => {
    const email = expectSaid(
      planChangeWithdrawnEmail(
        testBrand,
        { ...client, firstName: typedMarkup },
        { kept: 'Signature', withdrawn: 'Prestige' },
      ),
      `${typedMarkup} Thibodeaux (amelie@example.com) withdrew the change to the Prestige plan and stays on the Signature plan.`,
    );
    expect(email.subject).toBe(
      `Plan change withdrawn: ${typedMarkup} Thibodeaux (stays on Signature)`,
    );
    expect(email.tags).toEqual(new Set(['div', 'p']));
  });
});

describe("plan e-mails about the agency's changes", () => {
  it('a cancellation taken back by the client tells the agency the plan renews', () => {
    const email = expectSaid(
      cancellationWithdrawnEmail(testBrand, client, 'Signature'),
      'Amélie Thibodeaux (amelie@example.com) took back their cancellation and keeps the Signature plan.',
    );
    expect(email.subject).toBe('Cancellation taken back: Amélie Thibodeaux (Signature)');
  });

  it('tells the client what the agency changed, with a link to their portal', () => {
    const appUrl = 'https://studio.example';
    const cases: [Parameters<typeof subscriptionChangedByAgencyEmail>[1], string, string][] = [
      [
        { kind: 'plan_changed_now', from: 'Signature', to: 'Prestige' },
        'Your plan is now Prestige',
        'We have moved you from the Signature plan to the Prestige plan, starting today.',
      ],
      [
        {
          kind: 'plan_change_scheduled',
          from: 'Signature',
          to: 'Essentials',
          startsOn: new Date('2027-02-01T12:00:00Z'),
        },
        'Your plan changes to Essentials on Feb 1, 2027',
        'It starts on Feb 1, 2027, with your next billing period: the renewal invoice for that period bills the Essentials plan.',
      ],
      [
        { kind: 'plan_change_withdrawn', kept: 'Signature' },
        'You stay on the Signature plan',
        'The plan change we had arranged is withdrawn: you stay on the Signature plan.',
      ],
      [
        {
          kind: 'cancel_at_period_end',
          tier: 'Prestige',
          periodEnd: new Date('2027-01-15T12:00:00Z'),
        },
        'Your Prestige plan ends on Jan 15, 2027',
        'As agreed, your Prestige plan is canceled: it stays active until Jan 15, 2027, then ends. Nothing more will be billed.',
      ],
      [
        { kind: 'cancellation_withdrawn', tier: 'Prestige' },
        'Your Prestige plan continues',
        'The cancellation of your Prestige plan is taken back: your plan continues and renews as before.',
      ],
      [
        { kind: 'ended_now', tier: 'Essentials' },
        'Your Essentials plan has ended',
        'As agreed, your Essentials plan has ended today.',
      ],
      [
        { kind: 'free_months_given', tier: 'Signature', months: 1 },
        'A month of your plan free',
        'Your next renewal invoice shows the credit: nothing to pay for that month.',
      ],
      [
        { kind: 'free_months_given', tier: 'Signature', months: 2 },
        '2 months of your plan free',
        'Your next 2 renewal invoices show the credit: nothing to pay for those months.',
      ],
    ];
    for (const [change, subject, sentence] of cases) {
      const email = readEmail(subscriptionChangedByAgencyEmail(testBrand, change, { appUrl }));
      expect(email.subject).toBe(subject);
      expect(email.textParagraphs).toContain(sentence);
      expect(email.paragraphs).toContain(sentence);
      expect(email.links).toEqual([
        { label: 'See your plan in your portal', href: 'https://studio.example/portal' },
      ]);
    }
  });
});
