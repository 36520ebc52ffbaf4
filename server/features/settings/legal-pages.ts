import {
  LEGAL_PAGE_TITLES,
  LEGAL_PAGES,
  type AdminLegalPage,
  type LegalPage,
  type LegalPageId,
} from '@shared/schemas/legal-pages';
import type { PublicSettings } from '@shared/schemas/settings';
import type { LegalPageRow } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { defaultLegalMarkdown } from './legal-pages.defaults';
import type { LegalPageRepository } from './legal-pages.repository';

export interface LegalPageDeps {
  repository: LegalPageRepository;
  /** The business details the default texts name. */
  business: () => Promise<PublicSettings>;
  audit: AuditTrail;
}

/**
 * /privacy and /terms: the owner's Markdown, or the default text naming the business as
 * Settings have it. Rendering is the client's (raw HTML and unsafe links left out).
 */
export function createLegalPages({ repository, business, audit }: LegalPageDeps) {
  async function find(page: LegalPageId): Promise<LegalPageRow | undefined> {
    return (await repository.findAll()).find((row) => row.page === page);
  }

  function toPage(page: LegalPageId, row: LegalPageRow | undefined, fallback: string): LegalPage {
    return {
      page,
      title: LEGAL_PAGE_TITLES[page],
      markdown: row?.markdown ?? fallback,
      isDefault: row?.markdown == null,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  async function adminPage(page: LegalPageId): Promise<AdminLegalPage> {
    const [row, details] = await Promise.all([find(page), business()]);
    const defaultMarkdown = defaultLegalMarkdown(page, details);
    return { ...toPage(page, row, defaultMarkdown), defaultMarkdown };
  }

  return {
    /** GET /api/legal-pages/{page}: what the public reads. */
    async get(page: LegalPageId): Promise<LegalPage> {
      const [row, details] = await Promise.all([find(page), business()]);
      return toPage(page, row, defaultLegalMarkdown(page, details));
    },

    /** GET /api/admin/legal-pages/{page}: the page, with the default text to reset to. */
    adminPage,

    /** Saves the owner's text (null: back to the default), audited with what it was. */
    async save(
      page: LegalPageId,
      markdown: string | null,
      actor: AuditActor,
    ): Promise<AdminLegalPage> {
      const before = (await find(page))?.markdown ?? null;
      await repository.save(page, markdown);
      if (before !== markdown) {
        await audit.record(actor, {
          kind: 'legal_page.updated',
          targetType: 'legal_page',
          targetId: page,
          before: { markdown: before },
          after: { markdown },
        });
      }
      return adminPage(page);
    },

    /**
     * The set-up checklist's "legal pages" step: the owner has saved both pages once (their
     * own text, or the default after reading it: "Reset to default" counts).
     */
    async reviewed(): Promise<boolean> {
      const saved = new Set((await repository.findAll()).map((row) => row.page));
      return LEGAL_PAGES.every((page) => saved.has(page));
    },
  };
}
export type LegalPages = ReturnType<typeof createLegalPages>;
