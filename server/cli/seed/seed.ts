import { parseArgs } from 'node:util';
import { ConfigError } from '../../config';
import { DataDirInUseError } from '../../db/data-dir-lock';
import { BUILT_IN_ISSUER } from '../../db/schema';
import { fail, openForCli, type CliContext } from '../open-for-cli';
import { DEMO_CLIENT_PASSWORD, DatabaseHasClientsError, seedDemoData } from './demo-data';

const USAGE = 'Usage: npm run db:seed [-- --force]';

let force = false;
try {
  force = Boolean(parseArgs({ options: { force: { type: 'boolean' } } }).values.force);
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

let cli: CliContext;
try {
  cli = await openForCli();
} catch (error) {
  // The server holds the embedded database, or the settings are wrong: a sentence, no trace
  // (as admin:create says it).
  if (error instanceof ConfigError || error instanceof DataDirInUseError) fail(error.message);
  throw error;
}
try {
  const issuer = cli.config.oidc?.issuerUrl ?? BUILT_IN_ISSUER;
  const result = await seedDemoData(
    { db: cli.database.db, repositories: cli.services.repositories },
    { issuer, force, timeZone: cli.config.billing.timezone },
  );
  console.log(
    `Demo agency ready: ${result.clients} clients, ${result.invoices} invoices, ${result.tickets} tickets, ${result.consultations} consultation requests.`,
  );
  if (result.clients > 0) {
    console.log(
      `Demo clients sign in with their e-mail (e.g. andre.thibodeaux@example.com) and the password ${DEMO_CLIENT_PASSWORD}.`,
    );
  }
} catch (error) {
  if (error instanceof DatabaseHasClientsError) fail(error.message);
  throw error;
} finally {
  await cli.close();
}
