import { z } from 'zod';
import { AppError } from './errors';

const UuidSchema = z.uuid();

/**
 * A record id from the URL. A malformed one is answered like an unknown one (404 with the
 * given message) and never reaches the database.
 */
export function existingId(id: string, notFoundMessage: string): string {
  if (!UuidSchema.safeParse(id).success) throw new AppError(404, notFoundMessage);
  return id;
}
