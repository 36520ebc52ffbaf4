import { type SiteSnapshot } from '@shared/site-content';
import { DEFAULT_SITE_CONTENT, samplesShowing } from '@shared/site-content-defaults';
import type { PublicPlan } from '@shared/schemas/plans';
import type { AdminSiteContent, SiteContent } from '@shared/schemas/site-content';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/file-storage';
import type { SiteContentRepository } from './site-content.repository';
import { createSiteImages } from './site-images';

export interface SiteContentDeps {
  repository: SiteContentRepository;
  storage: FileStorage;
  audit: AuditTrail;
  /** The plans the landing page shows, in order: the catalogue's active plans. */
  publicPlans: () => Promise<PublicPlan[]>;
}

const same = (a: SiteContent, b: SiteContent) => JSON.stringify(a) === JSON.stringify(b);

/** Every image id the content names (portfolio images, testimonial photos). */
function imageIds(content: SiteContent): string[] {
  return [
    ...content.portfolio.items.map((item) => item.image?.id),
    ...content.testimonials.items.map((item) => item.photo?.id),
  ].filter((id): id is string => Boolean(id));
}

/**
 * The landing page's words (issue 37): the owner saves a draft, previews it, publishes it
 * (live at the next request for "/", see server/lib/landing-page.ts) and can bring the
 * previous published version back. Each change is audited.
 */
export function createSiteContentService({
  repository,
  storage,
  audit,
  publicPlans,
}: SiteContentDeps) {
  const images = createSiteImages({ repository, storage, audit });

  async function admin(): Promise<AdminSiteContent> {
    const slots = await repository.slots();
    const draft = slots.draft?.content ?? DEFAULT_SITE_CONTENT;
    const published = slots.published?.content ?? DEFAULT_SITE_CONTENT;
    return {
      draft,
      published,
      unpublishedChanges: !same(draft, published),
      canRestore: slots.previous !== undefined,
      publishedAt: slots.published?.updatedAt.toISOString() ?? null,
      draftSavedAt: slots.draft?.updatedAt.toISOString() ?? null,
      samplesShowing: samplesShowing(published),
    };
  }

  async function published(): Promise<SiteContent> {
    return (await repository.published()) ?? DEFAULT_SITE_CONTENT;
  }

  return {
    /** GET /api/admin/site-content. */
    admin,

    /** PUT /api/admin/site-content: the draft, checked already by SiteContentSchema. */
    async saveDraft(content: SiteContent, actor: AuditActor): Promise<AdminSiteContent> {
      const ids = imageIds(content);
      const existing = await repository.existingImageIds(ids);
      if (ids.some((id) => !existing.has(id))) {
        throw new AppError(400, 'An image of the content was not found: upload it again');
      }
      const before = (await repository.slots()).draft?.content ?? DEFAULT_SITE_CONTENT;
      await repository.saveDraft(content);
      if (!same(before, content)) {
        await audit.record(actor, {
          kind: 'site_content.saved',
          targetType: 'site_content',
          targetId: 'draft',
          after: { sections: changedSections(before, content) },
        });
      }
      return admin();
    },

    /** POST /api/admin/site-content/publish: the draft is what visitors see from now. */
    async publish(actor: AuditActor): Promise<AdminSiteContent> {
      const before = await admin();
      await repository.publish(DEFAULT_SITE_CONTENT);
      await audit.record(actor, {
        kind: 'site_content.published',
        targetType: 'site_content',
        targetId: 'published',
        after: { sections: changedSections(before.published, before.draft) },
      });
      return admin();
    },

    /** POST /api/admin/site-content/restore: the previous published version, live again. */
    async restore(actor: AuditActor): Promise<AdminSiteContent> {
      if (!(await repository.restore(DEFAULT_SITE_CONTENT))) {
        throw new AppError(409, 'There is no previous version to restore.');
      }
      await audit.record(actor, {
        kind: 'site_content.restored',
        targetType: 'site_content',
        targetId: 'published',
      });
      return admin();
    },

    /** What visitors see. */
    published,

    /** The draft, for the owner's preview. */
    async draft(): Promise<SiteContent> {
      return (await repository.slots()).draft?.content ?? DEFAULT_SITE_CONTENT;
    },

    /** The plans the landing page shows: ONE reader, so the catalogue can move behind it. */
    publicPlans,

    /** What "/" is rendered with besides the settings: the published words and the plans. */
    async snapshot(): Promise<SiteSnapshot> {
      const [content, plans] = await Promise.all([published(), publicPlans()]);
      return { content, plans };
    },

    /** The set-up checklist's step: no sample portfolio item or testimonial is published. */
    async samplesReplaced(): Promise<boolean> {
      const showing = samplesShowing(await published());
      return showing.portfolio === 0 && showing.testimonials === 0;
    },

    uploadImage: images.upload,
    imageVariant: images.variant,
  };
}
export type SiteContentService = ReturnType<typeof createSiteContentService>;

/** The top-level parts that differ: what the audit log says changed. */
function changedSections(before: SiteContent, after: SiteContent): string[] {
  return (Object.keys(after) as Array<keyof SiteContent>).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}
