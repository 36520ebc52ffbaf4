import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '@tests/factories';
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
      paymentInstructions: '',
      remindersEnabled: true,
      reminderDays: [3, 7, 14],
      attachmentMaxFileMb: 10,
      attachmentMaxMessageMb: 25,
      originalEmailDays: 90,
      signupLinkDays: 7,
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
      paymentInstructions: '',
      remindersEnabled: true,
      reminderDays: [3, 7, 14],
      attachmentMaxFileMb: 10,
      attachmentMaxMessageMb: 25,
      originalEmailDays: 90,
      signupLinkDays: 7,
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
