import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { allowFormActionTo } from './csp-form-action';

const POLICY = "default-src 'self';form-action 'self';frame-ancestors 'none'";

async function policyAfter(origin: string, policy: string | null = POLICY) {
  const app = express();
  app.get('/', (_req, res) => {
    if (policy !== null) res.setHeader('Content-Security-Policy', policy);
    allowFormActionTo(res, origin);
    res.end();
  });
  return (await request(app).get('/')).headers['content-security-policy'];
}

describe('allowFormActionTo', () => {
  it('adds the origin to form-action only', async () => {
    expect(await policyAfter('https://id.example.com:8443')).toBe(
      "default-src 'self';form-action 'self' https://id.example.com:8443;frame-ancestors 'none'",
    );
    expect(await policyAfter('http://[::1]:4000')).toBe(
      "default-src 'self';form-action 'self' http://[::1]:4000;frame-ancestors 'none'",
    );
  });

  it('writes nothing that is not a plain http(s) origin', async () => {
    for (const origin of [
      'https://id.example.com;script-src *',
      'https://a,b.example.com',
      'https://id.example.com/session/end',
      "'unsafe-inline'",
      '*',
      'javascript:alert(1)',
      'https://id.example.com *',
    ]) {
      expect(await policyAfter(origin), origin).toBe(POLICY);
    }
  });

  it('sets no policy where there was none', async () => {
    expect(await policyAfter('https://id.example.com', null)).toBeUndefined();
  });
});
