// Overpass and 150 small business websites on loopback, for the browser tests of the
// marketing tool: `tsx tests/support/lead-stand-ins.ts PORT` (Overpass answers on PORT).
import { findCity } from '@shared/places';
import { osmBusinesses, startFakeOverpass } from './fake-overpass';
import { startFakeWebsites } from './fake-websites';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: lead-stand-ins.ts PORT');
const batonRouge = findCity('Baton Rouge', 'Louisiana')!;
const websites = await startFakeWebsites({ latencyMs: 20 });
const overpass = await startFakeOverpass({
  elements: osmBusinesses({
    ...batonRouge,
    count: 600,
    spanDegrees: 0.25,
    websiteBase: websites.origin,
    websites: 150,
  }),
  latencyMs: 30,
  port,
});
console.warn(`Overpass stand-in at ${overpass.url}, websites at ${websites.origin}`);
const stop = () =>
  void Promise.all([overpass.close(), websites.close()]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
