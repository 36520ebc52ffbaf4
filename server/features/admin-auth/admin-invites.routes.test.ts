import { desc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_INVITE_INVALID,
  AdminListPageSchema,
  PendingAdminInvitePageSchema,
} from '@shared/schemas/admin-accounts';
import { admins, auditEvents, outboxMessages } from '../../db/schema';
import { signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { createTestClock, startTestApp, type TestApp } from '@tests/support/test-app';

const clock = createTestClock('2026-11-20T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(async () => {
  await t.close();
});

/** The token of the newest invitation mailed to `to`, and the message. */
async function mailedInvite(to: string) {
  await t.services.notifications.idle();
  const [message] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, to))
    .orderBy(desc(outboxMessages.createdAt));
  const token = /accept-invite\?token=([\w-]+)/.exec(message?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return { token, message: message! };
}

const ACCOUNT = { firstName: 'Noor', lastName: 'Haddad', password: 'invited passphrase' };

async function pending(agent: ReturnType<typeof request.agent>) {
  return expectJson(await agent.get('/api/admin/admin-invites'), PendingAdminInvitePageSchema);
}

describe('Inviting admins', () => {
  it('mails a one-time link that creates the admin with their name and password', async () => {
    const { agent, admin } = await signedInAdmin(t.app, t.database);
    const sent = await agent.post('/api/admin/admin-invites').send({ email: 'Noor@Example.com' });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ message: 'Invitation sent to noor@example.com' });
    const { token, message } = await mailedInvite('noor@example.com');
    expect(message.subject).toBe('You are invited to the Coast & Code Studio admin panel');
    expect(message.text).toContain(`${admin.email} invited you to become an admin`);
    expect((await pending(agent)).items).toMatchObject([
      { email: 'noor@example.com', invitedBy: admin.email },
    ]);

    const invitee = request.agent(t.app);
    expect((await invitee.get('/api/admin/admin-invites/accept').query({ token })).body).toEqual({
      email: 'noor@example.com',
    });
    const accepted = await invitee
      .post('/api/admin/admin-invites/accept')
      .send({ ...ACCOUNT, token });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ email: 'noor@example.com', firstName: 'Noor' });
    expect((await invitee.get('/api/admin/me')).status).toBe(200);

    const again = await request(t.app)
      .post('/api/admin/admin-invites/accept')
      .send({ ...ACCOUNT, token, firstName: 'Mallory' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ADMIN_INVITE_INVALID);
    expect((await pending(agent)).items).toEqual([]);
    const list = expectJson(await agent.get('/api/admin/admins'), AdminListPageSchema);
    expect(list.items.map((item) => item.email)).toContain('noor@example.com');

    const [created] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'admin.created'))
      .orderBy(desc(auditEvents.createdAt));
    expect(created).toMatchObject({
      actorEmail: admin.email,
      after: { email: 'noor@example.com', via: 'invitation' },
    });
    const [invited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'admin.invited'));
    expect(invited).toMatchObject({ actorAdminId: admin.id, after: { email: 'noor@example.com' } });
  });

  it('a revoked or expired invitation creates nobody; a new one replaces the old', async () => {
    const { agent, admin } = await signedInAdmin(t.app, t.database);
    await agent.post('/api/admin/admin-invites').send({ email: 'revoked@example.com' }).expect(201);
    const { token: revokedToken } = await mailedInvite('revoked@example.com');
    const [invite] = (await pending(agent)).items.filter((i) => i.email === 'revoked@example.com');
    const revoked = await agent.delete(`/api/admin/admin-invites/${invite!.id}`);
    expect(revoked.body).toEqual({ message: 'Invitation revoked' });
    expect((await agent.delete(`/api/admin/admin-invites/${invite!.id}`)).status).toBe(404);
    expect((await agent.delete('/api/admin/admin-invites/not-an-id')).status).toBe(404);
    const refused = await request(t.app)
      .post('/api/admin/admin-invites/accept')
      .send({ ...ACCOUNT, token: revokedToken });
    expect(refused.status).toBe(400);
    const [revokeAudit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'admin.invite_revoked'));
    expect(revokeAudit).toMatchObject({
      actorAdminId: admin.id,
      targetId: invite!.id,
      before: { email: 'revoked@example.com' },
    });

    await agent.post('/api/admin/admin-invites').send({ email: 'late@example.com' }).expect(201);
    const { token: first } = await mailedInvite('late@example.com');
    await agent.post('/api/admin/admin-invites').send({ email: 'late@example.com' }).expect(201);
    const { token: second } = await mailedInvite('late@example.com');
    expect((await pending(agent)).items.filter((i) => i.email === 'late@example.com')).toHaveLength(
      1,
    );
    expect(
      (await request(t.app).get('/api/admin/admin-invites/accept').query({ token: first })).status,
    ).toBe(400);
    clock.set(new Date(clock.now().getTime() + 8 * 86_400_000));
    const expired = await request(t.app)
      .post('/api/admin/admin-invites/accept')
      .send({ ...ACCOUNT, token: second });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(ADMIN_INVITE_INVALID);
    const emails = (await t.database.db.select({ email: admins.email }).from(admins)).map(
      (row) => row.email,
    );
    expect(emails).not.toContain('revoked@example.com');
    expect(emails).not.toContain('late@example.com');
  });

  it('refuses an address that is an admin already, and a bad address', async () => {
    const { agent, admin } = await signedInAdmin(t.app, t.database);
    const taken = await agent.post('/api/admin/admin-invites').send({ email: admin.email });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This address already belongs to an admin');
    const bad = await agent.post('/api/admin/admin-invites').send({ email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
  });

  it('is for signed-in admins only', async () => {
    expect(
      (await request(t.app).post('/api/admin/admin-invites').send({ email: 'x@example.com' }))
        .status,
    ).toBe(401);
    expect((await request(t.app).get('/api/admin/admins')).status).toBe(401);
  });
});
