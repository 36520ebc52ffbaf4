import { and, asc, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailChangeAnswerSchema, EmailChangeStatusSchema } from '@shared/schemas/profile';
import { auditEvents, outboxMessages, users } from '../../db/schema';
import { createClient, signedInAdmin, signedInClient } from '@tests/factories';
import { BrowserSession, signInThroughProvider } from '@tests/support/browser-session';
import { expectJson } from '@tests/support/expect-json';
import { startTestApp, type TestApp } from '@tests/support/test-app';

const CODE_SUBJECT = 'Confirm your new Coast & Code Studio client portal e-mail';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t.app, t.database);
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const freshAddress = (name: string) => `${name}.${Date.now()}.${(n += 1)}@example.com`;

async function send(browser: BrowserSession, method: string, url: string, body?: object) {
  const res = await browser.request(method, url, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The messages to an address, oldest first, once the ones on their way have landed. */
async function mailTo(address: string, subject = '%') {
  await t.services.notifications.idle();
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, address), like(outboxMessages.subject, subject)))
    .orderBy(asc(outboxMessages.createdAt));
}

/** The code of the newest e-mail-change message to the address. */
async function codeSentTo(address: string): Promise<string> {
  const messages = await mailTo(address, CODE_SUBJECT);
  const code = /: (\d{6})$/m.exec(messages.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${address}`);
  return code;
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function eventsAbout(userId: string) {
  return t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, userId))
    .orderBy(desc(auditEvents.createdAt));
}

/** The portal's answer to GET /api/auth/user/email. */
async function portalStatus(browser: BrowserSession) {
  return expectJson(await send(browser, 'GET', '/api/auth/user/email'), EmailChangeStatusSchema);
}

const start = (browser: BrowserSession, email: string) =>
  send(browser, 'POST', '/api/auth/user/email', { email });
const confirm = (browser: BrowserSession, code: string) =>
  send(browser, 'POST', '/api/auth/user/email/confirm', { code });

/** Moves the code of the client's change past its expiry. */
async function expireChange(userId: string) {
  const { oidcSubject } = await userRow(userId);
  await t.database.executeSql(
    "update identity_email_codes set expires_at = now() - interval '1 second' where interaction_uid = $1",
    [`email-change:${oidcSubject}`],
  );
}

describe('the client changes their e-mail in the portal', () => {
  it('mails a code to the new address; only the right code changes it, once; the old address is told', async () => {
    const { browser, account, user } = await signedInClient(t.baseUrl, { firstName: 'Lucien' });
    const oldEmail = account.email.toLowerCase();
    const newEmail = freshAddress('lucien');
    expect(await portalStatus(browser)).toEqual({ canChange: true, pending: null });

    const started = await start(browser, newEmail.toUpperCase());
    expect(started.status).toBe(200);
    expect(started.body.message).toBe(
      `We sent a 6-digit code to ${newEmail}. Enter it here to confirm your new address.`,
    );
    const status = await portalStatus(browser);
    expect(status.pending?.email).toBe(newEmail);
    const code = await codeSentTo(newEmail);
    const [codeMail] = await mailTo(newEmail, CODE_SUBJECT);
    expect(codeMail!.subject).not.toContain(code);
    expect(codeMail!.text).toContain('It works once, for 15 minutes.');
    // Nothing changed yet, and nothing went to the old address.
    expect((await userRow(user.id)).email).toBe(oldEmail);
    expect(await mailTo(oldEmail, '%e-mail was changed')).toEqual([]);

    const wrong = await confirm(browser, code === '000000' ? '111111' : '000000');
    expect(wrong).toEqual({
      status: 400,
      body: { message: 'That code is not right. You have 4 tries left.' },
    });
    const malformed = await confirm(browser, '12ab');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Enter the 6-digit code from the e-mail');

    const done = await confirm(browser, code);
    expect(done.status).toBe(200);
    expect(expectJson(done, EmailChangeAnswerSchema)).toEqual({
      message: `Your e-mail address is now ${newEmail}. Use it to sign in from now on.`,
      pending: null,
    });
    // This session stays; the profile, the client row and the sign-in all use the new address.
    const me = await send(browser, 'GET', '/api/auth/user');
    expect(me.body.email).toBe(newEmail);
    expect(await userRow(user.id)).toMatchObject({ email: newEmail, emailVerified: true });
    const withNew = await signInThroughProvider(
      new BrowserSession(t.baseUrl),
      newEmail,
      account.password,
    );
    expect(withNew.url).toBe(`${t.baseUrl}/portal/dashboard`);
    const withOld = await signInThroughProvider(
      new BrowserSession(t.baseUrl),
      oldEmail,
      account.password,
    );
    expect(withOld.res.status).toBe(401);

    // Used: the same code again finds no change to confirm, and the outbox forgot it.
    const reused = await confirm(browser, code);
    expect(reused).toEqual({
      status: 400,
      body: { message: 'This e-mail change has expired. Please start again.' },
    });
    expect((await mailTo(newEmail, CODE_SUBJECT))[0]!.text).not.toContain(code);

    const [told] = await mailTo(oldEmail, '%e-mail was changed');
    expect(told!.text).toContain(
      `The e-mail address of your client portal account was changed to ${newEmail}.`,
    );
    const [event] = await eventsAbout(user.id);
    expect(event).toMatchObject({
      kind: 'client.email_changed',
      actorAdminId: null,
      actorEmail: oldEmail,
      before: { email: oldEmail },
      after: { email: newEmail },
    });
  });

  it('refuses an expired code, sends a new one on request, and stops after five sends', async () => {
    const { browser, user } = await signedInClient(t.baseUrl);
    const newEmail = freshAddress('expired');
    await start(browser, newEmail);
    const first = await codeSentTo(newEmail);
    await expireChange(user.id);
    expect(await confirm(browser, first)).toEqual({
      status: 400,
      body: { message: 'This code has expired. Send a new code and enter that one.' },
    });

    const resent = await send(browser, 'POST', '/api/auth/user/email/resend');
    expect(resent).toMatchObject({
      status: 200,
      body: { message: `We sent a new code to ${newEmail}.` },
    });
    const second = await codeSentTo(newEmail);
    expect(second).not.toBe(first);
    // The first code works no more.
    expect((await confirm(browser, first)).status).toBe(400);
    // Three more sends make five; the sixth is refused.
    for (let i = 0; i < 3; i += 1) {
      expect((await send(browser, 'POST', '/api/auth/user/email/resend')).status).toBe(200);
    }
    const tooMany = await send(browser, 'POST', '/api/auth/user/email/resend');
    expect(tooMany).toEqual({
      status: 429,
      body: {
        message: 'We have sent as many codes as we can for this change. Please start again.',
      },
    });
    expect((await confirm(browser, await codeSentTo(newEmail))).status).toBe(200);
    expect((await userRow(user.id)).email).toBe(newEmail);
  });

  it('gives a code five tries', async () => {
    const { browser, user, account } = await signedInClient(t.baseUrl);
    const newEmail = freshAddress('guesser');
    await start(browser, newEmail);
    const code = await codeSentTo(newEmail);
    const wrong = code === '000000' ? '999999' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await confirm(browser, wrong)).body.message);
    expect(answers).toEqual([
      'That code is not right. You have 4 tries left.',
      'That code is not right. You have 3 tries left.',
      'That code is not right. You have 2 tries left.',
      'That code is not right. You have 1 try left.',
      'Too many wrong codes. Send a new code and enter that one.',
    ]);
    expect(await confirm(browser, code)).toEqual({
      status: 429,
      body: { message: 'Too many wrong codes. Send a new code and enter that one.' },
    });
    expect((await userRow(user.id)).email).toBe(account.email.toLowerCase());
  });

  it('answers the same for an address another account holds, tells its holder, and never lets it be taken', async () => {
    const { browser, user, account } = await signedInClient(t.baseUrl);
    const holder = await signedInClient(t.baseUrl);
    const held = holder.account.email.toLowerCase();
    const free = freshAddress('free');

    const forFree = await start(browser, free);
    const forHeld = await start(browser, held);
    expect(forHeld.status).toBe(forFree.status);
    expect(
      JSON.stringify(forHeld.body)
        .replaceAll(held, 'X')
        .replace(/"expiresAt":"[^"]+"/, ''),
    ).toBe(
      JSON.stringify(forFree.body)
        .replaceAll(free, 'X')
        .replace(/"expiresAt":"[^"]+"/, ''),
    );
    const status = await portalStatus(browser);
    expect(status.pending?.email).toBe(held);

    // The holder gets no code, only word that nothing changed.
    expect(await mailTo(held, CODE_SUBJECT)).toEqual([]);
    const [told] = await mailTo(held, '%client portal account');
    expect(told!.text).toContain(
      'Someone asked to use this e-mail address for their client portal account. It already belongs to your account, so nothing was changed and no code was sent.',
    );
    // No code matches; a new code is not sent either.
    expect((await confirm(browser, '123456')).body.message).toBe(
      'That code is not right. You have 4 tries left.',
    );
    expect((await send(browser, 'POST', '/api/auth/user/email/resend')).status).toBe(200);
    expect(await mailTo(held, CODE_SUBJECT)).toEqual([]);
    expect((await userRow(user.id)).email).toBe(account.email.toLowerCase());
  });

  it('refuses its own address and a bad one, changing nothing', async () => {
    const { browser, account } = await signedInClient(t.baseUrl);
    expect(await start(browser, account.email)).toEqual({
      status: 400,
      body: { message: 'This is already the e-mail address of the account.' },
    });
    const bad = await start(browser, 'not an address');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
    const extra = await send(browser, 'POST', '/api/auth/user/email', {
      email: freshAddress('x'),
      admin: true,
    });
    expect(extra.status).toBe(400);
    expect((await send(browser, 'DELETE', '/api/auth/user/email')).status).toBe(200);
  });

  it('limits the codes mailed to one address, counted with the sign-ups', async () => {
    const { browser } = await signedInClient(t.baseUrl);
    const target = freshAddress('flooded');
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await start(browser, target)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await start(browser, target);
    expect(refused.body.message).toMatch(
      /^Too many codes sent\. Please try again in \d+ minutes?\.$/,
    );
  });
});

describe('the agency changes a client e-mail', () => {
  it('mails the code to the new address; the client enters it in the portal; both steps are audited', async () => {
    const { browser, user, account } = await signedInClient(t.baseUrl, { firstName: 'Maelle' });
    const newEmail = freshAddress('maelle');
    const path = `/api/admin/clients/${user.id}/email-change`;
    expect(expectJson(await admin.agent.get(path), EmailChangeStatusSchema)).toEqual({
      canChange: true,
      pending: null,
    });

    const started = await admin.agent.post(path).send({ email: newEmail });
    const answer = expectJson(started, EmailChangeAnswerSchema);
    expect(answer.message).toBe(
      `A code was e-mailed to ${newEmail}. The client's address changes once they enter it on their portal's account page, within 24 hours.`,
    );
    const hours = (Date.parse(answer.pending!.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const [mail] = await mailTo(newEmail, CODE_SUBJECT);
    expect(mail!.text).toContain(
      'Coast & Code Studio is changing the e-mail address of your client portal account to this one. To confirm it, sign in to your client portal as usual and enter this code on your account page:',
    );
    expect(mail!.text).toContain(`${t.config.appUrl}/portal/dashboard`);

    // The client sees the change waiting in the portal, and confirms it there.
    const portal = await portalStatus(browser);
    expect(portal.pending?.email).toBe(newEmail);
    expect((await confirm(browser, await codeSentTo(newEmail))).status).toBe(200);
    expect((await userRow(user.id)).email).toBe(newEmail);
    expect(expectJson(await admin.agent.get(path), EmailChangeStatusSchema).pending).toBeNull();

    const events = await eventsAbout(user.id);
    expect(events.map((event) => [event.kind, event.actorEmail])).toEqual([
      ['client.email_changed', account.email.toLowerCase()],
      ['client.email_change_started', admin.admin.email],
    ]);
    expect(events[1]).toMatchObject({
      before: { email: account.email.toLowerCase() },
      after: { email: newEmail },
    });
  });

  it('is cancelled by the agency: the code works no more', async () => {
    const { browser, user } = await signedInClient(t.baseUrl);
    const newEmail = freshAddress('cancelled');
    const path = `/api/admin/clients/${user.id}/email-change`;
    expect((await admin.agent.post(path).send({ email: newEmail })).status).toBe(200);
    const code = await codeSentTo(newEmail);
    const cancelled = await admin.agent.delete(path);
    expect(expectJson(cancelled, EmailChangeAnswerSchema).message).toBe(
      `The change to ${newEmail} is cancelled.`,
    );
    expect(await confirm(browser, code)).toEqual({
      status: 400,
      body: { message: 'This e-mail change has expired. Please start again.' },
    });
    const again = await admin.agent.delete(path);
    expect(again.status).toBe(404);
    expect((await eventsAbout(user.id))[0]).toMatchObject({
      kind: 'client.email_change_cancelled',
      before: { email: newEmail },
      after: null,
    });
  });

  it('is told plainly (409) when another account holds the address, and saves nothing', async () => {
    const { user } = await signedInClient(t.baseUrl);
    const holder = await signedInClient(t.baseUrl);
    // A client of another issuer holding the address, proven, counts too.
    const other = await createClient(t.database, {
      email: freshAddress('elsewhere'),
      emailVerified: true,
    });
    const path = `/api/admin/clients/${user.id}/email-change`;
    for (const email of [holder.account.email, other.email!]) {
      const res = await admin.agent.post(path).send({ email });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Another client account uses this e-mail address.');
      expect(await mailTo(email.toLowerCase(), CODE_SUBJECT)).toEqual([]);
    }
    expect(expectJson(await admin.agent.get(path), EmailChangeStatusSchema).pending).toBeNull();
    expect(await eventsAbout(user.id)).toEqual([]);
  });

  it('is not offered for a client of an external sign-in service', async () => {
    const client = await createClient(t.database);
    const path = `/api/admin/clients/${client.id}/email-change`;
    expect(expectJson(await admin.agent.get(path), EmailChangeStatusSchema)).toEqual({
      canChange: false,
      pending: null,
    });
    const res = await admin.agent.post(path).send({ email: freshAddress('external') });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This client signs in with an external provider: their e-mail address is changed there.',
    );
    const bad = await admin.agent.post(path).send({});
    expect(bad.status).toBe(400);
  });
});
