import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { ClientDetailSchema } from '@shared/schemas/clients';
import { ConsultationRequestSchema } from '@shared/schemas/consultations';
import { LeadSchema, type Lead } from '@shared/schemas/leads';
import { RECIPIENT_REQUIRED } from '@shared/schemas/proposals';
import { adminPlansHandler, apiServer, json, recordRequests } from '@tests/support/api-server';
import {
  PROPOSAL_ID,
  PROPOSAL_SETTINGS,
  proposalSettingsHandlers,
  stubProposals,
} from '@tests/support/proposal-admin-fixtures';
import { renderWithApp } from '@tests/support/render-app';
import { addDaysTo, businessToday } from '@/lib/dates';
import { NewProposalPage } from './new-proposal-page';
import { taxRatesHandler } from '@tests/support/tax-fixtures';

const CLIENT_ID = '0b1c2d3e-0000-4000-8000-000000000001';
const CONSULTATION_ID = '3c4d5e6f-0000-4000-8000-000000000001';
const SEARCH_ID = '6f1c2b3a-0000-4000-8000-000000000001';

/** A marketing-tool lead: a business the search found, without an e-mail address. */
const LEAD: Lead = {
  id: 'osm-n42',
  source: 'osm',
  name: 'Bayou Dental',
  address: '12 Main St, Baton Rouge, LA',
  phone: '(225) 555-0142',
  website: 'http://bayoudental.example',
  email: null,
  businessType: 'Healthcare',
  category: 'dental_clinic',
  city: 'Baton Rouge',
  rating: 4.6,
  reviewCount: 31,
  isOpen: true,
  socialLinks: [],
  leadScore: 86,
  leadScoring: {
    conversionPotential: 'very-high',
    scoreBreakdown: {
      website: 30,
      verification: 10,
      growth: 12,
      market: 14,
      industry: 10,
      opportunity: 10,
    },
    scoringFactors: [],
  },
  websiteQuality: {
    score: 22,
    needsWebsite: false,
    recommendation: 'Complete redesign recommended',
    technology: 'WordPress',
    hasSSL: false,
    professionalDomain: true,
    opportunities: [],
    issues: [],
    signals: null,
  },
  industryInsights: { marketPresence: 'strong', competitionLevel: 'medium' },
};

function renderPage(query = '') {
  return renderWithApp(
    <Route path="/admin/proposals/new">
      <NewProposalPage />
    </Route>,
    `/admin/proposals/new${query}`,
  );
}

/** A total's amount by its label: 'One-off total' -> '$3,001.00'. */
const total = (label: string | RegExp) =>
  within(screen.getByLabelText('Totals')).getByText(label, { selector: 'dt' }).nextElementSibling
    ?.textContent;

const posted = (calls: ReturnType<typeof recordRequests>) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/admin/proposals');

beforeEach(() => {
  apiServer.use(adminPlansHandler(), ...proposalSettingsHandlers(), taxRatesHandler());
  stubProposals();
});

describe('NewProposalPage', { timeout: 15_000 }, () => {
  it('says what is missing, in the shared schema words, and sends nothing', async () => {
    const calls = recordRequests();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Title is required')).toBeVisible();
    expect(screen.getByText('Name is required')).toBeVisible();
    expect(screen.getByText('Email is required')).toBeVisible();
    expect(screen.getByText('Item 1: Describe the item')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-address');
    await user.type(screen.getByRole('spinbutton', { name: 'Deposit (%)' }), '0');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(screen.getByText('Deposit must be between 0 and 100%')).toBeVisible();

    // No item and no plan: nothing to propose.
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'A website');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Odile Fontenot');
    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'odile@example.com');
    await user.clear(screen.getByRole('spinbutton', { name: 'Deposit (%)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Deposit (%)' }), '50');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add a plan or at least one item');

    // An existing client is asked for, not chosen yet.
    await user.click(screen.getByRole('radio', { name: 'An existing client' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'signature');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(RECIPIENT_REQUIRED)).toBeVisible();
    expect(posted(calls)).toEqual([]);
  });

  it('adds up the one-off items, the deposit and the plan as they are typed, and saves cents', async () => {
    const calls = recordRequests();
    const location = renderPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'Terms' })).toHaveValue(
      PROPOSAL_SETTINGS.terms,
    );
    expect(screen.getByLabelText('Valid until')).toHaveValue(addDaysTo(businessToday(), 30));

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'A new website');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Odile Fontenot');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'Odile@Example.com');
    await user.type(
      screen.getByRole('textbox', { name: 'Business (optional)' }),
      'Fontenot Bakery',
    );
    await user.type(screen.getByRole('textbox', { name: 'Description, item 1' }), 'Website build');
    await user.clear(screen.getByRole('spinbutton', { name: 'Qty, item 1' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Qty, item 1' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Unit price ($), item 1' }), '1500.50');
    expect(total('One-off total')).toBe('$3,001.00');
    expect(total('Deposit (50%)')).toBe('$1,500.50');
    expect(total('Monthly')).toBe('$0.00');
    expect(total('First invoice')).toBe('$1,500.50');

    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(screen.getByRole('textbox', { name: 'Description, item 2' }), 'Logo');
    await user.type(screen.getByRole('textbox', { name: 'Unit price ($), item 2' }), '0.10');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'signature');
    await user.clear(screen.getByRole('spinbutton', { name: 'Deposit (%)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Deposit (%)' }), '25');
    expect(total('One-off total')).toBe('$3,001.10');
    expect(total('Deposit (25%)')).toBe('$750.28');
    expect(total('Signature plan, monthly')).toBe('$399.00');
    expect(total('First invoice')).toBe('$1,149.28');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/admin/proposals/${PROPOSAL_ID}`));
    expect(posted(calls).map((call) => call.body)).toEqual([
      {
        recipient: {
          name: 'Odile Fontenot',
          email: 'odile@example.com',
          businessName: 'Fontenot Bakery',
        },
        title: 'A new website',
        planType: 'signature',
        items: [
          { description: 'Website build', quantity: 2, unitPrice: 150_050, taxable: true },
          { description: 'Logo', quantity: 1, unitPrice: 10, taxable: true },
        ],
        taxRateIds: [],
        depositPercent: 25,
        validUntil: addDaysTo(businessToday(), 30),
        terms: PROPOSAL_SETTINGS.terms,
      },
    ]);
  });

  it('is for the client of ?client=, chosen already', async () => {
    apiServer.use(
      http.get(`/api/admin/clients/${CLIENT_ID}`, () =>
        json(ClientDetailSchema, {
          profile: {
            id: CLIENT_ID,
            firstName: 'Camille',
            lastName: 'Broussard',
            name: 'Camille Broussard',
            email: 'camille@example.com',
            emailVerified: true,
            businessName: 'Bayou Bistro',
            phoneNumber: null,
            createdAt: '2026-10-02T15:00:00.000Z',
            card: null,
            autoPay: false,
            deactivatedAt: null,
          },
          subscription: null,
          history: { items: [], total: 0 },
          money: { balance: 0, overdue: 0, paid: 0 },
          invoices: { items: [], total: 0 },
          payments: { items: [], total: 0 },
          tickets: { items: [], total: 0 },
          messages: { items: [], total: 0 },
          signupLinks: { items: [], total: 0 },
          notes: [],
        }),
      ),
    );
    const calls = recordRequests();
    renderPage(`?client=${CLIENT_ID}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: 'An existing client' })).toBeChecked();
    expect(
      screen.getByText('Camille Broussard', { selector: 'strong' }).closest('[role="status"]'),
    ).toHaveTextContent('For the client account of Camille Broussard (camille@example.com)');
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Care plan');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'essentials');
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({ clientId: CLIENT_ID, planType: 'essentials' });
    expect(posted(calls)[0]!.body).not.toHaveProperty('recipient');
  });

  it("copies a consultation request's contact and plan, and links the request", async () => {
    apiServer.use(
      http.get(`/api/admin/consultations/${CONSULTATION_ID}`, () =>
        json(ConsultationRequestSchema, {
          id: CONSULTATION_ID,
          name: 'Ines Broussard',
          email: 'ines@example.com',
          businessName: 'Broussard Florals',
          phone: null,
          details: 'A shop for our flowers.',
          status: 'contacted',
          planId: 'prestige',
          requestCount: 1,
          createdAt: '2026-11-20T15:00:00.000Z',
          clientId: null,
        }),
      ),
    );
    const calls = recordRequests();
    renderPage(`?consultation=${CONSULTATION_ID}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Ines Broussard');
    expect(
      screen.getByText('Written for the consultation request of Ines Broussard.'),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ines@example.com');
    expect(screen.getByRole('textbox', { name: 'Business (optional)' })).toHaveValue(
      'Broussard Florals',
    );
    // Chosen once the catalogue has loaded.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveValue('prestige'),
    );
    await waitFor(() => expect(total('Prestige plan, monthly')).toBe('$599.00'));

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Your flower shop online');
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({
      recipient: {
        name: 'Ines Broussard',
        email: 'ines@example.com',
        businessName: 'Broussard Florals',
      },
      consultationId: CONSULTATION_ID,
      planType: 'prestige',
      items: [],
    });
  });

  it("copies a lead's business and links the search and lead; an e-mail is asked for", async () => {
    apiServer.use(
      http.get(`/api/admin/marketing-tool/searches/${SEARCH_ID}/leads/${LEAD.id}`, () =>
        json(LeadSchema, LEAD),
      ),
    );
    const calls = recordRequests();
    renderPage(`?search=${SEARCH_ID}&lead=${LEAD.id}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Bayou Dental');
    expect(screen.getByRole('textbox', { name: 'Business (optional)' })).toHaveValue(
      'Bayou Dental',
    );
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('');
    expect(
      screen.getByText(
        'Written for the lead Bayou Dental of the marketing tool: it has no e-mail address, type the one to send it to.',
      ),
    ).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'desk@bayoudental.example');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'A new website');
    await user.type(screen.getByRole('textbox', { name: 'Description, item 1' }), 'Website build');
    await user.type(screen.getByRole('textbox', { name: 'Unit price ($), item 1' }), '3000');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({
      recipient: {
        name: 'Bayou Dental',
        email: 'desk@bayoudental.example',
        businessName: 'Bayou Dental',
      },
      lead: { searchId: SEARCH_ID, leadId: LEAD.id },
    });
  });
});
