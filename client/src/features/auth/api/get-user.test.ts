import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer } from '@tests/support/api-server';
import { getUser } from './get-user';

/**
 * GET /api/auth/user answered with exactly `body`: not through json(), since these
 * answers are meant to be off the schema (extra fields, a wrong shape).
 */
function answer(status: number, body: string) {
  apiServer.use(http.get('/api/auth/user', () => new HttpResponse(body || null, { status })));
}

describe('getUser', () => {
  it('is null when nobody is signed in (401)', async () => {
    answer(401, '{"message":"Unauthorized"}');
    await expect(getUser()).resolves.toBeNull();
  });

  it('is the signed-in client, with only the fields the portal uses', async () => {
    answer(
      200,
      JSON.stringify({
        id: 'u1',
        email: 'camille@example.com',
        firstName: 'Camille',
        lastName: null,
        businessName: null,
        phoneNumber: null,
        stripeCustomerId: 'internal',
      }),
    );
    await expect(getUser()).resolves.toEqual({
      id: 'u1',
      email: 'camille@example.com',
      firstName: 'Camille',
      lastName: null,
      businessName: null,
      phoneNumber: null,
    });
  });

  it('fails on any other error and on an answer of another shape', async () => {
    answer(500, '');
    await expect(getUser()).rejects.toThrow('500');
    answer(200, '{"id":1}');
    await expect(getUser()).rejects.toThrow();
  });
});
