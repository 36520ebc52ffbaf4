import { z } from '../zod';

/** The public legal pages: /privacy and /terms. */
export const LEGAL_PAGES = ['privacy', 'terms'] as const;
export type LegalPageId = (typeof LEGAL_PAGES)[number];

export const LEGAL_PAGE_TITLES: Record<LegalPageId, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
};

/** A page's Markdown: long enough for a real policy, short enough to keep payloads sane. */
export const MAX_LEGAL_MARKDOWN = 20_000;

export const LEGAL_PAGE_NOT_FOUND = 'Page not found';

/** `/api/legal-pages/{page}`: privacy or terms, anything else a 404. */
export const LegalPageParamsSchema = z.object({
  page: z.enum(LEGAL_PAGES, { error: LEGAL_PAGE_NOT_FOUND }),
});

const LegalMarkdownSchema = z
  .string({ error: 'The page must be text' })
  .trim()
  .min(1, 'Write the page, or reset it to the default text')
  .max(
    MAX_LEGAL_MARKDOWN,
    `The page must be at most ${MAX_LEGAL_MARKDOWN.toLocaleString('en-US')} characters`,
  );

/**
 * PUT /api/admin/legal-pages/{page}: the page's Markdown as the owner wrote it, or null for
 * the default text ("Reset to default"), which follows the business details as they change.
 */
export const SaveLegalPageSchema = z.object({ markdown: LegalMarkdownSchema.nullable() });
export type SaveLegalPage = z.infer<typeof SaveLegalPageSchema>;

/** The Settings form of one page: its Markdown ("Reset to default" sends null itself). */
export const LegalPageFormSchema = z.object({ markdown: LegalMarkdownSchema });
export type LegalPageForm = z.infer<typeof LegalPageFormSchema>;

/** GET /api/legal-pages/{page}: the page's text as the public reads it. */
export const LegalPageSchema = z.object({
  page: z.enum(LEGAL_PAGES),
  title: z.string(),
  /**
   * Markdown under the page's title (sections as `##`); the client renders it with raw HTML
   * and unsafe links left out.
   */
  markdown: z.string(),
  /** The default text, with the business details of Settings. */
  isDefault: z.boolean(),
  /** When the owner last saved it; null while it has never been saved. */
  updatedAt: z.iso.datetime().nullable(),
});
export type LegalPage = z.infer<typeof LegalPageSchema>;

/** GET /api/admin/legal-pages/{page}: the page, and the default text "Reset to default" brings back. */
export const AdminLegalPageSchema = LegalPageSchema.extend({
  defaultMarkdown: z.string(),
});
export type AdminLegalPage = z.infer<typeof AdminLegalPageSchema>;
