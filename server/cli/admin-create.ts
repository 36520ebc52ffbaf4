import { parseArgs } from 'node:util';
import { AdminSetupSchema } from '@shared/schemas/auth';
import { ConfigError } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { AppError } from '../lib/errors';
import { fail, openForCli } from './open-for-cli';

const USAGE =
  'Usage: npm run admin:create -- --email owner@example.com --password "<8 to 72 bytes>" [--first-name Ann] [--last-name Lee]';

let values;
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

const parsed = AdminSetupSchema.safeParse({
  email: values.email,
  password: values.password,
  firstName: values['first-name'],
  lastName: values['last-name'],
});
if (!parsed.success) fail(`${parsed.error.issues[0]?.message ?? 'Invalid input'}\n${USAGE}`);

try {
  const cli = await openForCli();
  try {
    const admin = await cli.services.adminAuth.create(parsed.data, 'command-line');
    console.log(`Admin ${admin.email} created. Sign in at /admin/login.`);
  } finally {
    await cli.close();
  }
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof AppError
  ) {
    fail(error.message);
  }
  throw error;
}
