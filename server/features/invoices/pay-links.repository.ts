import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { PAYABLE_INVOICE_STATUSES } from '@shared/schemas/payments';
import type { Database } from '../../db/client';
import { getOrCreateSecret } from '../../db/secrets';
import { invoices, type InvoiceRow } from '../../db/schema';
import { revokePayLink, storePayLink } from './invoice-lifecycle';

/** An invoice's pay link as stored on it: its version, the hash of its token, its expiry. */
export function createPayLinkRepository(db: Database) {
  return {
    /** Which pay link of the invoice is current (its version), or null when there is no invoice. */
    async payLinkVersion(invoiceId: string): Promise<number | null> {
      const [row] = await db
        .select({ version: invoices.payLinkVersion })
        .from(invoices)
        .where(eq(invoices.id, invoiceId));
      return row?.version ?? null;
    },

    /**
     * The link of `version` is handed out (again): its hash is stored and it works until
     * `expiresAt`. False when a revoke moved the version on meanwhile (the link is worthless).
     */
    storePayLink: (
      invoiceId: string,
      version: number,
      hash: string,
      expiresAt: Date,
    ): Promise<boolean> => storePayLink(db, invoiceId, { version, hash, expiresAt }),

    /**
     * The invoice's pay link stops working: the next one handed out is another. The invoice
     * as it is now, or null when there is none.
     */
    revokePayLink: (invoiceId: string): Promise<InvoiceRow | null> => revokePayLink(db, invoiceId),

    /** The invoice a pay link's token hash opens: sent, overdue or paid ones only. */
    async findInvoiceByPayTokenHash(hash: string): Promise<InvoiceRow | null> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(
          and(
            eq(invoices.payTokenHash, hash),
            inArray(invoices.status, [...PAYABLE_INVOICE_STATUSES, 'paid']),
          ),
        );
      return row ?? null;
    },

    /** The key pay-link tokens are derived with: made once, kept with the other secrets. */
    payLinkKey: () =>
      getOrCreateSecret(db, 'pay-link-key', () => crypto.randomBytes(32).toString('hex')),
  };
}
export type PayLinkRepository = ReturnType<typeof createPayLinkRepository>;
