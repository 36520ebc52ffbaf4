import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, errorHandler, isDatabaseUnavailable } from './errors';
import { createLogger } from './logger';

function appThatThrows(error: unknown) {
  const app = express();
  app.get('/boom', () => {
    throw error;
  });
  app.use(errorHandler(createLogger('silent')));
  return app;
}

describe('the error middleware', () => {
  it('answers an unexpected error with 500 and no stack trace', async () => {
    const res = await request(appThatThrows(new Error('secret internals at /srv/app.js:12'))).get(
      '/boom',
    );
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal Server Error' });
    expect(res.text).not.toContain('secret internals');
  });

  it('answers an AppError with its status and message', async () => {
    const res = await request(appThatThrows(new AppError(409, 'Already there'))).get('/boom');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Already there' });
  });

  it('answers a zod failure with 400, the first message and every issue', async () => {
    const result = z
      .object({ a: z.string().min(1, 'A is required'), b: z.number() })
      .safeParse({ a: '' });
    const res = await request(appThatThrows(result.error)).get('/boom');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A is required');
    expect(res.body.errors).toHaveLength(2);
  });

  it('answers a lost database connection with 503', async () => {
    const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(isDatabaseUnavailable(new Error('query failed', { cause: lost }))).toBe(true);
    // A transaction whose connection died between two queries: its rollback fails so.
    const broken = new Error('Client has encountered a connection error and is not queryable');
    expect(isDatabaseUnavailable(new Error('Failed query: rollback', { cause: broken }))).toBe(
      true,
    );
    const res = await request(appThatThrows(lost)).get('/boom');
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/temporarily unavailable/);
  });
});
