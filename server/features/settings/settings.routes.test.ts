import { inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogoSchema } from '@shared/schemas/settings';
import { auditEvents } from '../../db/schema';
import { inspectImage } from '../../lib/images';
import { createInvoice, signedInAdmin } from '@tests/factories';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const business = {
  businessName: 'Bayou Web Works',
  businessEmail: 'Team@BayouWeb.example',
  businessPhone: '504-555-0100',
  businessCity: 'Biloxi',
  businessState: 'ms',
  businessWebsite: 'https://bayouweb.example',
};

describe('business settings', () => {
  it('are for the admin only', async () => {
    expect((await request(t.app).get('/api/admin/settings')).status).toBe(401);
    expect((await request(t.app).put('/api/admin/settings').send(business)).status).toBe(401);
  });

  it('start as the defaults, refuse bad values without saving, and show everywhere once saved', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    expect((await agent.get('/api/admin/settings')).body).toEqual({
      businessName: 'Coast & Code Studio',
      businessEmail: 'hello@coastandcode.studio',
      businessPhone: '',
      businessCity: 'New Orleans',
      businessState: 'LA',
      businessWebsite: '',
      autoSendRenewals: true,
      requireAdminTwoFactor: false,
      consultationEmails: true,
      heldMailDigest: true,
      paymentInstructions: '',
      remindersEnabled: true,
      reminderDays: [3, 7, 14],
      attachmentMaxFileMb: 10,
      attachmentMaxMessageMb: 25,
      originalEmailDays: 90,
      signupLinkDays: 7,
      priceChangeNoticeDays: 30,
    });

    for (const [change, message] of [
      [{ businessName: ' ' }, 'Business name is required'],
      [{ businessEmail: 'nope' }, 'Please enter a valid email address'],
      [{ businessState: 'Louisiana' }, 'State must be a two-letter code, e.g. LA'],
      [{ businessWebsite: 'javascript:alert(1)' }, 'Website must start with http:// or https://'],
      [{ autoSendRenewals: 'yes' }, 'Auto-send must be true or false'],
      [{ reminderDays: [] }, 'Add at least one reminder day (turn reminders off to send none)'],
      [{ reminderDays: [0] }, 'Reminder days must be between 1 and 90'],
    ] as const) {
      const res = await agent.put('/api/admin/settings').send({ ...business, ...change });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await request(t.app).get('/api/settings/public')).body.businessName).toBe(
      'Coast & Code Studio',
    );

    const saved = await agent.put('/api/admin/settings').send(business);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      ...business,
      autoSendRenewals: true,
      requireAdminTwoFactor: false,
      consultationEmails: true,
      heldMailDigest: true,
      paymentInstructions: '',
      remindersEnabled: true,
      reminderDays: [3, 7, 14],
      attachmentMaxFileMb: 10,
      attachmentMaxMessageMb: 25,
      originalEmailDays: 90,
      signupLinkDays: 7,
      priceChangeNoticeDays: 30,
      businessEmail: 'team@bayouweb.example',
      businessState: 'MS',
    });
    expect((await request(t.app).get('/api/settings/public')).body).toEqual({
      businessName: 'Bayou Web Works',
      businessEmail: 'team@bayouweb.example',
      businessLocation: 'Biloxi, MS',
      businessPhone: '504-555-0100',
      businessWebsite: 'https://bayouweb.example',
      // BILLING_TIMEZONE, unset here: every screen shows dates and times in it.
      timeZone: 'America/Chicago',
    });
  });
});

describe('the logo on the PDFs', () => {
  /** An image as the owner's phone or design tool makes one. */
  async function image(format: 'webp' | 'png', width: number, height: number) {
    const { default: sharp } = await import('sharp');
    const picture = sharp({ create: { width, height, channels: 3, background: '#0e7490' } });
    return (format === 'webp' ? picture.webp() : picture.png()).toBuffer();
  }
  const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => callback(null, Buffer.concat(chunks)));
  };
  /** An image drawn in a PDF is an image XObject. */
  const hasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');

  it('is uploaded by the admin, checked by its content, drawn on the invoice PDF, and removed', async () => {
    expect((await request(t.app).get('/api/admin/settings/logo')).status).toBe(401);
    expect((await request(t.app).get('/api/admin/settings/logo/image')).status).toBe(401);
    const { agent, admin } = await signedInAdmin(t.app, t.database);
    expect((await agent.get('/api/admin/settings/logo')).body).toEqual({ logo: null });
    const invoice = await createInvoice(t.database, { status: 'sent' });
    const invoicePdf = async () =>
      (await agent.get(`/api/admin/invoices/${invoice.id}/pdf`).buffer(true).parse(binary))
        .body as Buffer;
    expect(hasImage(await invoicePdf())).toBe(false);

    // Not an image, whatever its name says: refused, nothing kept.
    const refused = await agent
      .put('/api/admin/settings/logo')
      .attach('logo', Buffer.from('%PDF-1.7 not a logo'), 'logo.png');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'That file is not an image we can use as a logo: use PNG, JPEG, WebP or AVIF.',
    );
    expect((await agent.put('/api/admin/settings/logo').send({})).body.message).toBe(
      'Choose an image file for the logo.',
    );
    expect((await agent.get('/api/admin/settings/logo')).body).toEqual({ logo: null });

    // A large WebP: stored as a PNG no wider than 600 px.
    const uploaded = await agent
      .put('/api/admin/settings/logo')
      .attach('logo', await image('webp', 1200, 400), 'brand.webp');
    expect(uploaded.status).toBe(200);
    const { logo } = LogoSchema.parse(uploaded.body);
    expect(logo).toMatchObject({ width: 600, height: 200 });
    expect((await agent.get('/api/admin/settings/logo')).body).toEqual({ logo });
    const stored = await agent.get(logo!.url).buffer(true).parse(binary);
    expect(stored.status).toBe(200);
    expect(stored.headers['content-type']).toBe('image/png');
    expect(await inspectImage(stored.body as Buffer)).toEqual({
      format: 'png',
      width: 600,
      height: 200,
    });
    expect(hasImage(await invoicePdf())).toBe(true);

    // Replaced, then removed: the PDFs go back to the name alone.
    const replaced = await agent
      .put('/api/admin/settings/logo')
      .attach('logo', await image('png', 64, 64), 'square.png');
    expect(LogoSchema.parse(replaced.body).logo).toMatchObject({ width: 64, height: 64 });
    const removed = await agent.delete('/api/admin/settings/logo');
    expect(removed.body).toEqual({ logo: null });
    expect((await agent.get('/api/admin/settings/logo/image')).status).toBe(404);
    expect(hasImage(await invoicePdf())).toBe(false);

    const audited = await t.database.db
      .select({ kind: auditEvents.kind, actor: auditEvents.actorEmail })
      .from(auditEvents)
      .where(inArray(auditEvents.kind, ['settings.logo_uploaded', 'settings.logo_removed']));
    expect(audited.map((event) => event.kind)).toEqual([
      'settings.logo_uploaded',
      'settings.logo_uploaded',
      'settings.logo_removed',
    ]);
    expect(audited.every((event) => event.actor === admin.email)).toBe(true);
  });
});
