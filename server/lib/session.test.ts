import express from 'express';
import session from 'express-session';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { errorHandler } from './errors';
import { requireSessionPath } from './session';

/**
 * An app routing case-insensitively (Express's default) with a session on /api/admin: the
 * case of the mount path and of the cookie path differ for /api/ADMIN/..., and express-session
 * then skips the request.
 */
function appWithAdminSession() {
  const app = express();
  const admin = express.Router();
  admin.use(
    requireSessionPath(
      session({
        secret: 'test-secret',
        resave: false,
        saveUninitialized: false,
        cookie: { path: '/api/admin' },
      }),
    ),
  );
  admin.get('/me', (req, res) => {
    res.json({ signedIn: Boolean(req.session.adminId) });
  });
  app.use('/api/admin', admin);
  app.use(errorHandler(createLogger('silent')));
  return app;
}

describe('requireSessionPath', () => {
  it('passes a request inside the cookie path on with its session', async () => {
    const res = await request(appWithAdminSession()).get('/api/admin/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signedIn: false });
  });

  it.each(['/api/ADMIN/me', '/API/admin/me', '/api/Admin/me'])(
    'answers 404 where express-session left no session (%s), not a 500',
    async (path) => {
      const res = await request(appWithAdminSession()).get(path);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(`Not found: GET /me`);
    },
  );
});
