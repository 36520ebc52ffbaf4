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

describe('screen addresses', () => {
  async function addressErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-syntax')
      .map((m) => m.message);
  }

  it('refuses a route path written as a literal in client code', async () => {
    const errors = await addressErrors(
      'client/src/features/tickets/probe.tsx',
      "export const list = '/portal/support';\n" +
        'export const one = (id: string) => `/admin/invoices/${id}`;\n' +
        'export const Back = () => <a href="/admin/clients">Back</a>;\n',
    );
    expect(errors).toEqual(Array(3).fill(expect.stringContaining('with `paths`')));
  });

  it('lets paths.ts build them, tests assert them, and API calls use /api', async () => {
    const literal = "export const list = '/portal/support';\n";
    expect(await addressErrors('client/src/lib/paths.ts', literal)).toEqual([]);
    expect(await addressErrors('client/src/features/tickets/probe.test.tsx', literal)).toEqual([]);
    expect(
      await addressErrors(
        'client/src/features/tickets/probe.ts',
        "export const url = '/api/admin/invoices';\n",
      ),
    ).toEqual([]);
  });
});
