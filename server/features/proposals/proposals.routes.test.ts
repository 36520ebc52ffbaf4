import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { DEFAULT_ESIGN_CONSENT, DEFAULT_PROPOSAL_TERMS } from '@shared/proposal-defaults';
import {
  PROPOSAL_MESSAGES,
  RECIPIENT_REQUIRED,
  type ProposalDocument,
} from '@shared/schemas/proposals';
import {
  auditEvents,
  leadSearches,
  proposalEvents,
  proposals,
  proposalVersions,
  taxRates,
} from '../../db/schema';
import { TAX_MESSAGES } from '@shared/schemas/tax';
import { createClient, signedInAdmin, signedInClient } from '@tests/factories';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';
import { proposalDocumentHash } from './proposals.service';
import { sha256Hex } from './proposal-document';

// 9 AM in the business's time zone (America/Chicago), Monday March 2, 2026.
const clock = createTestClock('2026-03-02T15:00:00.000Z');
let t: TestApp;
let smtp: SmtpSink;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url }, { clock });
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let n = 0;
function proposalInput(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    recipient: {
      name: 'Marie Landry',
      email: `Marie${n}@Example.com`,
      businessName: 'Bayou Bakes',
    },
    title: `Website for Bayou Bakes ${n}`,
    planType: 'signature',
    items: [
      { description: 'Website build', quantity: 1, unitPrice: 250_000 },
      { description: 'Logo', quantity: 2, unitPrice: 12_550 },
    ],
    depositPercent: 30,
    validUntil: '2026-03-20',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/proposals').send(proposalInput(overrides));
  expect(res.status).toBe(201);
  return res.body.proposal as { id: string; recipient: { email: string }; title: string };
}

/** The default consent wording's hash, which the signer's page sends with a signature. */
const CONSENT_HASH = sha256Hex(DEFAULT_ESIGN_CONSENT);

const linkIn = (mail: ParsedMail) => /\/proposals\/([\w-]{43})/.exec(mail.text ?? '')?.[1];

/** Sends the proposal and reads its link out of the e-mail the recipient received. */
async function send(id: string) {
  const before = smtp.messages.length;
  const res = await admin.post(`/api/admin/proposals/${id}/send`);
  expect(res.status).toBe(200);
  const email = res.body.proposal.recipient.email as string;
  const mail = await smtp.waitFor(
    (m, i = smtp.messages.indexOf(m)) =>
      i >= before && m.to !== undefined && JSON.stringify(m.to).includes(email),
  );
  const token = linkIn(mail);
  expect(token).toBeDefined();
  return { token: token!, mail, body: res.body };
}

const events = (id: string) =>
  t.database.db
    .select()
    .from(proposalEvents)
    .where(eq(proposalEvents.proposalId, id))
    .orderBy(proposalEvents.id);

const mailsWithSubject = (subject: string) => smtp.messages.filter((m) => m.subject === subject);

describe('writing a proposal', () => {
  it('is for the admin only, and says what is wrong with the input', async () => {
    expect((await request(t.app).post('/api/admin/proposals').send(proposalInput())).status).toBe(
      401,
    );
    const cases: [Record<string, unknown>, number, string][] = [
      [{ recipient: undefined }, 400, RECIPIENT_REQUIRED],
      [{ recipient: { name: 'A', email: 'nope' } }, 400, 'Please enter a valid email address'],
      [{ planType: null, items: [] }, 400, 'Add a plan or at least one item'],
      [{ depositPercent: 120 }, 400, 'Deposit must be between 0 and 100%'],
      [{ planType: 'platinum' }, 400, 'That plan does not exist. Please choose one of our plans.'],
      [{ validUntil: '2026-03-01' }, 400, PROPOSAL_MESSAGES.validUntilInPast],
      [
        { recipient: undefined, clientId: '7d0c1bd4-3a4e-4b8e-9c55-4f6a4f1e2b10' },
        400,
        'That client does not exist',
      ],
      [
        { lead: { searchId: '7d0c1bd4-3a4e-4b8e-9c55-4f6a4f1e2b10', leadId: 'osm:1' } },
        400,
        'That lead search does not exist',
      ],
    ];
    for (const [overrides, status, message] of cases) {
      const res = await admin.post('/api/admin/proposals').send(proposalInput(overrides));
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    const retired = await admin
      .patch('/api/admin/plans/prestige')
      .send({ status: 'retired', monthlyPrice: 69_900 });
    expect(retired.status).toBe(200);
    const refused = await admin
      .post('/api/admin/proposals')
      .send(proposalInput({ planType: 'prestige' }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/no longer offered/);
  });

  it('copies the client, the plan and its price, the default terms, and counts the money', async () => {
    const client = await createClient(t.database, {
      email: 'jo@bayou.test',
      firstName: 'Jo',
      lastName: 'Hebert',
      businessName: 'Hebert Marine',
    });
    const [search] = await t.database.db
      .insert(leadSearches)
      .values({
        criteria: { city: 'Jackson' } as never,
        bulk: false,
        source: 'osm',
        status: 'done',
        cellsTotal: 1,
      })
      .returning();
    const res = await admin.post('/api/admin/proposals').send(
      proposalInput({
        recipient: undefined,
        clientId: client.id,
        lead: { searchId: search!.id, leadId: 'osm:42' },
      }),
    );
    expect(res.status).toBe(201);
    const { proposal } = res.body;
    expect(proposal).toMatchObject({
      status: 'draft',
      version: 1,
      recipient: { name: 'Jo Hebert', email: 'jo@bayou.test', businessName: 'Hebert Marine' },
      clientId: client.id,
      lead: { searchId: search!.id, leadId: 'osm:42' },
      plan: { id: 'signature', name: 'Signature', monthlyPriceCents: 39_900 },
      // 2,500.00 + 2 x 125.50 = 2,751.00; 30% = 825.30.
      totals: {
        oneOff: 275_100,
        deposit: 82_530,
        monthly: 39_900,
        firstInvoice: 122_430,
        remainder: 192_570,
      },
      terms: DEFAULT_PROPOSAL_TERMS,
      sentAt: null,
    });
    expect(proposal.events.map((e: { kind: string }) => e.kind)).toEqual(['created']);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'proposal.created'), eq(auditEvents.targetId, proposal.id)));
    expect(audit).toBeDefined();
  });
});

describe('a taxed proposal (issue 39)', () => {
  it('snapshots its rates and taxes the taxable items and the plan once per rate', async () => {
    const [state, parish, retired] = await t.database.db
      .insert(taxRates)
      .values([
        { name: 'Louisiana state', percentThousandths: 4_450, isDefault: true },
        { name: 'Orleans parish', percentThousandths: 5_000 },
        { name: 'Old city rate', percentThousandths: 2_500, retiredAt: new Date() },
      ])
      .returning();
    const items = [
      { description: 'Website build', quantity: 1, unitPrice: 250_000 },
      { description: 'Domain (resold)', quantity: 1, unitPrice: 2_000, taxable: false },
    ];
    const refused = await admin
      .post('/api/admin/proposals')
      .send(proposalInput({ items, taxRateIds: [state!.id, retired!.id] }));
    expect([refused.status, refused.body.message]).toEqual([400, TAX_MESSAGES.rateRetired]);

    const { id } = await create({ items, taxRateIds: [state!.id, parish!.id] });
    // A rename later changes no proposal: it keeps what it was written with.
    await t.database.db
      .update(taxRates)
      .set({ name: 'Louisiana (renamed)' })
      .where(eq(taxRates.id, state!.id));
    const detail = await admin.get(`/api/admin/proposals/${id}`);
    expect(detail.body.items.map((item: { taxable: boolean }) => item.taxable)).toEqual([
      true,
      false,
    ]);
    // Taxed: $2,500.00 of items + the $399.00 month = $2,899.00. 4.45% is $129.0055 → $129.01;
    // 5% is $144.95. The first invoice: the taxable items' share of the 30% deposit ($750.00 of
    // $756.00) and the month, $1,149.00, taxed $51.13 + $57.45.
    const totals = {
      oneOff: 252_000,
      deposit: 75_600,
      monthly: 39_900,
      firstInvoice: 75_600 + 39_900 + 5_113 + 5_745,
      remainder: 176_400,
      taxes: [
        {
          taxRateId: state!.id,
          name: 'Louisiana state',
          percent: 4.45,
          taxableAmount: 289_900,
          amount: 12_901,
        },
        {
          taxRateId: parish!.id,
          name: 'Orleans parish',
          percent: 5,
          taxableAmount: 289_900,
          amount: 14_495,
        },
      ],
      tax: 27_396,
    };
    expect(detail.body.totals).toEqual(totals);

    const { token } = await send(id);
    const view = await request(t.app).get(`/api/proposals/${token}`);
    expect(view.body.document.totals).toEqual(totals);
    expect(view.body.document.items.map((item: { taxable: boolean }) => item.taxable)).toEqual([
      true,
      false,
    ]);
  });
});

describe('the link', () => {
  it('is e-mailed on send, stored only as a hash; the first view tells the owner once', async () => {
    const proposal = await create();
    const { token, mail, body } = await send(proposal.id);
    expect(mail.subject).toBe(`Coast & Code Studio sent you a proposal: ${proposal.title}`);
    expect(mail.text).toContain(`${t.baseUrl}/proposals/${token}`);
    expect(body.proposal).toMatchObject({ status: 'sent', sentAt: '2026-03-02T15:00:00.000Z' });
    const [row] = await t.database.db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row!.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const versions = await t.database.db
      .select()
      .from(proposalVersions)
      .where(eq(proposalVersions.proposalId, proposal.id));
    expect(versions.map((v) => v.version)).toEqual([1]);

    const view = await request(t.app)
      .get(`/api/proposals/${token}`)
      .set('User-Agent', 'Phone Browser/1.0');
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      status: 'viewed',
      document: { version: 1, title: proposal.title, agency: { name: 'Coast & Code Studio' } },
      consent: { text: DEFAULT_ESIGN_CONSENT, hash: sha256Hex(DEFAULT_ESIGN_CONSENT) },
      signedAt: null,
      payment: null,
    });
    expect(await request(t.app).get(`/api/proposals/${token}`)).toHaveProperty('status', 200);
    await t.services.notifications.idle();
    expect(mailsWithSubject(`Marie Landry opened your proposal ${proposal.title}`)).toHaveLength(1);
    const viewed = (await events(proposal.id)).filter((e) => e.kind === 'viewed');
    expect(viewed).toHaveLength(1);
    expect(viewed[0]).toMatchObject({ version: 1, userAgent: 'Phone Browser/1.0' });
    expect(viewed[0]!.ip).toMatch(/127\.0\.0\.1/);
  });

  it('a forged, revoked or never sent link is 404; sending again hands out a new link', async () => {
    expect((await request(t.app).get(`/api/proposals/${'x'.repeat(43)}`)).body.message).toBe(
      PROPOSAL_MESSAGES.linkNotValid,
    );
    expect((await request(t.app).get('/api/proposals/short')).status).toBe(404);
    // Not a link's shape: answered before a large body is read.
    const large = await request(t.app)
      .post('/api/proposals/short/sign')
      .send({ signature: { drawn: `data:image/png;base64,${'A'.repeat(600_000)}` } });
    expect([large.status, large.body.message]).toEqual([404, PROPOSAL_MESSAGES.linkNotValid]);
    const proposal = await create();
    const { token } = await send(proposal.id);
    const revoked = await admin.post(`/api/admin/proposals/${proposal.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.proposal.events.at(-1).kind).toBe('revoked');
    const old = await request(t.app).get(`/api/proposals/${token}`);
    expect([old.status, old.body.message]).toEqual([404, PROPOSAL_MESSAGES.linkNotValid]);
    expect((await admin.post(`/api/admin/proposals/${proposal.id}/revoke`)).status).toBe(409);
    const again = await send(proposal.id);
    expect(again.token).not.toBe(token);
    expect((await request(t.app).get(`/api/proposals/${again.token}`)).status).toBe(200);
  });

  it('a new address gets a new link: the one sent to the old address opens nothing', async () => {
    const proposal = await create();
    const { token } = await send(proposal.id);
    const readdressed = await admin.put(`/api/admin/proposals/${proposal.id}`).send(
      proposalInput({
        recipient: { name: 'Marie Landry', email: 'marie@bayoubakes.test' },
        title: proposal.title,
      }),
    );
    expect(readdressed.status).toBe(200);
    expect(readdressed.body.proposal.events.at(-1)).toMatchObject({
      kind: 'revoked',
      email: proposal.recipient.email,
    });
    const old = await request(t.app).get(`/api/proposals/${token}`);
    expect([old.status, old.body.message]).toEqual([404, PROPOSAL_MESSAGES.linkNotValid]);
    const again = await send(proposal.id);
    expect(again.mail.to).toEqual(
      expect.objectContaining({ text: expect.stringContaining('marie@bayoubakes.test') }),
    );
    expect((await request(t.app).get(`/api/proposals/${again.token}`)).status).toBe(200);
  });
});

describe('signing', () => {
  it('binds the version the signer saw, keeps the evidence, and cannot be replayed', async () => {
    const proposal = await create();
    const { token } = await send(proposal.id);
    expect((await request(t.app).get(`/api/proposals/${token}`)).body.document.version).toBe(1);

    // Edited after it was sent: version 2, and a second edit before sending stays version 2.
    const edited = await admin.put(`/api/admin/proposals/${proposal.id}`).send(
      proposalInput({
        recipient: { name: 'Marie Landry', email: proposal.recipient.email },
        title: proposal.title,
        depositPercent: 50,
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.proposal.version).toBe(2);
    const again = await admin.put(`/api/admin/proposals/${proposal.id}`).send(
      proposalInput({
        recipient: { name: 'Marie Landry', email: proposal.recipient.email },
        title: proposal.title,
        depositPercent: 40,
      }),
    );
    expect(again.body.proposal.version).toBe(2);

    const signature = { drawn: `data:image/png;base64,${'A'.repeat(400_000)}` };
    const stale = await request(t.app).post(`/api/proposals/${token}/sign`).send({
      version: 1,
      signerName: 'Marie Landry',
      signature,
      consent: true,
      consentHash: CONSENT_HASH,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: PROPOSAL_MESSAGES.changed, version: 2 });

    const page = await request(t.app).get(`/api/proposals/${token}`);
    expect(page.body.document).toMatchObject({ version: 2, depositPercent: 40 });
    // The consent wording the page showed is bound too: another one is a change to read again.
    const otherConsent = await request(t.app)
      .post(`/api/proposals/${token}/sign`)
      .send({
        version: 2,
        signerName: 'Marie Landry',
        signature,
        consent: true,
        consentHash: sha256Hex('An older wording of the consent'),
      });
    expect([otherConsent.status, otherConsent.body.message]).toEqual([
      409,
      PROPOSAL_MESSAGES.changed,
    ]);
    const signed = await request(t.app)
      .post(`/api/proposals/${token}/sign`)
      .set('User-Agent', 'Signer/2.0')
      .send({
        version: 2,
        signerName: 'Marie Landry',
        signature,
        consent: true,
        consentHash: CONSENT_HASH,
      });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      status: 'signed',
      proposal: { status: 'signed', signerName: 'Marie Landry', document: { version: 2 } },
    });

    const [frozen] = await t.database.db
      .select()
      .from(proposalVersions)
      .where(and(eq(proposalVersions.proposalId, proposal.id), eq(proposalVersions.version, 2)));
    expect(frozen!.documentSha256).toBe(
      proposalDocumentHash(page.body.document as ProposalDocument),
    );
    const evidence = (await events(proposal.id)).find((e) => e.kind === 'signed');
    expect(evidence).toMatchObject({
      version: 2,
      email: proposal.recipient.email,
      userAgent: 'Signer/2.0',
      documentSha256: frozen!.documentSha256,
      consentText: DEFAULT_ESIGN_CONSENT,
      consentSha256: sha256Hex(DEFAULT_ESIGN_CONSENT),
      detail: 'Signed by Marie Landry',
    });
    // The evidence is append-only.
    await expect(
      t.database.db
        .update(proposalEvents)
        .set({ detail: 'forged' })
        .where(eq(proposalEvents.id, evidence!.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db
        .update(proposalVersions)
        .set({ documentSha256: 'x' })
        .where(eq(proposalVersions.proposalId, proposal.id)),
    ).rejects.toThrow();

    const replay = await request(t.app).post(`/api/proposals/${token}/sign`).send({
      version: 2,
      signerName: 'Marie Landry',
      signature,
      consent: true,
      consentHash: CONSENT_HASH,
    });
    expect([replay.status, replay.body.message]).toEqual([409, PROPOSAL_MESSAGES.alreadySigned]);
    const decline = await request(t.app).post(`/api/proposals/${token}/decline`).send({});
    expect([decline.status, decline.body.message]).toEqual([409, PROPOSAL_MESSAGES.alreadySigned]);
    const change = await admin
      .put(`/api/admin/proposals/${proposal.id}`)
      .send(
        proposalInput({ recipient: { name: 'Marie Landry', email: proposal.recipient.email } }),
      );
    expect([change.status, change.body.message]).toEqual([
      409,
      PROPOSAL_MESSAGES.signedUnchangeable,
    ]);
    expect((await admin.post(`/api/admin/proposals/${proposal.id}/send`)).status).toBe(409);

    // Both parties get the agreement, once, whatever re-runs the steps.
    const copy = await smtp.waitFor(
      (m) => m.subject === `Your signed agreement with Coast & Code Studio: ${proposal.title}`,
    );
    expect(copy.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    await smtp.waitFor((m) => m.subject === `Marie Landry signed your proposal ${proposal.title}`);
    await t.services.proposals.afterSigning(proposal.id);
    await t.services.proposals.runUpkeep();
    expect(mailsWithSubject(`Marie Landry signed your proposal ${proposal.title}`)).toHaveLength(1);

    const pdf = await admin.get(`/api/admin/proposals/${proposal.id}/pdf`);
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await request(t.app).get(`/api/proposals/${token}/pdf`)).status).toBe(200);
    const detail = await admin.get(`/api/admin/proposals/${proposal.id}`);
    expect(detail.body).toMatchObject({ status: 'signed', hasAgreement: true });
  });

  it('takes exactly one of two signatures sent at once', async () => {
    const proposal = await create();
    const { token } = await send(proposal.id);
    const sign = (signerName: string) =>
      request(t.app)
        .post(`/api/proposals/${token}/sign`)
        .send({
          version: 1,
          signerName,
          signature: { typed: signerName },
          consent: true,
          consentHash: CONSENT_HASH,
        });
    const answers = await Promise.all([sign('Marie Landry'), sign('Marie L.')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await events(proposal.id)).filter((e) => e.kind === 'signed')).toHaveLength(1);
  });

  it('refuses what the schema refuses, and only the sign route takes a large body', async () => {
    const proposal = await create();
    const { token } = await send(proposal.id);
    const res = await request(t.app)
      .post(`/api/proposals/${token}/sign`)
      .send({ version: 1, signerName: 'Marie', signature: {}, consent: false });
    expect(res.status).toBe(400);
    expect(
      (await admin.post('/api/admin/proposals').send({ title: 'x'.repeat(200_000) })).status,
    ).toBe(413);
  });

  it('a decline tells the owner, with the reason, and settles the proposal', async () => {
    const proposal = await create();
    const { token } = await send(proposal.id);
    const res = await request(t.app)
      .post(`/api/proposals/${token}/decline`)
      .send({ reason: 'We went with our nephew.' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('declined');
    await t.services.notifications.idle();
    const [told] = mailsWithSubject(`Marie Landry declined your proposal ${proposal.title}`);
    expect(told!.text).toContain('We went with our nephew.');
    const edit = await admin.put(`/api/admin/proposals/${proposal.id}`).send(proposalInput());
    expect(edit.body.message).toBe(PROPOSAL_MESSAGES.declinedUnchangeable);
  });
});

describe("the client's portal", () => {
  it('lists the signed proposals of the signed-in client, with their agreement', async () => {
    const client = await signedInClient(t.baseUrl);
    expect((await request(t.app).get('/api/proposals/mine')).status).toBe(401);
    const res = await admin
      .post('/api/admin/proposals')
      .send(proposalInput({ recipient: undefined, clientId: client.user.id }));
    const { id, title } = res.body.proposal;
    const unsigned = await create();
    await send(unsigned.id);
    const { token } = await send(id);
    await request(t.app)
      .post(`/api/proposals/${token}/sign`)
      .send({
        version: 1,
        signerName: 'Camille Broussard',
        signature: { typed: 'C.B.' },
        consent: true,
        consentHash: CONSENT_HASH,
      })
      .expect(200);
    const mine = await client.browser.request('GET', '/api/proposals/mine');
    expect(await mine.json()).toEqual({
      items: [
        {
          id,
          title,
          signedAt: '2026-03-02T15:00:00.000Z',
          signerName: 'Camille Broussard',
          pdfUrl: `/api/proposals/mine/${id}/pdf`,
        },
      ],
    });
    const pdf = await client.browser.request('GET', `/api/proposals/mine/${id}/pdf`);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const other = await client.browser.request('GET', `/api/proposals/mine/${unsigned.id}/pdf`);
    expect(other.status).toBe(404);
  });
});

describe('expiry and reminders', () => {
  it('reminds once before the date, then expires; a moved date lets it be sent again', async () => {
    clock.set('2026-03-02T15:00:00.000Z');
    const proposal = await create({ validUntil: '2026-03-07' });
    const { token } = await send(proposal.id);
    const subject =
      'Reminder: your proposal from Coast & Code Studio can be signed until Mar 7, 2026';
    clock.set('2026-03-03T15:00:00.000Z');
    await t.services.proposals.runUpkeep();
    expect(mailsWithSubject(subject)).toHaveLength(0);
    clock.set('2026-03-04T15:00:00.000Z');
    await t.services.proposals.runUpkeep();
    await t.services.proposals.runUpkeep();
    const reminders = mailsWithSubject(subject);
    expect(reminders).toHaveLength(1);
    expect(linkIn(reminders[0]!)).toBe(token);

    // The day after the last day, in Chicago: 410 at once, and the upkeep marks it.
    clock.set('2026-03-08T07:00:00.000Z');
    const gone = await request(t.app).get(`/api/proposals/${token}`);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe(
      'This proposal expired on Mar 7, 2026. Please ask Coast & Code Studio (hello@coastandcode.studio) for a new one.',
    );
    await t.services.proposals.runUpkeep();
    const detail = await admin.get(`/api/admin/proposals/${proposal.id}`);
    expect(detail.body.status).toBe('expired');
    expect(detail.body.events.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'sent',
      'reminded',
      'expired',
    ]);
    const resend = await admin.post(`/api/admin/proposals/${proposal.id}/send`);
    expect([resend.status, resend.body.message]).toEqual([409, PROPOSAL_MESSAGES.validUntilPassed]);
    const moved = await admin.put(`/api/admin/proposals/${proposal.id}`).send(
      proposalInput({
        recipient: { name: 'Marie Landry', email: proposal.recipient.email },
        title: proposal.title,
        validUntil: '2026-03-31',
      }),
    );
    expect(moved.body.proposal).toMatchObject({ status: 'expired', version: 2 });
    const again = await send(proposal.id);
    expect(again.body.proposal.status).toBe('sent');
    expect((await request(t.app).get(`/api/proposals/${again.token}`)).status).toBe(200);
    clock.set('2026-03-02T15:00:00.000Z');
  });
});

describe('the list, the figures, the settings', () => {
  it('pages, filters, deletes only unsent drafts, and counts the month', async () => {
    const draft = await create();
    const sent = await create();
    await send(sent.id);
    const page = await admin.get('/api/admin/proposals?pageSize=2&page=1');
    expect(page.body).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.body.items).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    const drafts = await admin.get(
      `/api/admin/proposals?status=draft&q=${encodeURIComponent(draft.title)}`,
    );
    expect(drafts.body.items.map((p: { id: string }) => p.id)).toEqual([draft.id]);
    expect((await admin.get('/api/admin/proposals?status=nope')).status).toBe(400);

    expect((await admin.delete(`/api/admin/proposals/${sent.id}`)).body.message).toBe(
      PROPOSAL_MESSAGES.notDeletable,
    );
    expect((await admin.delete(`/api/admin/proposals/${draft.id}`)).status).toBe(204);
    expect((await admin.get(`/api/admin/proposals/${draft.id}`)).status).toBe(404);

    const stats = await admin.get('/api/admin/proposals/stats');
    expect(stats.status).toBe(200);
    const open = await t.database.db.select().from(proposals);
    const openValue = open
      .filter((p) => p.status === 'sent' || p.status === 'viewed')
      .reduce(
        (sum, p) =>
          sum +
          p.items.reduce((s, i) => s + i.quantity * i.unitPrice, 0) +
          12 * (p.planMonthlyCents ?? 0),
        0,
      );
    const signedCount = open.filter((p) => p.signedAt).length;
    const settled = open.filter((p) => p.signedAt || p.declinedAt || p.expiredAt).length;
    expect(stats.body).toMatchObject({
      signedThisMonth: signedCount,
      openValueCents: openValue,
      winRate: signedCount / settled,
    });
    expect(stats.body.sentThisMonth).toBeGreaterThanOrEqual(stats.body.openedThisMonth);
  });

  it('keeps the default terms and consent until the owner writes theirs', async () => {
    const defaults = await admin.get('/api/admin/settings/proposals');
    expect(defaults.body).toEqual({
      terms: DEFAULT_PROPOSAL_TERMS,
      consentText: DEFAULT_ESIGN_CONSENT,
      reminderDaysBeforeExpiry: 3,
    });
    const bad = await admin
      .put('/api/admin/settings/proposals')
      .send({ ...defaults.body, reminderDaysBeforeExpiry: 99 });
    expect(bad.body.message).toBe('Reminder days must be between 0 and 60');
    const saved = await admin.put('/api/admin/settings/proposals').send({
      terms: 'Our terms.',
      consentText: 'I agree to sign electronically.',
      reminderDaysBeforeExpiry: 2,
    });
    expect(saved.status).toBe(200);
    const next = await create({ terms: undefined });
    expect((await admin.get(`/api/admin/proposals/${next.id}`)).body.terms).toBe('Our terms.');
  });
});
