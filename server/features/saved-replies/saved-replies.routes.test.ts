import { eq } from 'drizzle-orm';
import { SavedReplyPageSchema, SavedReplySchema } from '@shared/schemas/saved-replies';
import type request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEvents, savedReplies } from '../../db/schema';
import { signedInAdmin } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
let agent: ReturnType<typeof request.agent>;

beforeAll(async () => {
  t = await startTestApp();
  ({ agent } = await signedInAdmin(t.app, t.database));
});
afterAll(async () => {
  await t.close();
});

it('creates, lists by title, searches, edits and deletes saved replies', async () => {
  const created = await agent.post('/api/admin/saved-replies').send({
    title: '  Thanks, on it  ',
    body: 'Hi {{firstName}}, we are on ticket {{ticketNumber}}: {{portalLink}}',
  });
  expect(created.status).toBe(201);
  const made = expectJson(created, SavedReplySchema);
  expect(made.title).toBe('Thanks, on it');
  await agent
    .post('/api/admin/saved-replies')
    .send({ title: 'Asking for a login', body: 'Could you send us the login for your host?' });

  const list = expectJson(await agent.get('/api/admin/saved-replies'), SavedReplyPageSchema);
  expect(list.items.map((reply) => reply.title)).toEqual(['Asking for a login', 'Thanks, on it']);
  expect(list.total).toBe(2);
  const found = expectJson(
    await agent.get('/api/admin/saved-replies?q=host'),
    SavedReplyPageSchema,
  );
  expect(found.items.map((reply) => reply.title)).toEqual(['Asking for a login']);

  const edited = await agent
    .put(`/api/admin/saved-replies/${made.id}`)
    .send({ title: 'Thanks', body: 'Thanks {{firstName}}!' });
  expect(edited.status).toBe(200);
  const [row] = await t.database.db.select().from(savedReplies).where(eq(savedReplies.id, made.id));
  expect(row).toMatchObject({ title: 'Thanks', body: 'Thanks {{firstName}}!' });

  const bad = await agent.put(`/api/admin/saved-replies/${made.id}`).send({ title: '', body: 'x' });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe('Title is required');

  expect((await agent.delete(`/api/admin/saved-replies/${made.id}`)).status).toBe(204);
  expect((await agent.delete(`/api/admin/saved-replies/${made.id}`)).status).toBe(404);
  expect(
    (await agent.put('/api/admin/saved-replies/nope').send({ title: 'a', body: 'b' })).status,
  ).toBe(404);
  const audited = await t.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetType, 'saved_reply'));
  expect(audited).toHaveLength(4);
});
