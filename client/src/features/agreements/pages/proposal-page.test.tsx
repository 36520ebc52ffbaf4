import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import {
  CONSENT_REQUIRED,
  PROPOSAL_MESSAGES,
  ProposalDepositSchema,
  PublicProposalSchema,
  SIGNATURE_REQUIRED,
  proposalExpiredMessage,
  type PublicProposal,
} from '@shared/schemas/proposals';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { setBusinessTimeZone } from '@/lib/dates';
import { ProposalPage } from './proposal-page';

const TOKEN = 'p'.repeat(43);
const CONSENT =
  'I agree to sign this proposal electronically and to receive its records by e-mail.';
const DRAWN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

const OPEN: PublicProposal = {
  status: 'viewed',
  document: {
    version: 2,
    title: 'A new website for Bayou Bakery',
    recipient: {
      name: 'Nadia Broussard',
      email: 'nadia@bayoubakery.test',
      businessName: 'Bayou Bakery',
    },
    agency: {
      name: 'Coast & Code Studio',
      email: 'hello@coastandcode.studio',
      phone: '(504) 555-0123',
    },
    plan: { id: 'signature', name: 'Signature', monthlyPriceCents: 24_900 },
    items: [
      { description: 'Website build', quantity: 1, unitPrice: 300_000, total: 300_000 },
      { description: 'Logo refresh', quantity: 2, unitPrice: 25_000, total: 50_000 },
    ],
    depositPercent: 50,
    totals: {
      oneOff: 350_000,
      deposit: 175_000,
      monthly: 24_900,
      firstInvoice: 199_900,
      remainder: 175_000,
    },
    validUntil: '2026-12-31',
    terms: '## Payment\n\nThe balance is due on delivery.',
  },
  consent: { text: CONSENT, hash: 'a'.repeat(64) },
  signedAt: null,
  signerName: null,
  declinedAt: null,
  payment: null,
};

const SIGNED: PublicProposal = {
  ...OPEN,
  status: 'signed',
  signedAt: '2026-12-02T16:30:00.000Z',
  signerName: 'Nadia Broussard',
  payment: {
    invoiceId: '11111111-1111-4111-8111-111111111111',
    invoiceNumber: 'INV-2026-0050',
    amountCents: 199_900,
    paid: false,
    online: true,
    instructions: '',
  },
};

const proposalJson = (value: PublicProposal) => json(PublicProposalSchema, value);

/** GET /api/proposals/:token answers `answer` (a function: each time anew). */
function stubProposal(answer: Response | (() => Response)) {
  apiServer.use(
    http.get(`/api/proposals/${TOKEN}`, () =>
      typeof answer === 'function' ? answer() : answer.clone(),
    ),
  );
  return recordRequests();
}

function renderPage(search = '') {
  return renderWithApp(
    <Route path="/proposals/:token">
      <ProposalPage />
    </Route>,
    `/proposals/${TOKEN}${search}`,
  );
}

const posts = (calls: ReturnType<typeof recordRequests>) =>
  calls.filter((call) => call.method === 'POST');

/** jsdom draws nothing: a 2D context that takes every call, and a fixed PNG. */
function standInCanvas() {
  const context = new Proxy({}, { get: (_, key) => (key === 'canvas' ? undefined : () => {}) });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(DRAWN);
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 10,
    top: 100,
    width: 360,
    height: 160,
    right: 370,
    bottom: 260,
    x: 10,
    y: 100,
    toJSON: () => ({}),
  });
}

beforeAll(() => setBusinessTimeZone('America/Chicago'));
beforeEach(standInCanvas);
afterEach(() => vi.useRealTimers());

describe('ProposalPage', () => {
  it('shows the document: who it is from and for, the plan, the items and the totals', async () => {
    stubProposal(proposalJson(OPEN));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'A new website for Bayou Bakery' }),
    ).toBeVisible();
    expect(screen.getByText('Coast & Code Studio', { selector: 'span' })).toBeVisible();
    expect(screen.getByText('Prepared for').nextSibling).toHaveTextContent(
      'Nadia Broussard, Bayou Bakerynadia@bayoubakery.test',
    );
    expect(screen.getByText('Valid until').nextSibling).toHaveTextContent('Dec 31, 2026');
    expect(screen.getByText(/per month/)).toHaveTextContent('Signature: $249.00 per month');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DescriptionQuantityUnit priceAmount',
      'Website build1$3,000.00$3,000.00',
      'Logo refresh2$250.00$500.00',
    ]);
    // The phone's cards say the same.
    const cards = screen.getByRole('list', { name: 'One-off items' });
    expect(within(cards).getAllByRole('listitem')[1]).toHaveTextContent(
      'Logo refresh2 × $250.00$500.00',
    );
    const totals = screen.getByRole('heading', { name: 'Totals' }).nextSibling as HTMLElement;
    expect([...totals.children].map((row) => row.textContent)).toEqual([
      'One-off total$3,500.00',
      'Deposit (50%)$1,750.00',
      'Plan, first month$249.00',
      'First invoice, due on signing$1,999.00',
      'Balance, invoiced on delivery$1,750.00',
    ]);
    // The terms are Markdown, as the legal pages are.
    expect(screen.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
    expect(screen.getByText('The balance is due on delivery.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: CONSENT })).not.toBeChecked();
  });

  it('signs with a typed signature: the version read, the name, the mark and consent', async () => {
    let signed = false;
    const calls = stubProposal(() => proposalJson(signed ? SIGNED : OPEN));
    apiServer.use(
      http.post(`/api/proposals/${TOKEN}/sign`, () => {
        signed = true;
        return proposalJson(SIGNED);
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Please type your full name')).toBeVisible();
    expect(screen.getByText(SIGNATURE_REQUIRED)).toBeVisible();
    expect(screen.getByText(CONSENT_REQUIRED)).toBeVisible();
    expect(posts(calls)).toEqual([]);

    await userEvent.type(screen.getByLabelText('Your full name'), 'Nadia Broussard');
    await userEvent.click(screen.getByRole('tab', { name: 'Type it instead' }));
    await userEvent.type(screen.getByLabelText('Type your signature'), 'Nadia Broussard');
    await userEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));

    const heading = await screen.findByRole('heading', {
      name: 'Signed by Nadia Broussard on Dec 2, 2026',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(posts(calls).map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: `/api/proposals/${TOKEN}/sign`,
        body: {
          version: 2,
          signerName: 'Nadia Broussard',
          signature: { typed: 'Nadia Broussard' },
          consent: true,
          consentHash: 'a'.repeat(64),
        },
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });

  it('signs with a signature drawn on the pad, sent as a PNG', async () => {
    let signed = false;
    const calls = stubProposal(() => proposalJson(signed ? SIGNED : OPEN));
    apiServer.use(
      http.post(`/api/proposals/${TOKEN}/sign`, () => {
        signed = true;
        return proposalJson(SIGNED);
      }),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your full name'), 'Nadia Broussard');
    const pad = screen.getByRole('img', { name: 'Signature pad, empty' });
    expect(pad).toHaveStyle({ touchAction: 'none' });
    // A finger's stroke: down, a few moves, up.
    const finger = { pointerId: 7, pointerType: 'touch', button: 0 };
    fireEvent.pointerDown(pad, { ...finger, clientX: 40, clientY: 180 });
    fireEvent.pointerMove(pad, { ...finger, clientX: 90, clientY: 150 });
    fireEvent.pointerMove(pad, { ...finger, clientX: 140, clientY: 200 });
    fireEvent.pointerUp(pad, { ...finger, clientX: 140, clientY: 200 });
    expect(screen.getByRole('img', { name: 'Your drawn signature' })).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await screen.findByRole('heading', { name: /^Signed by Nadia Broussard/ });
    expect(posts(calls).map(({ body }) => body)).toEqual([
      {
        version: 2,
        signerName: 'Nadia Broussard',
        signature: { drawn: DRAWN },
        consent: true,
        consentHash: 'a'.repeat(64),
      },
    ]);
  });

  it('clears the pad: nothing drawn is nothing to send', async () => {
    const calls = stubProposal(proposalJson(OPEN));
    renderPage();
    const pad = await screen.findByRole('img', { name: 'Signature pad, empty' });
    const clear = screen.getByRole('button', { name: 'Clear' });
    expect(clear).toBeDisabled();
    fireEvent.pointerDown(pad, { pointerId: 1, button: 0, clientX: 50, clientY: 150 });
    fireEvent.pointerUp(pad, { pointerId: 1, button: 0, clientX: 50, clientY: 150 });
    await userEvent.click(clear);
    expect(screen.getByRole('img', { name: 'Signature pad, empty' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Your full name'), 'Nadia Broussard');
    await userEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(SIGNATURE_REQUIRED)).toBeVisible();
    expect(posts(calls)).toEqual([]);
  });

  it('shows a changed proposal again, keeps the name and asks for the signature anew', async () => {
    let version = 2;
    const calls = stubProposal(() =>
      proposalJson({
        ...OPEN,
        document: {
          ...OPEN.document,
          version,
          title: version === 2 ? OPEN.document.title : 'A new website and shop for Bayou Bakery',
        },
      }),
    );
    apiServer.use(
      http.post(`/api/proposals/${TOKEN}/sign`, () => {
        version = 3;
        return errorJson(409, PROPOSAL_MESSAGES.changed);
      }),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your full name'), 'Nadia Broussard');
    await userEvent.click(screen.getByRole('tab', { name: 'Type it instead' }));
    await userEvent.type(screen.getByLabelText('Type your signature'), 'N. Broussard');
    await userEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'A new website and shop for Bayou Bakery',
      }),
    ).toBeVisible();
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent(PROPOSAL_MESSAGES.changed);
    await waitFor(() => expect(notice).toHaveFocus());
    expect(screen.getByLabelText('Your full name')).toHaveValue('Nadia Broussard');
    expect(screen.getByLabelText('Type your signature')).toHaveValue('');

    // Signed again, it is the new version that is signed.
    await userEvent.type(screen.getByLabelText('Type your signature'), 'N. Broussard');
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls).map(({ body }) => (body as { version: number }).version)).toEqual([2, 3]);
  });

  it('shows who signed when the proposal was signed meanwhile', async () => {
    let signed = false;
    stubProposal(() => proposalJson(signed ? SIGNED : OPEN));
    apiServer.use(
      http.post(`/api/proposals/${TOKEN}/sign`, () => {
        signed = true;
        return errorJson(409, PROPOSAL_MESSAGES.alreadySigned);
      }),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your full name'), 'Nadia Broussard');
    await userEvent.click(screen.getByRole('tab', { name: 'Type it instead' }));
    await userEvent.type(screen.getByLabelText('Type your signature'), 'Nadia Broussard');
    await userEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(
      await screen.findByRole('heading', { name: 'Signed by Nadia Broussard on Dec 2, 2026' }),
    ).toBeVisible();
  });

  it('says an expired link has expired, in the server words, with no form', async () => {
    const message = proposalExpiredMessage(
      '2026-11-30',
      'Coast & Code Studio',
      'hello@coastandcode.studio',
    );
    stubProposal(errorJson(410, message));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This proposal has expired' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says so when the proposal expired while it was open', async () => {
    const message = proposalExpiredMessage(
      '2026-12-31',
      'Coast & Code Studio',
      'hello@coastandcode.studio',
    );
    let expired = false;
    stubProposal(() => (expired ? errorJson(410, message) : proposalJson(OPEN)));
    apiServer.use(
      http.post(`/api/proposals/${TOKEN}/sign`, () => {
        expired = true;
        return errorJson(410, message);
      }),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your full name'), 'Nadia Broussard');
    await userEvent.click(screen.getByRole('tab', { name: 'Type it instead' }));
    await userEvent.type(screen.getByLabelText('Type your signature'), 'Nadia Broussard');
    await userEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This proposal has expired' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });

  it('says an unknown link is not valid', async () => {
    stubProposal(errorJson(404, PROPOSAL_MESSAGES.linkNotValid));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: PROPOSAL_MESSAGES.linkNotValid }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });

  it('declines with a reason, then says it was declined', async () => {
    let declined = false;
    const calls = stubProposal(() =>
      proposalJson(
        declined ? { ...OPEN, status: 'declined', declinedAt: '2026-12-03T15:00:00.000Z' } : OPEN,
      ),
    );
    apiServer.use(
      http.post(`/api/proposals/${TOKEN}/decline`, () => {
        declined = true;
        return proposalJson({
          ...OPEN,
          status: 'declined',
          declinedAt: '2026-12-03T15:00:00.000Z',
        });
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this proposal?' });
    await userEvent.type(
      within(dialog).getByLabelText('Reason (optional)'),
      'We went with a template',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline proposal' }));
    const heading = await screen.findByRole('heading', {
      name: 'You declined this proposal on Dec 3, 2026.',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
    expect(posts(calls).map(({ url, body }) => ({ url, body }))).toEqual([
      { url: `/api/proposals/${TOKEN}/decline`, body: { reason: 'We went with a template' } },
    ]);
  });

  it('once signed: the agreement to download, the deposit to pay by card, the portal invitation', async () => {
    const calls = stubProposal(proposalJson(SIGNED));
    apiServer.use(
      http.post(`/api/proposals/${TOKEN}/deposit`, () =>
        json(ProposalDepositSchema, { url: 'https://checkout.stripe.test/c/deposit' }),
      ),
    );
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Signed by Nadia Broussard on Dec 2, 2026' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download the signed agreement' })).toHaveAttribute(
      'href',
      `/api/proposals/${TOKEN}/pdf`,
    );
    expect(screen.getByText(/We've invited you to your client portal/)).toHaveTextContent(
      "We've invited you to your client portal: sign up with nadia@bayoubakery.test to follow your plan.",
    );
    // The first invoice bills the plan's first month with the deposit: the button says both.
    await userEvent.click(
      screen.getByRole('button', { name: 'Pay the deposit and first month $1,999.00' }),
    );
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/deposit'),
    );
    expect(screen.getByRole('button', { name: 'Opening checkout…' })).toBeDisabled();
    expect(posts(calls).map(({ url }) => url)).toEqual([`/api/proposals/${TOKEN}/deposit`]);
  });

  it('without card payment: the instructions, and that the invoice was e-mailed', async () => {
    stubProposal(
      proposalJson({
        ...SIGNED,
        payment: {
          ...SIGNED.payment!,
          online: false,
          instructions: 'Transfer to Coast & Code, acct 1234',
        },
      }),
    );
    renderPage();
    expect(await screen.findByText('We have e-mailed you the invoice.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'How to pay' })).toBeVisible();
    expect(screen.getByText('Transfer to Coast & Code, acct 1234')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('says a paid deposit is paid', async () => {
    stubProposal(
      proposalJson({ ...SIGNED, status: 'paid', payment: { ...SIGNED.payment!, paid: true } }),
    );
    renderPage();
    expect(await screen.findByText('Paid — thank you.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('back from Checkout: thanks the signer and asks again until the payment shows', async () => {
    let asked = 0;
    stubProposal(() => {
      asked += 1;
      return proposalJson(
        asked < 3
          ? SIGNED
          : { ...SIGNED, status: 'paid', payment: { ...SIGNED.payment!, paid: true } },
      );
    });
    renderPage('?paid=1');
    expect(await screen.findByText(/shows it paid in a moment/)).toBeVisible();
    // Its confirmation is on the way: a second Checkout would charge the card twice.
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Paid — thank you.', {}, { timeout: 8_000 })).toBeVisible();
  });

  it('stops asking after a while and says the payment may take a while to show', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubProposal(() => proposalJson(SIGNED));
    renderPage('?paid=1');
    expect(await screen.findByText(/shows it paid in a moment/)).toBeVisible();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Payment received, thank you. It can take a few minutes to show here: reload this page later.',
    );
    const asked = calls.length;
    expect(asked).toBeLessThanOrEqual(8);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(calls).toHaveLength(asked);
  });
});
