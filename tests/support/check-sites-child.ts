// Checks the sites given as JSON in argv[2] and prints the results as JSON: the site-checker
// tests run it as a process of its own, because Node reads NODE_EXTRA_CA_CERTS only at start.
import { createSiteChecker } from '../../server/features/sites/site-checker';
import type { SiteToCheck } from '../../server/features/sites/site-check';

const sites = JSON.parse(process.argv[2]!) as SiteToCheck[];
const checkSite = createSiteChecker({
  policy: { allowLoopback: true },
  timeoutMs: 10_000,
  userAgent: 'site-checks-test',
});
const results = [];
for (const site of sites) results.push(await checkSite(site));
await checkSite.close();
process.stdout.write(JSON.stringify(results));
