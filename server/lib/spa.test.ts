import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import type { Logger } from 'pino';
import { DEFAULT_SETTINGS, PUBLIC_SETTINGS_ELEMENT_ID } from '@shared/constants';
import { spaRoutes } from './spa';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>',
);

afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

function settingsIn(html: string): unknown {
  const match = new RegExp(
    `<script id="${PUBLIC_SETTINGS_ELEMENT_ID}" type="application/json"[^>]*>(.*?)</script>`,
  ).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe('the pages the server hands out', () => {
  it('carry the public settings as data that cannot close its element', async () => {
    const settings = {
      businessName: 'Bayou </script><script>alert(1)</script> $& Co',
      businessEmail: 'hi@bayou.example',
      businessLocation: 'Lafayette, LA',
      businessPhone: '',
      businessWebsite: '',
      timeZone: 'America/Chicago',
    };
    const app = express().use(spaRoutes(distDir, 'http://localhost:5000', async () => settings));
    const res = await request(app).get('/portal/support').expect(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text.match(/<\/script>/g)).toHaveLength(1);
    expect(settingsIn(res.text)).toEqual(settings);
    // The business time zone on its own, for the screens' date formatter.
    expect(res.text).toContain(
      `<script id="${PUBLIC_SETTINGS_ELEMENT_ID}" type="application/json" data-time-zone="America/Chicago">`,
    );
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('write the settings as they are at each request', async () => {
    let businessName = 'Before';
    const app = express().use(
      spaRoutes(distDir, 'http://localhost:5000', async () => ({
        businessName,
        businessEmail: 'hi@bayou.example',
        businessLocation: 'Lafayette, LA',
        businessPhone: '',
        businessWebsite: '',
        timeZone: 'America/Chicago',
      })),
    );
    expect(settingsIn((await request(app).get('/admin/login')).text)).toMatchObject({
      businessName: 'Before',
    });
    businessName = 'After';
    expect(settingsIn((await request(app).get('/admin/login')).text)).toMatchObject({
      businessName: 'After',
    });
  });

  it('serve "/" as the shell when the landing page cannot be rendered for the settings', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-landing-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'index.html'),
        '<html><head></head><body><div id="root"></div></body></html>',
      );
      fs.writeFileSync(
        path.join(dir, 'landing.html'),
        '<html><head></head><body><div id="root"><main>Defaults</main></div></body></html>',
      );
      const settings = {
        ...DEFAULT_SETTINGS,
        businessName: 'Bayou Web Works',
      };
      const errors: unknown[] = [];
      const logger = { error: (value: unknown) => errors.push(value) } as unknown as Logger;
      const failing = express().use(
        spaRoutes(dir, 'http://localhost:5000', async () => settings, {
          renderLanding: async () => {
            throw new Error('no renderer');
          },
          logger,
        }),
      );
      // Never the defaults' HTML under other settings: hydration would not match it.
      const res = await request(failing).get('/').expect(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).not.toContain('Defaults');
      await request(failing).get('/').expect(200);
      expect(errors).toHaveLength(1);

      const defaults = express().use(
        spaRoutes(dir, 'http://localhost:5000', async () => ({ ...DEFAULT_SETTINGS })),
      );
      expect((await request(defaults).get('/').expect(200)).text).toContain(
        '<div id="root"><main>Defaults</main></div>',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
