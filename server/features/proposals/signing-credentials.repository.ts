import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { getOrCreateSecret } from '../../db/secrets';
import { secrets } from '../../db/schema';

/** The agreements' signing key and certificate as kept with the other secrets. */
export interface StoredSigningCredentials {
  /** The PKCS#12 bundle, base64. */
  p12: string;
  passphrase: string;
  /** The certificate's subject (the agency's name when it was made). */
  name: string;
}

const SECRET_NAME = 'proposal-signing-p12';

export function createSigningCredentialsRepository(db: Database) {
  return {
    /** The stored credentials, or null before the first agreement made them. */
    async find(): Promise<StoredSigningCredentials | null> {
      const [row] = await db
        .select({ value: secrets.value })
        .from(secrets)
        .where(eq(secrets.name, SECRET_NAME));
      return (row?.value as StoredSigningCredentials | undefined) ?? null;
    },

    /**
     * Keeps `made` unless another process kept its own first: the stored ones, either way, so
     * every process signs with the same certificate.
     */
    keep: (made: StoredSigningCredentials): Promise<StoredSigningCredentials> =>
      getOrCreateSecret(db, SECRET_NAME, () => made),
  };
}
export type SigningCredentialsRepository = ReturnType<typeof createSigningCredentialsRepository>;
