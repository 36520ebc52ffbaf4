import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { featureTierZones } from '../../eslint-rules/client-feature-tiers.js';

/**
 * The boundaries of docs/conventions.md are lint rules; these probes prove the rules bite. Each
 * probe is linted as if it were a file at `filePath`, the way an editor would lint it.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function lintErrors(filePath: string, code: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const boundaryErrors = (filePath: string, code: string) =>
  lintErrors(filePath, code, 'import-x/no-restricted-paths');
const databaseErrors = (filePath: string, code: string) =>
  lintErrors(filePath, code, 'no-restricted-imports');
const sharedAliasErrors = (filePath: string, code: string) =>
  lintErrors(filePath, code, 'no-restricted-syntax');

/**
 * A cycle needs its files on disk, where the rule follows the imports: the probe writes them
 * under `dir` with unique names, lints the first, and removes them.
 */
async function cycleErrors(
  dir: string,
  write: (names: { a: string; b: string }) => { a: string; b: string },
): Promise<string[]> {
  const tag = crypto.randomBytes(4).toString('hex');
  const names = { a: `cycle-probe-${tag}-a`, b: `cycle-probe-${tag}-b` };
  const files = write(names);
  const aPath = path.join(dir, `${names.a}.ts`);
  const bPath = path.join(dir, `${names.b}.ts`);
  try {
    fs.writeFileSync(aPath, files.a);
    fs.writeFileSync(bPath, files.b);
    return await lintErrors(aPath, files.a, 'import-x/no-cycle');
  } finally {
    fs.rmSync(aPath, { force: true });
    fs.rmSync(bPath, { force: true });
  }
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

  it('refuses a feature the public file of a feature of its own tier or above', async () => {
    // The four two-way pairs the client once had, each the way that is now refused, and two
    // features of one tier.
    for (const [feature, code] of [
      ['clients', "export { InvoiceStatusBadge } from '@/features/invoices/public';\n"],
      ['dashboard', "export { InvoiceStatusBadge } from '@/features/invoices/public';\n"],
      ['settings', "export { LegalPagesCard } from '@/features/legal/public';\n"],
      ['settings', "export { useAdmin } from '@/features/admin-auth/public';\n"],
      ['settings', "export { UpdatesMeterLine } from '@/features/updates/public';\n"],
    ] as const) {
      const errors = await boundaryErrors(`client/src/features/${feature}/probe.ts`, code);
      expect(errors, `${feature}: ${code}`).toEqual([
        expect.stringContaining(`${feature} is in tier`),
      ]);
    }
  });

  it('allows a feature the public file of a lower tier, and app/pages/ every feature', async () => {
    for (const [feature, code] of [
      ['invoices', "export { ClientPicker } from '@/features/clients/public';\n"],
      ['invoices', "export { useSetupChecklist } from '@/features/dashboard/public';\n"],
      ['legal', "export { usePublicSettings } from '@/features/settings/public';\n"],
      ['admin-auth', "export { usePublicSettings } from '@/features/settings/public';\n"],
    ] as const) {
      const errors = await boundaryErrors(`client/src/features/${feature}/probe.ts`, code);
      expect(errors, `${feature}: ${code}`).toEqual([]);
    }
    expect(
      await boundaryErrors(
        'client/src/app/pages/probe.ts',
        "export { ClientPicker } from '@/features/clients/public';\n" +
          "export { InvoiceStatusBadge } from '@/features/invoices/public';\n" +
          "export { LegalPagesCard } from '@/features/legal/public';\n" +
          "export { useAdmin } from '@/features/admin-auth/public';\n",
      ),
    ).toEqual([]);
  });

  it('stops lint until every feature folder has exactly one tier', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feature-tiers-'));
    try {
      for (const folder of ['settings', 'invoices']) fs.mkdirSync(path.join(dir, folder));
      expect(featureTierZones(dir, [['settings'], ['invoices']])).toHaveLength(1);
      expect(() => featureTierZones(dir, [['settings']])).toThrow(
        'give the client feature invoices a tier',
      );
      expect(() => featureTierZones(dir, [['settings'], ['invoices', 'gone']])).toThrow(
        'no folder gone',
      );
      expect(() => featureTierZones(dir, [['settings', 'invoices'], ['invoices']])).toThrow(
        'invoices is in two tiers',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
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

describe('server boundaries', () => {
  it("refuses the mail feature any other feature's module, even its public ones", async () => {
    for (const code of [
      "import { ticketEmails } from '../tickets/tickets.emails';\n",
      "import type { InvoiceService } from '../invoices/invoices.service';\n",
    ]) {
      const errors = await boundaryErrors('server/features/mail/probe.ts', code);
      expect(errors, code).toContainEqual(
        expect.stringContaining('The mail feature imports no other feature'),
      );
    }
    expect(
      await boundaryErrors(
        'server/features/mail/probe.ts',
        "import { createSend } from './send';\n",
      ),
    ).toEqual([]);
  });

  it("refuses a feature importing another feature's repository or other internals", async () => {
    for (const code of [
      "import { createTicketRepository } from '../tickets/tickets.repository';\n",
      "import type { TicketRepository } from '../tickets/tickets.repository';\n",
      "export { accountIdentifier } from '../leads/scoring';\n",
      "const routes = await import('../tickets/tickets.routes');\nexport { routes };\n",
    ]) {
      const errors = await boundaryErrors('server/features/clients/probe.ts', code);
      expect(errors, code).toEqual([expect.stringContaining('only through its <name>.service.ts')]);
    }
  });

  it("allows a feature importing another feature's service and its own files", async () => {
    const errors = await boundaryErrors(
      'server/features/clients/probe.ts',
      "import type { TicketService } from '../tickets/tickets.service';\n" +
        "import { createClientRepository } from './clients.repository';\n" +
        'export type { TicketService };\nexport { createClientRepository };\n',
    );
    expect(errors).toEqual([]);
  });

  it('refuses server/lib importing a feature, even its service', async () => {
    for (const code of [
      "import type { TicketService } from '../features/tickets/tickets.service';\n",
      "export { createTicketRepository } from '../features/tickets/tickets.repository';\n",
    ]) {
      const errors = await boundaryErrors('server/lib/probe.ts', code);
      expect(errors, code).toEqual([expect.stringContaining('never imports one')]);
    }
  });

  it('refuses server/db importing a feature', async () => {
    const errors = await boundaryErrors(
      'server/db/probe.ts',
      "export { createTicketService } from '../features/tickets/tickets.service';\n",
    );
    expect(errors).toEqual([expect.stringContaining('features depend on the database layer')]);
  });

  it('refuses features, lib and db importing the composition root or an entry point', async () => {
    for (const [filePath, code] of [
      ['server/features/tickets/probe.ts', "import type { Services } from '../../services';\n"],
      ['server/lib/probe.ts', "export { createApp } from '../app';\n"],
      ['server/db/probe.ts', "export { openForCli } from '../cli/open-for-cli';\n"],
    ] as const) {
      const errors = await boundaryErrors(filePath, code);
      expect(errors, filePath).toEqual([expect.stringContaining('below the composition roots')]);
    }
  });
});

describe('only repositories touch the database', () => {
  it('refuses the database client in any other server file, whatever it is called', async () => {
    for (const filePath of [
      'server/features/tickets/tickets.service.ts',
      'server/features/tickets/tickets.routes.ts',
      'server/features/tickets/ticket-export.ts',
      'server/lib/probe.ts',
      'server/lib/probe.repository.ts',
      'server/app.ts',
    ]) {
      for (const code of [
        "import { openDatabase } from '../../db/client';\nexport { openDatabase };\n",
        "import type { Database } from '../../db/client';\nexport type { Database };\n",
        "export type { DatabaseHandle } from '../db/client.ts';\n",
      ]) {
        const errors = await databaseErrors(filePath, code);
        expect(errors, `${filePath}: ${code}`).toEqual([
          expect.stringContaining('hold the database client'),
        ]);
      }
    }
  });

  it("refuses drizzle's query builders, the tables and the query helpers outside repositories", async () => {
    for (const code of [
      "import { eq } from 'drizzle-orm';\nexport { eq };\n",
      "export { drizzle } from 'drizzle-orm/pglite';\n",
      "import { tickets } from '../../db/schema';\nexport { tickets };\n",
      "export { onPage } from '../../db/paging';\n",
      "export * from '../../db/secrets';\n",
    ]) {
      const errors = await databaseErrors('server/features/tickets/ticket-export.ts', code);
      expect(errors, code).toEqual([expect.stringContaining('query the database')]);
    }
  });

  it('allows row types everywhere, and everything in a repository under features', async () => {
    expect(
      await databaseErrors(
        'server/features/tickets/tickets.service.ts',
        "import type { TicketRow } from '../../db/schema';\n" +
          "import type { SQL } from 'drizzle-orm';\nexport type { TicketRow, SQL };\n",
      ),
    ).toEqual([]);
    expect(
      await databaseErrors(
        'server/features/tickets/tickets.repository.ts',
        "import { eq } from 'drizzle-orm';\nimport type { Database } from '../../db/client';\n" +
          "import { tickets } from '../../db/schema';\nexport { eq, tickets };\n" +
          'export type { Database };\n',
      ),
    ).toEqual([]);
  });
});

describe('shared code is imported by its alias', () => {
  it('refuses a relative import or re-export of shared/ on every side', async () => {
    for (const [filePath, code] of [
      [
        'client/src/features/invoices/probe.ts',
        "import { DEFAULT_PLANS } from '../../../../shared/plans';\n",
      ],
      ['client/src/lib/probe.ts', "export { DEFAULT_PLANS } from '../../../shared/plans';\n"],
      ['server/features/invoices/probe.ts', "export * from '../../../shared/plans';\n"],
      ['server/lib/probe.ts', "export type { Plan } from '../../shared/plans';\n"],
      ['tests/probe.ts', "const plans = await import('../shared/plans');\nexport { plans };\n"],
    ] as const) {
      const errors = await sharedAliasErrors(filePath, code);
      expect(errors, filePath).toEqual([expect.stringContaining('as @shared/')]);
    }
  });

  it("refuses a relative import of the tests' support outside tests/", async () => {
    for (const [filePath, code] of [
      [
        'server/features/invoices/probe.test.ts',
        "import { createClient } from '../../../tests/factories';\nexport { createClient };\n",
      ],
      [
        'client/src/features/tickets/probe.test.tsx',
        "export { renderWithApp } from '../../../../tests/support/render-app';\n",
      ],
    ] as const) {
      const errors = await sharedAliasErrors(filePath, code);
      expect(errors, filePath).toEqual([expect.stringContaining('as @tests/')]);
    }
    expect(
      await sharedAliasErrors(
        'server/features/invoices/probe.test.ts',
        "export { createClient } from '@tests/factories';\n",
      ),
    ).toEqual([]);
  });

  it('allows the alias', async () => {
    const errors = await sharedAliasErrors(
      'client/src/lib/probe.ts',
      "export { DEFAULT_PLANS } from '@shared/plans';\n",
    );
    expect(errors).toEqual([]);
  });
});

describe('no dependency cycles', () => {
  it('refuses a two-file cycle of TypeScript modules', async () => {
    const errors = await cycleErrors('server/lib', ({ a, b }) => ({
      a: `import { b } from './${b}';\nexport const a = (): number => b() + 1;\n`,
      b: `import { a } from './${a}';\nexport const b = (): number => a();\n`,
    }));
    expect(errors).toEqual([expect.stringContaining('Dependency cycle')]);
  });

  it('follows the @/ alias of the client', async () => {
    const errors = await cycleErrors('client/src/lib', ({ a, b }) => ({
      a: `import { b } from '@/lib/${b}';\nexport const a = (): number => b() + 1;\n`,
      b: `import { a } from '@/lib/${a}';\nexport const b = (): number => a();\n`,
    }));
    expect(errors).toEqual([expect.stringContaining('Dependency cycle')]);
  });

  it('allows the same two files importing one way only', async () => {
    const errors = await cycleErrors('server/lib', ({ b }) => ({
      a: `import { b } from './${b}';\nexport const a = (): number => b() + 1;\n`,
      b: `export const b = (): number => 1;\n`,
    }));
    expect(errors).toEqual([]);
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

describe('one zod in the browser', () => {
  async function zodErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-imports')
      .map((m) => m.message);
  }

  it('refuses zod itself in the client and in shared code', async () => {
    for (const filePath of ['client/src/features/tickets/probe.ts', 'shared/schemas/probe.ts']) {
      const errors = await zodErrors(
        filePath,
        "import { z } from 'zod';\nexport const s = z.string();\n",
      );
      expect(errors, filePath).toEqual([expect.stringContaining("from '@shared/zod'")]);
    }
  });

  it('allows @shared/zod, zod types, and zod itself on the server', async () => {
    expect(
      await zodErrors(
        'client/src/features/tickets/probe.ts',
        "import { z } from '@shared/zod';\nimport type { ZodType } from 'zod';\n" +
          'export const s: ZodType = z.string();\n',
      ),
    ).toEqual([]);
    expect(
      await zodErrors(
        'server/lib/probe.ts',
        "import { z } from 'zod';\nexport const s = z.string();\n",
      ),
    ).toEqual([]);
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
    "import { subscriptions, tickets } from '../../db/schema';\n" +
    'export async function probe(db: Database, id: string, open: boolean) {\n' +
    "  await db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, id));\n" +
    '  await db\n' +
    '    .update(tickets)\n' +
    "    .set({ updatedAt: new Date(), ...(open ? { status: 'open' as const } : {}) })\n" +
    '    .where(eq(tickets.id, id));\n' +
    '  await db\n' +
    '    .insert(subscriptions)\n' +
    "    .values({ userId: id, tier: 'starter', status: 'pending' })\n" +
    "    .onConflictDoUpdate({ target: subscriptions.userId, set: { status: 'pending' } });\n" +
    '}\n';

  /** The same writes as the table rule sees them: subscriptions are guarded whole. */
  const tableErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'lifecycle/table-written-by-lifecycle')
      .map((m) => m.message);
  };

  it('refuses a ticket status or any subscriptions write outside its lifecycle module', async () => {
    for (const filePath of [
      'server/features/payments/probe.ts',
      'server/features/tickets/tickets.repository.ts',
      'server/features/billing/probe.ts',
    ]) {
      expect(await statusErrors(filePath, writes), filePath).toEqual([
        expect.stringContaining('tickets status is written only by'),
        expect.stringContaining('tickets status is written only by'),
      ]);
      expect(await tableErrors(filePath, writes), filePath).toEqual([
        expect.stringContaining('subscriptions table is written (insert, update, delete) only by'),
      ]);
    }
  });

  it('lets the lifecycle modules write their status, and others write other columns', async () => {
    expect(await statusErrors('server/features/tickets/ticket-lifecycle.ts', writes)).toEqual([]);
    expect(await tableErrors('server/features/tickets/ticket-lifecycle.ts', writes)).toEqual([
      expect.stringContaining('subscriptions table'),
    ]);
    expect(
      await statusErrors('server/features/subscriptions/subscription-lifecycle.ts', writes),
    ).toEqual([
      expect.stringContaining('tickets status'),
      expect.stringContaining('tickets status'),
    ]);
    expect(
      await tableErrors('server/features/subscriptions/subscription-lifecycle.ts', writes),
    ).toEqual([]);
    expect(
      await statusErrors(
        'server/features/tickets/probe.ts',
        "import { eq } from 'drizzle-orm';\n" +
          "import type { Database } from '../../db/client';\n" +
          "import { tickets } from '../../db/schema';\n" +
          'export async function probe(db: Database, id: string) {\n' +
          '  await db.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, id));\n' +
          '}\n',
      ),
    ).toEqual([]);
  });
});

describe('environment variables are read by config.ts', () => {
  const RULE = 'conventions/env-read-by-config';
  const reads = [
    'export const port = process.env.PORT;\n',
    "export const port = process['env'].PORT;\n",
    'const { env } = process;\nexport const port = env.PORT;\n',
    'export const port = globalThis.process.env.PORT;\n',
    "import { env } from 'node:process';\nexport const port = env.PORT;\n",
    "import proc from 'node:process';\nexport const port = proc.env.PORT;\n",
  ];

  it('refuses process.env in server code, the client and shared code', async () => {
    for (const filePath of [
      'server/features/tickets/tickets.service.ts',
      'server/lib/probe.ts',
      'server/index.ts',
      'client/src/lib/probe.ts',
      'shared/probe.ts',
    ]) {
      for (const code of reads) {
        const errors = await lintErrors(filePath, code, RULE);
        expect(errors, `${filePath}: ${code}`).toEqual([
          expect.stringContaining('Only server/config.ts reads process.env'),
        ]);
      }
    }
  });

  it('lets config.ts, tests and the tools around the app read it', async () => {
    for (const filePath of [
      'server/config.ts',
      'server/features/tickets/probe.test.ts',
      'tests/support/probe.ts',
      'scripts/probe.mjs',
      'bench/probe.ts',
      'playwright.config.ts',
    ]) {
      expect(await lintErrors(filePath, reads[0]!, RULE), filePath).toEqual([]);
    }
    expect(
      await lintErrors(
        'server/lib/probe.ts',
        'export const envOf = (process: { env: string }) => process.env;\n',
        RULE,
      ),
    ).toEqual([]);
  });
});

describe('express stays at the HTTP edge', () => {
  const RULE = 'conventions/express-at-the-edge';
  const uses = [
    "import type { Request } from 'express';\nexport type R = Request;\n",
    "import { Router } from 'express';\nexport const router = Router();\n",
    "export type { RequestHandler } from 'express';\n",
    "export type Handler = import('express').RequestHandler;\n",
    "import type { Response } from 'express-serve-static-core';\nexport type R = Response;\n",
    'export const userOf = (req: Express.Request) => req.user;\n',
  ];

  it('refuses express and its types in services, repositories, lib and shared code', async () => {
    for (const filePath of [
      'server/features/tickets/tickets.service.ts',
      'server/features/tickets/tickets.repository.ts',
      'server/features/auth/relying-party.ts',
      'server/lib/probe.ts',
      'server/services.ts',
      'shared/probe.ts',
    ]) {
      for (const code of uses) {
        const errors = await lintErrors(filePath, code, RULE);
        expect(errors, `${filePath}: ${code}`).toEqual([
          expect.stringContaining('belongs in *.routes.ts and the middleware'),
        ]);
      }
    }
  });

  it('lets the routes, the app, its middleware and tests use it', async () => {
    for (const filePath of [
      'server/features/tickets/tickets.routes.ts',
      'server/features/settings/legal-pages.routes.ts',
      'server/app.ts',
      'server/lib/errors.ts',
      'server/lib/session.ts',
      'server/lib/csrf.ts',
      'server/lib/auth-guards.ts',
      'server/lib/rate-limit.ts',
      'server/lib/multipart.ts',
      'server/lib/validate.ts',
      'server/lib/csp-form-action.ts',
      'server/lib/spa.ts',
      'server/lib/probe.test.ts',
      'tests/support/probe.ts',
    ]) {
      for (const code of uses) {
        expect(await lintErrors(filePath, code, RULE), `${filePath}: ${code}`).toEqual([]);
      }
    }
  });
});

describe("dates are written by the date helpers, not date-fns' format", () => {
  const RULE = 'conventions/dates-by-the-date-helpers';
  const formats = [
    "import { format } from 'date-fns';\nexport const day = format(new Date(), 'PP');\n",
    "import { format as fmt } from 'date-fns';\nexport const day = fmt(new Date(), 'PP');\n",
    "import format from 'date-fns/format';\nexport const day = format(new Date(), 'PP');\n",
    "export { format } from 'date-fns';\n",
    "import * as dates from 'date-fns';\nexport const day = dates.format(new Date(), 'PP');\n",
    "export const load = () => import('date-fns/format');\n",
  ];

  it('refuses format outside the date helpers, tests included', async () => {
    for (const filePath of [
      'client/src/features/invoices/components/probe.tsx',
      'client/src/lib/probe.ts',
      'server/features/reports/probe.ts',
      'shared/probe.ts',
      'tests/e2e/probe.spec.ts',
    ]) {
      for (const code of formats) {
        const errors = await lintErrors(filePath, code, RULE);
        expect(errors, `${filePath}: ${code}`).toEqual([
          expect.stringContaining('Write dates with shared/dates.ts'),
        ]);
      }
    }
  });

  it("lets the date helpers use it, and anyone date-fns' arithmetic", async () => {
    for (const filePath of ['shared/dates.ts', 'client/src/lib/dates.ts', 'server/lib/format.ts']) {
      for (const code of formats) {
        expect(await lintErrors(filePath, code, RULE), `${filePath}: ${code}`).toEqual([]);
      }
    }
    expect(
      await lintErrors(
        'server/features/billing/probe.ts',
        "import { addDays, formatDistance } from 'date-fns';\nexport { addDays, formatDistance };\n",
        RULE,
      ),
    ).toEqual([]);
  });
});

describe('named exports only', () => {
  const RULE = 'import-x/no-default-export';
  const defaultExport = 'const config = { name: 1 };\nexport default config;\n';

  it('refuses a default export on every side', async () => {
    for (const filePath of [
      'client/src/features/tickets/pages/probe.tsx',
      'server/features/tickets/probe.ts',
      'shared/probe.ts',
      'tests/support/probe.ts',
      'scripts/probe.mjs',
      'bench/probe.ts',
      'probe.config.ts',
    ]) {
      expect(await lintErrors(filePath, defaultExport, RULE), filePath).toEqual([
        expect.stringContaining('Prefer named exports'),
      ]);
    }
    expect(
      await lintErrors(
        'tests/probe.d.ts',
        "declare module 'untyped' {\n  const value: number;\n  export default value;\n}\n",
        RULE,
      ),
    ).toHaveLength(1);
  });

  it('lets the tools that load a default export have one', async () => {
    for (const filePath of [
      'eslint.config.js',
      'vite.config.ts',
      'playwright.config.ts',
      'drizzle.config.ts',
      'tailwind.config.ts',
      'postcss.config.js',
      'tests/support/database-template.ts',
      'tests/support/untyped.d.ts',
    ]) {
      expect(await lintErrors(filePath, defaultExport, RULE), filePath).toEqual([]);
    }
  });
});

describe('eslint run from a subfolder', () => {
  it('answers from server/ as it does from the root', { timeout: 180_000 }, async () => {
    const code =
      "import express from 'express';\n" +
      "import type { TicketService } from '../features/tickets/tickets.service';\n" +
      "import type { Database } from '../db/client';\n" +
      "import { format } from 'date-fns';\n" +
      'export type Probe = [TicketService, Database];\n' +
      'export const probe = [express, format, process.env.PORT];\n' +
      'export default probe;\n';
    const rulesOf = (messages: { ruleId: string | null; line: number }[]) =>
      messages.map((m) => `${m.line} ${m.ruleId}`).sort();
    const [fromRoot] = await eslint.lintText(code, { filePath: 'server/lib/probe.ts' });
    const fromServer = spawnSync(
      process.execPath,
      [
        path.resolve('node_modules/eslint/bin/eslint.js'),
        '--format',
        'json',
        '--stdin',
        '--stdin-filename',
        'lib/probe.ts',
      ],
      { cwd: path.resolve('server'), input: code, encoding: 'utf8', timeout: 170_000 },
    );
    expect(fromServer.stderr).toBe('');
    const [result] = JSON.parse(fromServer.stdout) as ESLint.LintResult[];
    expect(rulesOf(result!.messages)).toEqual(rulesOf(fromRoot!.messages));
    expect(rulesOf(fromRoot!.messages)).toEqual([
      '1 conventions/express-at-the-edge',
      '2 import-x/no-restricted-paths',
      '3 no-restricted-imports',
      '4 conventions/dates-by-the-date-helpers',
      '6 conventions/env-read-by-config',
      '7 import-x/no-default-export',
    ]);
  });
});
describe('money tables have one writer each', () => {
  const RULE = 'lifecycle/table-written-by-lifecycle';
  const tableErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
  };
  const probe = (imports: string, body: string) =>
    "import { eq, sql } from 'drizzle-orm';\n" +
    "import type { Database } from '../../db/client';\n" +
    `${imports}\n` +
    'export async function probe(db: Database, id: string) {\n' +
    `${body}\n` +
    '}\n';
  const OUTSIDE = 'server/features/payments/payments.repository.ts';
  const invoicesOnly = (count: number) =>
    Array.from({ length: count }, () =>
      expect.stringContaining(
        'The invoices table is written (insert, update, delete) only by server/features/invoices/invoice-lifecycle.ts',
      ),
    );

  it('refuses any column of invoices or credit notes written, inserted or deleted elsewhere', async () => {
    const writes = probe(
      "import { creditNotes, invoices } from '../../db/schema';",
      '  await db.update(invoices).set({ remindersSent: 1 }).where(eq(invoices.id, id));\n' +
        "  await db.insert(creditNotes).values({ invoiceId: id, amount: 1, reason: 'x' } as never);\n" +
        '  await db.delete(invoices).where(eq(invoices.id, id));',
    );
    expect(await tableErrors(OUTSIDE, writes)).toEqual([
      expect.stringContaining('invoices table'),
      expect.stringContaining(
        'The creditNotes table is written (insert, update, delete) only by server/features/invoices/credit-note-lifecycle.ts',
      ),
      expect.stringContaining('invoices table'),
    ]);
  });

  it('refuses a table imported under another name', async () => {
    const aliased = probe(
      "import { invoices as inv } from '../../db/schema';",
      '  await db.update(inv).set({ remindersSent: 1 }).where(eq(inv.id, id));',
    );
    expect(await tableErrors(OUTSIDE, aliased)).toEqual(invoicesOnly(1));
    const namespace = probe(
      "import * as schema from '../../db/schema';",
      '  await db.update(schema.invoices).set({ remindersSent: 1 });\n' +
        "  await db.delete(schema['invoices']);\n" +
        '  const tables = schema;\n' +
        '  const { invoices: inv } = tables;\n' +
        '  await db.insert(inv).values([]);',
    );
    expect(await tableErrors(OUTSIDE, namespace)).toEqual(invoicesOnly(3));
  });

  it('refuses a patch built in a variable, whatever it sets', async () => {
    const patch = probe(
      "import { invoices } from '../../db/schema';",
      "  const patch = { status: 'paid' as const };\n" +
        '  await db.update(invoices).set(patch).where(eq(invoices.id, id));',
    );
    expect(await tableErrors(OUTSIDE, patch)).toEqual(invoicesOnly(1));
  });

  it('refuses a computed key, and a method called by a computed name', async () => {
    const computed = probe(
      "import { invoices } from '../../db/schema';",
      "  const key = 'status';\n" +
        "  await db.update(invoices).set({ [key]: 'paid' } as never);\n" +
        "  await db['update'](invoices).set({ remindersSent: 1 });",
    );
    expect(await tableErrors(OUTSIDE, computed)).toEqual(invoicesOnly(2));
  });

  it('refuses a table held in a variable', async () => {
    const held = probe(
      "import { invoices } from '../../db/schema';",
      '  const table = invoices;\n' +
        '  const again = table;\n' +
        '  await db.update(again).set({ remindersSent: 1 }).where(eq(invoices.id, id));',
    );
    expect(await tableErrors(OUTSIDE, held)).toEqual(invoicesOnly(1));
  });

  it('refuses raw SQL that writes the table, named or interpolated', async () => {
    const raw = probe(
      "import { invoices } from '../../db/schema';",
      "  await db.execute(sql`update invoices set status = 'paid' where id = ${id}`);\n" +
        "  await db.execute(sql`UPDATE ${invoices} SET status = 'paid'`);\n" +
        '  await db.execute(sql`insert into ${invoices} (id) values (${id})`);\n' +
        '  await db.execute(sql.raw(\'delete from "invoices" where true\'));\n' +
        '  await db.execute(sql`delete from public.credit_notes where id = ${id}`);',
    );
    expect(await tableErrors(OUTSIDE, raw)).toEqual([
      ...invoicesOnly(4),
      expect.stringContaining('creditNotes table'),
    ]);
  });

  it('lets the lifecycle module write its table, and reads and other tables anywhere', async () => {
    const everyWay = probe(
      "import { invoices as inv, payments } from '../../db/schema';",
      "  const patch = { status: 'paid' as const };\n" +
        '  const table = inv;\n' +
        '  await db.update(table).set(patch).where(eq(inv.id, id));\n' +
        '  await db.delete(inv);\n' +
        "  await db.execute(sql`update ${inv} set status = 'void'`);",
    );
    expect(await tableErrors('server/features/invoices/invoice-lifecycle.ts', everyWay)).toEqual(
      [],
    );
    const reads = probe(
      "import { invoices, payments } from '../../db/schema';",
      '  await db.select().from(invoices).where(eq(invoices.id, id));\n' +
        '  await db.update(payments).set({ note: "x" }).where(eq(payments.id, id));\n' +
        "  await db.execute(sql`select 1 from ${invoices} where ${invoices.status} = 'sent'`);\n" +
        "  return 'Could not update invoices now: try again.';",
    );
    expect(await tableErrors(OUTSIDE, reads)).toEqual([]);
  });
});

describe('lifecycle modules are named, not matched by their file name', () => {
  it('gives a new *-lifecycle.ts no right to query or to be imported by another feature', async () => {
    expect(
      await databaseErrors(
        'server/features/payments/payment-lifecycle.ts',
        "import { invoices } from '../../db/schema';\nexport const table = invoices;\n",
      ),
    ).toHaveLength(1);
    // On disk, and read by a config loaded after it exists: the zones list files as they load.
    const name = `probe-${crypto.randomBytes(4).toString('hex')}-lifecycle`;
    const file = path.join('server/features/payments', `${name}.ts`);
    try {
      fs.writeFileSync(file, 'export const probe = 1;\n');
      const fresh = new ESLint({ cwd: process.cwd() });
      const importErrors = async (code: string) => {
        const [result] = await fresh.lintText(code, {
          filePath: 'server/features/billing/probe.ts',
        });
        return (result?.messages ?? [])
          .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
          .map((m) => m.message);
      };
      expect(await importErrors(`export * from '../payments/${name}';\n`)).toEqual([
        expect.stringContaining('only through its <name>.service.ts'),
      ]);
      expect(await importErrors("export * from '../invoices/invoice-lifecycle';\n")).toEqual([]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
