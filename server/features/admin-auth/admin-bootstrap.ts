import type { Logger } from 'pino';
import { AppError } from '../../lib/errors';
import type { AdminAuthService } from './admin-auth.service';

const RULE = '='.repeat(72);

/**
 * The setup link as the terminal shows it once the server listens: last, alone on its line
 * (copied whole, however long), between two rules, so it stands out below the build's output.
 */
export function setupLinkNotice(url: string): string {
  return [
    '',
    RULE,
    'No admin account yet. Open this link to create the first one:',
    '',
    `  ${url}`,
    '',
    'It works once, for 24 hours; a restart prints a new one.',
    'Or set ADMIN_EMAIL and ADMIN_PASSWORD and restart, or run `npm run admin:create`.',
    RULE,
    '',
    '',
  ].join('\n');
}

/**
 * On a start with no admin: ADMIN_EMAIL + ADMIN_PASSWORD create the first one; otherwise the
 * log shows a one-time link to the setup page, which creates it in the browser. Returns that
 * link's notice (setupLinkNotice) for the caller to print once it listens, else undefined.
 */
export async function ensureInitialAdmin(
  service: AdminAuthService,
  initial: { email: string; password: string } | undefined,
  logger: Logger,
): Promise<string | undefined> {
  if ((await service.count()) > 0) return undefined;
  if (!initial) {
    const link = await service.newSetupLink();
    if (!link) return undefined;
    logger.warn(
      { setupUrl: link.url, expiresAt: link.expiresAt.toISOString() },
      `No admin account yet. Open ${link.url} to create the first one (the link works once, for 24 hours; ` +
        'a restart prints a new one). Or set ADMIN_EMAIL and ADMIN_PASSWORD and restart, or use `npm run admin:create`.',
    );
    return setupLinkNotice(link.url);
  }
  try {
    const admin = await service.create(
      { email: initial.email, password: initial.password },
      'environment',
    );
    logger.info({ email: admin.email }, 'created the first admin from ADMIN_EMAIL');
  } catch (error) {
    // Instances starting together on one database: another one created it a moment ago.
    if (error instanceof AppError && error.status === 409) return undefined;
    throw error;
  }
  return undefined;
}
