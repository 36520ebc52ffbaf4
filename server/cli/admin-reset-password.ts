import { parseArgs } from 'node:util';
import { AdminForgotPasswordSchema } from '@shared/schemas/admin-accounts';
import { ConfigError } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { AppError } from '../lib/errors';
import { fail, openForCli } from './open-for-cli';

const USAGE = 'Usage: npm run admin:reset-password -- --email owner@example.com';

let values;
try {
  ({ values } = parseArgs({ options: { email: { type: 'string' } } }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

const parsed = AdminForgotPasswordSchema.safeParse({ email: values.email });
if (!parsed.success) fail(`${parsed.error.issues[0]?.message ?? 'Invalid input'}\n${USAGE}`);

// A printed link rather than a prompt: it needs no working mail and no terminal input, and
// the password is typed in the browser, never into a shell's history.
try {
  const cli = await openForCli();
  try {
    const { url, expiresAt } = await cli.services.adminAuth.passwordResetLink(parsed.data.email);
    console.log(
      `Open this link to set a new password for ${parsed.data.email} (it works once, until ${expiresAt.toISOString()}):\n${url}\n` +
        'Setting the password signs out every session of this admin; two-factor authentication, when on, is still asked.',
    );
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
