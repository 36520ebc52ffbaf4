import type { Logger } from 'pino';
import { AppError } from '../../lib/errors';
import type { AdminAuthService } from './admin-auth.service';

/**
 * On a start with no admin: ADMIN_EMAIL + ADMIN_PASSWORD create the first one; otherwise the
 * log shows a one-time link to the setup page, which creates it in the browser.
 */
export async function ensureInitialAdmin(
  service: AdminAuthService,
  initial: { email: string; password: string } | undefined,
  logger: Logger,
): Promise<void> {
  if ((await service.count()) > 0) return;
  if (!initial) {
    const link = await service.newSetupLink();
    if (!link) return;
    logger.warn(
      { setupUrl: link.url, expiresAt: link.expiresAt.toISOString() },
      `No admin account yet. Open ${link.url} to create the first one (the link works once, for 24 hours; ` +
        'a restart prints a new one). Or set ADMIN_EMAIL and ADMIN_PASSWORD and restart, or use `npm run admin:create`.',
    );
    return;
  }
  try {
    const admin = await service.create(
      { email: initial.email, password: initial.password },
      'environment',
    );
    logger.info({ email: admin.email }, 'created the first admin from ADMIN_EMAIL');
  } catch (error) {
    // Instances starting together on one database: another one created it a moment ago.
    if (error instanceof AppError && error.status === 409) return;
    throw error;
  }
}
