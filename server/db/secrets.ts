import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { secrets } from './schema';

/**
 * A value generated on first start and kept in the database, so every instance and every
 * restart agrees on it (session secret, signing keys). The first writer wins.
 */
export async function getOrCreateSecret<T>(
  db: Database,
  name: string,
  create: () => T,
): Promise<T> {
  const [existing] = await db.select().from(secrets).where(eq(secrets.name, name));
  if (existing) return existing.value as T;
  await db.insert(secrets).values({ name, value: create() }).onConflictDoNothing();
  const [stored] = await db.select().from(secrets).where(eq(secrets.name, name));
  if (!stored) throw new Error(`Secret ${name} could not be stored`);
  return stored.value as T;
}
