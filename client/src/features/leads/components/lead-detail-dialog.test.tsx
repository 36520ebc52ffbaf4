import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConsultationRequestSchema } from '@shared/schemas/consultations';
import { LeadSchema, type Lead } from '@shared/schemas/leads';
import { apiServer, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { LeadDetailDialog, leadAsText } from './lead-detail-dialog';

const SEARCH = '6f1c2b3a-0000-4000-8000-000000000001';

function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 'osm-n42',
    source: 'osm',
    name: 'Bayou Dental',
    address: '12 Main St, Baton Rouge, LA',
    phone: '(225) 555-0142',
    website: 'http://bayoudental.example',
    email: 'desk@bayoudental.example',
    businessType: 'Healthcare',
    category: 'dental_clinic',
    city: 'Baton Rouge',
    distance: 2.4,
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
      scoringFactors: [
        { factor: 'Outdated website', points: 25, priority: 'critical', part: 'website' },
        { factor: 'No HTTPS', points: -5, priority: 'negative', part: 'website' },
      ],
    },
    websiteQuality: {
      score: 22,
      needsWebsite: false,
      recommendation: 'Complete redesign recommended',
      technology: 'WordPress',
      hasSSL: false,
      professionalDomain: true,
      opportunities: ['Mobile layout'],
      issues: ['No HTTPS'],
      signals: null,
    },
    businessVerification: {
      legitimacyScore: 75,
      businessAge: 'over-10-years',
      businessHealth: 'closed-temporarily',
      competitivePosition: 'market-leader',
      onlineReputation: 'excellent',
      googleVerified: false,
      trustSignals: [],
      riskFactors: [],
      verificationDetails: [],
    },
    industryInsights: { marketPresence: 'strong', competitionLevel: 'medium' },
    ...overrides,
  };
}

/** The lead API of one search, and POST /api/admin/consultations answering `created`. */
function stubApi(shown: Lead) {
  const posted: unknown[] = [];
  apiServer.use(
    http.get(`/api/admin/marketing-tool/searches/${SEARCH}/leads/${shown.id}`, () =>
      json(LeadSchema, shown),
    ),
    http.post('/api/admin/consultations', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      posted.push(body);
      return json(
        ConsultationRequestSchema,
        {
          id: '0a1b2c3d-0000-4000-8000-000000000009',
          name: body.name!,
          email: body.email!,
          businessName: body.business ?? null,
          phone: body.phone || null,
          details: body.details ?? null,
          status: 'new',
          planId: null,
          requestCount: 1,
          createdAt: '2026-11-24T12:00:00.000Z',
          clientId: null,
        },
        { status: 201 },
      );
    }),
  );
  return posted;
}

describe('LeadDetailDialog', () => {
  it('shows every coded value as words, never the code', async () => {
    stubApi(lead());
    renderWithApp(
      <LeadDetailDialog searchId={SEARCH} leadId="osm-n42" onClose={() => {}} />,
      '/admin/marketing-tool',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bayou Dental' });
    expect(dialog).toHaveTextContent('Healthcare · Dental clinic · Baton Rouge');
    expect(within(dialog).getByText('Very high')).toBeInTheDocument();
    expect(within(dialog).getByText('Critical')).toBeInTheDocument();
    expect(within(dialog).getByText('Negative')).toBeInTheDocument();
    expect(within(dialog).getByText('Opportunity')).toBeInTheDocument();
    expect(within(dialog).getByText('Over 10 years')).toBeInTheDocument();
    expect(within(dialog).getByText('Closed temporarily')).toBeInTheDocument();
    expect(within(dialog).getByText('Market leader')).toBeInTheDocument();
    expect(within(dialog).getByText('Excellent')).toBeInTheDocument();
    for (const code of [
      'very-high',
      'critical',
      'over-10-years',
      'closed-temporarily',
      'market-leader',
      'excellent',
      'dental_clinic',
    ]) {
      expect(dialog.textContent).not.toContain(code);
    }
    // A proposal for the lead: its contact is copied there, and the search and lead linked.
    expect(within(dialog).getByRole('link', { name: 'Create proposal' })).toHaveAttribute(
      'href',
      `/admin/proposals/new?search=${SEARCH}&lead=osm-n42`,
    );
  }, 15_000);

  it('copies the lead with one Website line and the words of its conversion potential', () => {
    const text = leadAsText(lead());
    const lines = text.split('\n');
    expect(lines.filter((line) => line.startsWith('Website:'))).toEqual([
      'Website: http://bayoudental.example',
    ]);
    expect(lines).toContain('Website score: 22/100, Complete redesign recommended');
    expect(lines).toContain('Lead score: 86/100 (Very high conversion potential)');
  });

  it('adds a lead with an e-mail to the requests at once, and says where to find it', async () => {
    const posted = stubApi(lead());
    const user = userEvent.setup();
    renderWithApp(
      <LeadDetailDialog searchId={SEARCH} leadId="osm-n42" onClose={() => {}} />,
      '/admin/marketing-tool',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bayou Dental' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to requests' }));
    // The toast (outside the modal dialog, so hidden from the accessibility tree meanwhile).
    const link = await screen.findByText('Open requests', undefined, { timeout: 5000 });
    expect(link.closest('a')).toHaveAttribute('href', '/admin/requests');
    expect(link.parentElement).toHaveTextContent(
      'Bayou Dental is a new consultation request. Open requests',
    );
    expect(within(dialog).getByRole('button', { name: 'Added to requests' })).toBeDisabled();
    expect(posted).toEqual([
      {
        name: 'Bayou Dental',
        email: 'desk@bayoudental.example',
        business: 'Bayou Dental',
        phone: '(225) 555-0142',
        details: [
          'Lead from the marketing tool (OpenStreetMap), score 86/100.',
          'Business type: Healthcare, Baton Rouge',
          'Address: 12 Main St, Baton Rouge, LA',
          'Website: http://bayoudental.example',
          'Website score: 22/100, Complete redesign recommended',
        ].join('\n'),
      },
    ]);
  }, 15_000);

  it('asks for an e-mail address when the lead has none, with what is known filled in', async () => {
    const posted = stubApi(lead({ email: null, phone: 'N/A', website: 'N/A' }));
    const user = userEvent.setup();
    renderWithApp(
      <LeadDetailDialog searchId={SEARCH} leadId="osm-n42" onClose={() => {}} />,
      '/admin/marketing-tool',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bayou Dental' });
    await user.click(within(dialog).getByRole('button', { name: 'Add to requests' }));
    const ask = await screen.findByRole('dialog', { name: 'Add to requests' });
    expect(ask).toHaveTextContent('This lead has no e-mail address.');
    expect(within(ask).getByLabelText('Name *')).toHaveValue('Bayou Dental');
    expect(within(ask).getByLabelText('Phone')).toHaveValue('');
    await user.click(within(ask).getByRole('button', { name: 'Add request' }));
    expect(await within(ask).findByText('Email is required')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(within(ask).getByLabelText('Email *'), 'owner@bayoudental.example');
    await user.click(within(ask).getByRole('button', { name: 'Add request' }));
    expect(
      await screen.findByText('Open requests', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add to requests' })).toBeNull();
    expect(posted).toEqual([
      expect.objectContaining({
        name: 'Bayou Dental',
        email: 'owner@bayoudental.example',
        phone: '',
        details: expect.stringContaining('Website: none'),
      }),
    ]);
  }, 15_000);
});
