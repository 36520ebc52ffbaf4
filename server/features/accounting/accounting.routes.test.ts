import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNTS } from '@shared/schemas/exports';
import {
  creditNotes,
  creditNoteTaxes,
  invoiceLineItems,
  invoices,
  invoiceTaxes,
  payments,
  payoutLines,
  payouts,
  taxRates,
} from '../../db/schema';
import request from 'supertest';
import { signedInAdmin } from '@tests/factories';
import { startTestApp, type TestApp } from '@tests/support/test-app';

/**
 * The books' files and tax report for one small month (March 2026, America/Chicago), its rows
 * written directly as the other pieces of issue 39 write them: an invoice with two rates, a
 * discount and a non-taxable line, paid by card and settled in a payout with a fee and a
 * dispute, partly credited back to the card and partly refunded in Stripe's dashboard; a client whose name starts a formula, paid in part
 * by transfer, with a late-fee invoice; an old invoice with its single "Tax"; an invoice of
 * February voided in March; an orphan card payment; a draft (never counted).
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
const EVIL = '=HYPERLINK("http://evil.test","Click")';

async function invoice(
  values: Partial<typeof invoices.$inferInsert> & { invoiceNumber: string; total: number },
  lines: { description: string; quantity: number; unitPrice: number; taxable?: boolean }[],
  taxes: {
    taxRateId: string | null;
    name: string;
    percentThousandths: number | null;
    taxableAmount: number;
    amount: number;
  }[] = [],
) {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const [row] = await t.database.db
    .insert(invoices)
    .values({
      clientName: 'Ann Client',
      clientEmail: 'ann@example.com',
      status: 'sent',
      dueDate: '2026-03-31',
      subtotal,
      tax: taxes.reduce((sum, tax) => sum + tax.amount, 0),
      ...values,
    })
    .returning();
  await t.database.db.insert(invoiceLineItems).values(
    lines.map((line, position) => ({
      invoiceId: row!.id,
      position,
      total: line.quantity * line.unitPrice,
      ...line,
    })),
  );
  const taxRows = taxes.length
    ? await t.database.db
        .insert(invoiceTaxes)
        .values(taxes.map((tax, position) => ({ invoiceId: row!.id, position, ...tax })))
        .returning()
    : [];
  return { ...row!, taxRows };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t.app, t.database)).agent;
  const db = t.database.db;
  const [state, city] = await db
    .insert(taxRates)
    .values([
      { name: 'Louisiana state', percentThousandths: 4450 },
      { name: 'Orleans parish', percentThousandths: 5000 },
    ])
    .returning();
  // 2 × $500 taxable and a $20 domain that is not, $100 off: the rates apply to $901.96.
  const first = await invoice(
    {
      invoiceNumber: 'INV-2026-0001',
      status: 'paid',
      dateIssued: '2026-03-02',
      dueDate: '2026-03-16',
      discount: 10_000,
      total: 100_524,
      amountPaid: 100_524,
    },
    [
      { description: 'Website design', quantity: 2, unitPrice: 50_000 },
      { description: 'Domain', quantity: 1, unitPrice: 2_000, taxable: false },
    ],
    [
      {
        taxRateId: state!.id,
        name: 'Louisiana state',
        percentThousandths: 4450,
        taxableAmount: 90_196,
        amount: 4_014,
      },
      {
        taxRateId: city!.id,
        name: 'Orleans parish',
        percentThousandths: 5000,
        taxableAmount: 90_196,
        amount: 4_510,
      },
    ],
  );
  const second = await invoice(
    {
      invoiceNumber: 'INV-2026-0002',
      clientName: EVIL,
      clientEmail: 'evil@example.com',
      dateIssued: '2026-03-03',
      total: 30_000,
    },
    [{ description: '@SUM(1+1) support', quantity: 1, unitPrice: 30_000 }],
  );
  await invoice(
    {
      invoiceNumber: 'INV-2026-0003',
      clientName: EVIL,
      clientEmail: 'evil@example.com',
      dateIssued: '2026-03-20',
      lateFeeForInvoiceId: second.id,
      total: 2_500,
    },
    [{ description: 'Late fee on INV-2026-0002', quantity: 1, unitPrice: 2_500, taxable: false }],
  );
  await invoice(
    {
      invoiceNumber: 'INV-2026-0004',
      clientName: 'Bea Old',
      clientEmail: 'bea@example.com',
      dateIssued: '2026-03-25',
      total: 10_800,
    },
    [{ description: 'Hosting', quantity: 1, unitPrice: 10_000 }],
    [
      {
        taxRateId: null,
        name: 'Tax',
        percentThousandths: null,
        taxableAmount: 10_000,
        amount: 800,
      },
    ],
  );
  await invoice(
    {
      invoiceNumber: 'INV-2026-0005',
      clientName: 'Cy Void',
      clientEmail: 'cy@example.com',
      status: 'void',
      dateIssued: '2026-02-20',
      voidedAt: new Date('2026-03-15T17:00:00Z'),
      voidReason: 'Sent twice',
      total: 10_445,
    },
    [{ description: 'Care plan', quantity: 1, unitPrice: 10_000 }],
    [
      {
        taxRateId: state!.id,
        name: 'Louisiana state',
        percentThousandths: 4450,
        taxableAmount: 10_000,
        amount: 445,
      },
    ],
  );
  await invoice(
    { invoiceNumber: 'INV-2026-0006', status: 'draft', dateIssued: '2026-03-05', total: 5_000 },
    [{ description: 'Draft work', quantity: 1, unitPrice: 5_000 }],
  );
  const [card] = await db
    .insert(payments)
    .values({
      invoiceId: first.id,
      amount: 100_524,
      // A partial refund made in Stripe's dashboard; the credit note's card refund below is
      // the note's own record and is never in refundedAmount (payments.repository refund()).
      refundedAmount: 5_000,
      method: 'card',
      stripePaymentIntentId: 'pi_first',
      paidAt: new Date('2026-03-05T18:00:00Z'),
    })
    .returning();
  await db.insert(payments).values([
    {
      invoiceId: second.id,
      amount: 10_000,
      method: 'bank_transfer',
      reference: '-TR-9',
      paidAt: new Date('2026-03-12T18:00:00Z'),
    },
    {
      invoiceId: null,
      payerEmail: 'stray@example.com',
      amount: 4_200,
      method: 'card',
      stripePaymentIntentId: 'pi_stray',
      paidAt: new Date('2026-03-18T18:00:00Z'),
      flag: 'orphan',
    },
    // February's: outside the period.
    {
      invoiceId: second.id,
      amount: 1_000,
      method: 'cash',
      paidAt: new Date('2026-02-27T18:00:00Z'),
    },
  ]);
  await db.insert(payouts).values({
    id: 'po_march',
    status: 'paid',
    amount: 90_879,
    arrivalDate: '2026-03-07',
    gross: 95_524,
    fees: 4_645,
  });
  await db.insert(payoutLines).values([
    {
      id: 'txn_charge',
      payoutId: 'po_march',
      kind: 'charge',
      sourceId: 'ch_first',
      amount: 100_524,
      fee: 3_145,
      net: 97_379,
      paymentId: card!.id,
    },
    {
      id: 'txn_dispute',
      payoutId: 'po_march',
      kind: 'dispute',
      sourceId: 'dp_1',
      amount: -5_000,
      fee: 1_500,
      net: -6_500,
    },
  ]);
  const [note] = await db
    .insert(creditNotes)
    .values({
      creditNoteNumber: 'CN-2026-0001',
      invoiceId: first.id,
      status: 'issued',
      amount: 20_000,
      reason: 'Page not delivered',
      paymentId: card!.id,
      refundAmount: 20_000,
      issuedAt: new Date('2026-03-10T15:00:00Z'),
    })
    .returning();
  // Its share of each rate: 4014 × 20000 / 100524 and 4510 × 20000 / 100524, half-up.
  await db.insert(creditNoteTaxes).values([
    { creditNoteId: note!.id, invoiceTaxId: first.taxRows[0]!.id, amount: 799 },
    { creditNoteId: note!.id, invoiceTaxId: first.taxRows[1]!.id, amount: 897 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const MARCH = 'from=2026-03-01&to=2026-03-31';
const download = (path: string) =>
  admin
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });

/** A file's lines as written: the byte-order mark first, each line CRLF-terminated. */
const file = (...lines: string[]) => `\uFEFF${lines.map((line) => `${line}\r\n`).join('')}`;
const EVIL_CELL = `"'=HYPERLINK(""http://evil.test"",""Click"")"`;
const EVIL_TEXT = `=HYPERLINK(""http://evil.test"",""Click"")`;

describe("the accountant's files", () => {
  it("writes Xero's sales invoice import: a row per line, the discount a line, the credit note negative", async () => {
    const res = await download(`/api/admin/exports/xero-invoices?${MARCH}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="xero-invoices-2026-03-01-to-2026-03-31.csv"',
    );
    const head = (
      contact: string,
      email: string,
      number: string,
      reference: string,
      date: string,
      due: string,
      total: string,
    ) => `${contact},"${email}",,,,,,,,,"${number}","${reference}","${date}","${due}",${total},,`;
    const ann = (rest: string) =>
      `${head('"Ann Client"', 'ann@example.com', 'INV-2026-0001', '', '03/02/2026', '03/16/2026', '1005.24')}${rest},,,,,"USD",`;
    expect(res.body).toBe(
      file(
        '"*ContactName","EmailAddress","POAddressLine1","POAddressLine2","POAddressLine3","POAddressLine4","POCity","PORegion","POPostalCode","POCountry","*InvoiceNumber","Reference","*InvoiceDate","*DueDate","Total","InventoryItemCode","*Description","*Quantity","*UnitAmount","Discount","*AccountCode","*TaxType","TaxAmount","TrackingName1","TrackingOption1","TrackingName2","TrackingOption2","Currency","BrandingTheme"',
        ann('"Website design",2,500.00,,"200","Louisiana state + Orleans parish",85.24'),
        ann('"Domain",1,20.00,,"200","Tax Exempt",0.00'),
        ann('"Discount",1,-100.00,,"200","Tax Exempt",0.00'),
        `${head(EVIL_CELL, 'evil@example.com', 'INV-2026-0002', '', '03/03/2026', '03/31/2026', '300.00')}"'@SUM(1+1) support",1,300.00,,"200","Tax Exempt",0.00,,,,,"USD",`,
        `${head(EVIL_CELL, 'evil@example.com', 'INV-2026-0003', '', '03/20/2026', '03/31/2026', '25.00')}"Late fee on INV-2026-0002",1,25.00,,"260","Tax Exempt",0.00,,,,,"USD",`,
        `${head('"Bea Old"', 'bea@example.com', 'INV-2026-0004', '', '03/25/2026', '03/31/2026', '108.00')}"Hosting",1,100.00,,"200","Tax",8.00,,,,,"USD",`,
        `${head('"Ann Client"', 'ann@example.com', 'CN-2026-0001', 'INV-2026-0001', '03/10/2026', '03/10/2026', '-200.00')}"Page not delivered",1,-183.04,,"210","Louisiana state + Orleans parish",-16.96,,,,,"USD",`,
      ),
    );
  });

  it("writes QuickBooks Online's invoice import with each line's tax adding up to the invoice", async () => {
    const res = await download(`/api/admin/exports/quickbooks-invoices?${MARCH}`);
    expect(res.status).toBe(200);
    const ann = (rest: string) =>
      `"INV-2026-0001","Ann Client","03/02/2026","03/16/2026",,,"","Sales",${rest},"USD"`;
    expect(res.body).toBe(
      file(
        '"InvoiceNo","Customer","InvoiceDate","DueDate","Terms","Location","Memo","Item(Product/Service)","ItemDescription","ItemQuantity","ItemRate","ItemAmount","ItemTaxCode","ItemTaxAmount","Currency"',
        ann('"Website design",2,500.00,1000.00,"TAX",85.24'),
        ann('"Domain",1,20.00,20.00,"NON",0.00'),
        ann('"Discount",1,-100.00,-100.00,"NON",0.00'),
        `"INV-2026-0002",${EVIL_CELL},"03/03/2026","03/31/2026",,,"","Sales","'@SUM(1+1) support",1,300.00,300.00,"NON",0.00,"USD"`,
        `"INV-2026-0003",${EVIL_CELL},"03/20/2026","03/31/2026",,,"","Other Revenue","Late fee on INV-2026-0002",1,25.00,25.00,"NON",0.00,"USD"`,
        '"INV-2026-0004","Bea Old","03/25/2026","03/31/2026",,,"","Sales","Hosting",1,100.00,100.00,"TAX",8.00,"USD"',
      ),
    );
  });

  it('lists the payments received with their refunds, Stripe fee and payout', async () => {
    const res = await download(`/api/admin/exports/payments?${MARCH}`);
    expect(res.status).toBe(200);
    expect(res.body).toBe(
      file(
        '"Date","Client","Invoice","Method","Reference","Amount","Refunded","Stripe fee","Payout","Payout date","Voided on"',
        '"2026-03-05","Ann Client","INV-2026-0001","card","pi_first",1005.24,50.00,31.45,"po_march","2026-03-07",',
        `"2026-03-12",${EVIL_CELL},"INV-2026-0002","bank_transfer","'-TR-9",100.00,0.00,,,,`,
        '"2026-03-18","stray@example.com","","card","pi_stray",42.00,0.00,,,,',
      ),
    );
  });

  it('writes a general journal whose every entry balances', async () => {
    const res = await download(`/api/admin/exports/journal?${MARCH}`);
    expect(res.status).toBe(200);
    const line = (
      date: string,
      account: string,
      debit: string,
      credit: string,
      memo: string,
      reference: string,
      entry: number,
    ) => `"${date}",${account},${debit},${credit},"${memo}","${reference}",${entry}`;
    const AR = '"610","Accounts Receivable"';
    const SALES = '"200","Sales"';
    const TAX = '"820","Sales Tax"';
    const CLEARING = '"615","Stripe Clearing"';
    const BANK = '"090","Business Bank Account"';
    const SUSPENSE = '"899","Suspense"';
    const toAnn = 'Invoice INV-2026-0001 to Ann Client';
    const stripeRefund = 'Refund in Stripe of the payment for INV-2026-0001 to Ann Client';
    expect(res.body).toBe(
      file(
        '"Date","Account code","Account name","Debit","Credit","Memo","Reference","Entry"',
        line('2026-03-02', AR, '1005.24', '', toAnn, 'INV-2026-0001', 1),
        line('2026-03-02', SALES, '', '920.00', toAnn, 'INV-2026-0001', 1),
        line(
          '2026-03-02',
          TAX,
          '',
          '40.14',
          'Louisiana state on INV-2026-0001',
          'INV-2026-0001',
          1,
        ),
        line('2026-03-02', TAX, '', '45.10', 'Orleans parish on INV-2026-0001', 'INV-2026-0001', 1),
        line(
          '2026-03-03',
          AR,
          '300.00',
          '',
          `Invoice INV-2026-0002 to ${EVIL_TEXT}`,
          'INV-2026-0002',
          2,
        ),
        line(
          '2026-03-03',
          SALES,
          '',
          '300.00',
          `Invoice INV-2026-0002 to ${EVIL_TEXT}`,
          'INV-2026-0002',
          2,
        ),
        line(
          '2026-03-20',
          AR,
          '25.00',
          '',
          `Invoice INV-2026-0003 to ${EVIL_TEXT}`,
          'INV-2026-0003',
          3,
        ),
        line(
          '2026-03-20',
          '"260","Other Revenue"',
          '',
          '25.00',
          `Invoice INV-2026-0003 to ${EVIL_TEXT}`,
          'INV-2026-0003',
          3,
        ),
        line(
          '2026-03-25',
          AR,
          '108.00',
          '',
          'Invoice INV-2026-0004 to Bea Old',
          'INV-2026-0004',
          4,
        ),
        line(
          '2026-03-25',
          SALES,
          '',
          '100.00',
          'Invoice INV-2026-0004 to Bea Old',
          'INV-2026-0004',
          4,
        ),
        line('2026-03-25', TAX, '', '8.00', 'Tax on INV-2026-0004', 'INV-2026-0004', 4),
        // February's invoice voided in March: its entry reversed.
        line('2026-03-15', AR, '', '104.45', 'Invoice INV-2026-0005 voided', 'INV-2026-0005', 5),
        line('2026-03-15', SALES, '100.00', '', 'Invoice INV-2026-0005 voided', 'INV-2026-0005', 5),
        line('2026-03-15', TAX, '4.45', '', 'Invoice INV-2026-0005 voided', 'INV-2026-0005', 5),
        line(
          '2026-03-05',
          CLEARING,
          '1005.24',
          '',
          'Payment for INV-2026-0001 from Ann Client (card)',
          'INV-2026-0001',
          6,
        ),
        line(
          '2026-03-05',
          AR,
          '',
          '1005.24',
          'Payment for INV-2026-0001 from Ann Client (card)',
          'INV-2026-0001',
          6,
        ),
        line(
          '2026-03-12',
          BANK,
          '100.00',
          '',
          `Payment for INV-2026-0002 from ${EVIL_TEXT} (bank transfer)`,
          'INV-2026-0002',
          7,
        ),
        line(
          '2026-03-12',
          AR,
          '',
          '100.00',
          `Payment for INV-2026-0002 from ${EVIL_TEXT} (bank transfer)`,
          'INV-2026-0002',
          7,
        ),
        line('2026-03-18', CLEARING, '42.00', '', 'Unmatched card payment pi_stray', 'pi_stray', 8),
        line('2026-03-18', SUSPENSE, '', '42.00', 'Unmatched card payment pi_stray', 'pi_stray', 8),
        // The dashboard refund: partial, so on the payment's day, as the statement dates it.
        line('2026-03-05', AR, '50.00', '', stripeRefund, 'INV-2026-0001', 9),
        line('2026-03-05', CLEARING, '', '50.00', stripeRefund, 'INV-2026-0001', 9),
        line(
          '2026-03-10',
          '"210","Refunds"',
          '183.04',
          '',
          'Credit note CN-2026-0001 on INV-2026-0001 to Ann Client',
          'CN-2026-0001',
          10,
        ),
        line(
          '2026-03-10',
          TAX,
          '7.99',
          '',
          'Louisiana state reversed by CN-2026-0001',
          'CN-2026-0001',
          10,
        ),
        line(
          '2026-03-10',
          TAX,
          '8.97',
          '',
          'Orleans parish reversed by CN-2026-0001',
          'CN-2026-0001',
          10,
        ),
        line(
          '2026-03-10',
          AR,
          '',
          '200.00',
          'Credit note CN-2026-0001 on INV-2026-0001 to Ann Client',
          'CN-2026-0001',
          10,
        ),
        line(
          '2026-03-10',
          AR,
          '200.00',
          '',
          'Card refund of CN-2026-0001 to Ann Client',
          'CN-2026-0001',
          11,
        ),
        line(
          '2026-03-10',
          CLEARING,
          '',
          '200.00',
          'Card refund of CN-2026-0001 to Ann Client',
          'CN-2026-0001',
          11,
        ),
        line('2026-03-07', BANK, '908.79', '', 'Stripe payout po_march', 'po_march', 12),
        line(
          '2026-03-07',
          '"404","Bank Fees"',
          '46.45',
          '',
          'Stripe fees in po_march',
          'po_march',
          12,
        ),
        line('2026-03-07', CLEARING, '', '955.24', 'Stripe payout po_march', 'po_march', 12),
        line(
          '2026-03-07',
          SUSPENSE,
          '50.00',
          '',
          'Dispute dp_1 in Stripe payout po_march',
          'dp_1',
          13,
        ),
        line(
          '2026-03-07',
          CLEARING,
          '',
          '50.00',
          'Dispute dp_1 in Stripe payout po_march',
          'dp_1',
          13,
        ),
      ),
    );
  });

  it('pages through more rows than one batch, however many share a moment', async () => {
    // 1,001 payments received at the very same instant, in a month of their own.
    await t.database.executeSql(
      `insert into payments (amount, method, paid_at, reference)
       select 100 + n, 'cash', timestamptz '2025-01-15 18:00:00.123456+00', 'R' || n
       from generate_series(1, 1001) as n`,
    );
    const res = await download('/api/admin/exports/payments?from=2025-01-01&to=2025-01-31');
    const rows = (res.body as string).split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(1001);
    expect(new Set(rows.map((row) => row.split(',')[4])).size).toBe(1001);
  });

  it('refuses a period that ends before it starts, and an unknown file', async () => {
    const backwards = await admin.get('/api/admin/exports/journal?from=2026-03-31&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('From must be on or before To');
    const unknown = await admin.get(`/api/admin/exports/sage?${MARCH}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown export');
    const noDates = await admin.get('/api/admin/reports/tax?basis=cash');
    expect(noDates.status).toBe(400);
    expect(noDates.body.message).toBe('From must be a date (YYYY-MM-DD)');
  });

  it('answers nobody but the admin', async () => {
    const visitor = request(t.app);
    expect((await visitor.get(`/api/admin/exports/journal?${MARCH}`)).status).toBe(401);
    expect((await visitor.get(`/api/admin/reports/tax?${MARCH}`)).status).toBe(401);
    expect((await visitor.put('/api/admin/settings/accounting').send({})).status).toBe(401);
  });
});

describe('the tax report', () => {
  it("on the accrual basis: invoices issued, February's void reversed, credit notes refunded", async () => {
    const res = await admin.get(`/api/admin/reports/tax?${MARCH}&basis=accrual`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-31',
      basis: 'accrual',
      rows: [
        {
          name: 'Louisiana state',
          percent: 4.45,
          taxableSales: 80_196,
          taxCollected: 3_569,
          taxRefunded: 799,
          netTax: 2_770,
        },
        {
          name: 'Orleans parish',
          percent: 5,
          taxableSales: 90_196,
          taxCollected: 4_510,
          taxRefunded: 897,
          netTax: 3_613,
        },
        {
          taxRateId: null,
          name: 'Tax',
          percent: null,
          taxableSales: 10_000,
          taxCollected: 800,
          taxRefunded: 0,
          netTax: 800,
        },
      ],
      totalSales: 124_500,
      taxableSales: 90_196,
      exemptSales: 34_304,
      taxCollected: 8_879,
      taxRefunded: 1_696,
      netTax: 7_183,
    });
  });

  it('on the cash basis: the tax share of payments received and of refunds made', async () => {
    const res = await admin.get(`/api/admin/reports/tax?${MARCH}&basis=cash`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      basis: 'cash',
      rows: [
        {
          name: 'Louisiana state',
          taxableSales: 90_196,
          taxCollected: 4_014,
          // The note's 799 and the dashboard refund's 4014 × 5000 / 100524 = 200.
          taxRefunded: 999,
          netTax: 3_015,
        },
        {
          name: 'Orleans parish',
          taxableSales: 90_196,
          taxCollected: 4_510,
          taxRefunded: 1_121,
          netTax: 3_389,
        },
      ],
      totalSales: 102_000,
      taxableSales: 90_196,
      exemptSales: 11_804,
      taxCollected: 8_524,
      taxRefunded: 2_120,
      netTax: 6_404,
    });
    expect(res.body.rows).toHaveLength(2);
  });

  it('downloads as CSV', async () => {
    const res = await download(`/api/admin/reports/tax?${MARCH}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tax-report-accrual-2026-03-01-to-2026-03-31.csv"',
    );
    expect(res.body).toBe(
      file(
        '"Tax rate","Percent","Taxable sales","Tax collected","Tax refunded","Net tax"',
        '"Louisiana state",4.45,801.96,35.69,7.99,27.70',
        '"Orleans parish",5,901.96,45.10,8.97,36.13',
        '"Tax",,100.00,8.00,0.00,8.00',
        '"Total",,901.96,88.79,16.96,71.83',
        '"Total sales",,1245.00,,,',
        '"Exempt sales",,343.04,,,',
      ),
    );
  });
});

describe('the accounting accounts', () => {
  it("are Xero's defaults until saved, then the journal posts to the saved ones", async () => {
    const before = await admin.get('/api/admin/settings/accounting');
    expect(before.body).toEqual({ accounts: DEFAULT_ACCOUNTS });
    const accounts = { ...DEFAULT_ACCOUNTS, bank: { code: '1010', name: 'Checking' } };
    const saved = await admin.put('/api/admin/settings/accounting').send({ accounts });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ accounts });
    const journal = await download(`/api/admin/exports/journal?${MARCH}`);
    expect(journal.body).toContain('"2026-03-12","1010","Checking",100.00,,');
    const unnamed = await admin
      .put('/api/admin/settings/accounting')
      .send({ accounts: { ...accounts, suspense: { code: '899', name: ' ' } } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe('Name the account');
  });
});
