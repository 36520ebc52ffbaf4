import type { Logger } from 'pino';
import { AppError } from '../../lib/errors';
import type { AdminAuthService } from './admin-auth.service';

/**
 * On a start with no admin: ADMIN_EMAIL + ADMIN_PASSWORD create the first one; otherwise
 * one log line says how to create one.
 */
export async function ensureInitialAdmin(
  service: AdminAuthService,
  initial: { email: string; password: string } | undefined,
  logger: Logger,
): Promise<void> {
  if ((await service.count()) > 0) return;
  if (!initial) {
    logger.warn(
      'No admin account yet. Create one with `npm run admin:create -- --email you@example.com --password "<8+ characters>"` ' +
        '(stop the server first when using the embedded database), or set ADMIN_EMAIL and ADMIN_PASSWORD and restart.',
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
