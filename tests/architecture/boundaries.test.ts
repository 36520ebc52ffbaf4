import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of docs/conventions.md are lint rules; these probes prove the rules bite. Each
 * probe is linted as if it were a file at `filePath`, the way an editor would lint it.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

describe('client boundaries', () => {
  it("refuses a feature importing another feature's internals", async () => {
    const errors = await boundaryErrors(
      'client/src/features/invoices/probe.ts',
      "export { TicketCard } from '@/features/tickets/components/ticket-card';\n",
    );
    expect(errors).toEqual([expect.stringContaining('only through its public.ts')]);
  });

  it("allows a feature importing another feature's public file and its own internals", async () => {
    const errors = await boundaryErrors(
      'client/src/features/invoices/probe.ts',
      "export { usePublicSettings } from '@/features/settings/public';\n" +
        "export { InvoiceStatusBadge } from '../components/invoice-status-badge';\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses features, components and lib reaching up into app/', async () => {
    for (const filePath of [
      'client/src/features/tickets/probe.ts',
      'client/src/components/probe.ts',
      'client/src/lib/probe.ts',
    ]) {
      const errors = await boundaryErrors(
        filePath,
        "export { AppRouter } from '@/app/routes/router';\n",
      );
      expect(errors, filePath).toEqual([expect.stringContaining('Only app/ itself imports app/')]);
    }
  });

  it('refuses components/ and lib/ importing a feature', async () => {
    const errors = await boundaryErrors(
      'client/src/components/probe.ts',
      "export { usePublicSettings } from '@/features/settings/public';\n",
    );
    expect(errors).toEqual([expect.stringContaining('know none of them')]);
  });

  it("lets app/ reach a feature's pages and public file, not its components", async () => {
    expect(
      await boundaryErrors(
        'client/src/app/probe.ts',
        "export { AuditPage } from '@/features/audit/pages/audit-page';\n" +
          "export { useAdmin } from '@/features/admin-auth/public';\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'client/src/app/probe.ts',
        "export { TicketCard } from '@/features/tickets/components/ticket-card';\n",
      ),
    ).toEqual([expect.stringContaining('through its pages/ or its public.ts')]);
  });

  it('refuses shared/ importing the client or the server', async () => {
    const errors = await boundaryErrors(
      'shared/probe.ts',
      "export { cn } from '../client/src/lib/utils';\n" +
        "export { AppError } from '../server/lib/errors';\n",
    );
    expect(errors).toHaveLength(2);
  });
});

describe('status writers', () => {
  const RULE = 'lifecycle/status-written-by-lifecycle';
  const statusErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
  };
  const writes =
    "import { eq } from 'drizzle-orm';\n" +
    "import type { Database } from '../../db/client';\n" +
    "import { invoices, subscriptions } from '../../db/schema';\n" +
    'export async function probe(db: Database, id: string, paid: boolean) {\n' +
    "  await db.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, id));\n" +
    '  await db\n' +
    '    .update(invoices)\n' +
    "    .set({ amountPaid: 1, ...(paid ? { status: 'paid' as const } : {}) })\n" +
    '    .where(eq(invoices.id, id));\n' +
    '  await db\n' +
    '    .insert(subscriptions)\n' +
    "    .values({ userId: id, tier: 'starter', status: 'pending' })\n" +
    "    .onConflictDoUpdate({ target: subscriptions.userId, set: { status: 'pending' } });\n" +
    '}\n';

  it('refuses an invoice or subscription status written outside its lifecycle module', async () => {
    for (const filePath of [
      'server/features/payments/probe.ts',
      'server/features/invoices/invoices.repository.ts',
      'server/features/billing/probe.ts',
    ]) {
      const errors = await statusErrors(filePath, writes);
      expect(errors, filePath).toEqual([
        expect.stringContaining('invoices status is written only by'),
        expect.stringContaining('invoices status is written only by'),
        expect.stringContaining('subscriptions status is written only by'),
        expect.stringContaining('subscriptions status is written only by'),
      ]);
    }
  });

  it('lets the lifecycle modules write their status, and others write other columns', async () => {
    expect(await statusErrors('server/features/invoices/invoice-lifecycle.ts', writes)).toEqual([
      expect.stringContaining('subscriptions status'),
      expect.stringContaining('subscriptions status'),
    ]);
    expect(
      await statusErrors('server/features/subscriptions/subscription-lifecycle.ts', writes),
    ).toEqual([
      expect.stringContaining('invoices status'),
      expect.stringContaining('invoices status'),
    ]);
    expect(
      await statusErrors(
        'server/features/payments/probe.ts',
        "import { eq } from 'drizzle-orm';\n" +
          "import type { Database } from '../../db/client';\n" +
          "import { invoices, payments } from '../../db/schema';\n" +
          'export async function probe(db: Database, id: string) {\n' +
          '  await db.update(invoices).set({ remindersSent: 1 }).where(eq(invoices.id, id));\n' +
          "  await db.update(payments).set({ status: 'x' } as never);\n" +
          '}\n',
      ),
    ).toEqual([]);
  });
});
