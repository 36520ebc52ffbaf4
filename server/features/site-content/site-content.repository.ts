import { eq, inArray, sql } from 'drizzle-orm';
import type { SiteContent } from '@shared/schemas/site-content';
import type { Database } from '../../db/client';
import {
  siteContent,
  siteImages,
  type SiteContentRow,
  type SiteImageRow,
  type SiteImageVariant,
} from '../../db/schema';

type Slot = SiteContentRow['slot'];
export type SiteContentSlots = Partial<Record<Slot, SiteContentRow>>;

/** The landing page's draft, published and previous versions, and its uploaded images. */
export function createSiteContentRepository(db: Database) {
  async function slots(handle: Pick<Database, 'select'> = db): Promise<SiteContentSlots> {
    const rows = await handle.select().from(siteContent);
    return Object.fromEntries(rows.map((row) => [row.slot, row]));
  }

  const upsert = (handle: Pick<Database, 'insert'>, slot: Slot, content: SiteContent) =>
    handle
      .insert(siteContent)
      .values({ slot, content })
      .onConflictDoUpdate({ target: siteContent.slot, set: { content, updatedAt: sql`now()` } });

  return {
    slots,

    async published(): Promise<SiteContent | undefined> {
      const [row] = await db.select().from(siteContent).where(eq(siteContent.slot, 'published'));
      return row?.content;
    },

    async saveDraft(content: SiteContent): Promise<void> {
      await upsert(db, 'draft', content);
    },

    /**
     * The draft becomes what visitors see; what they saw is kept as the previous version.
     * `fallback` is the content of a slot never written (the spec's texts).
     */
    async publish(fallback: SiteContent): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await slots(tx);
        await upsert(tx, 'previous', current.published?.content ?? fallback);
        await upsert(tx, 'published', current.draft?.content ?? fallback);
        if (!current.draft) await upsert(tx, 'draft', fallback);
      });
    },

    /**
     * The previous version is published again and the one it replaces becomes the previous
     * (restoring twice goes back). A draft without unpublished changes follows the restored
     * version; one with changes is kept. False when there is no previous version.
     */
    async restore(fallback: SiteContent): Promise<boolean> {
      return db.transaction(async (tx) => {
        const current = await slots(tx);
        if (!current.previous) return false;
        const published = current.published?.content ?? fallback;
        const draft = current.draft?.content ?? fallback;
        await upsert(tx, 'published', current.previous.content);
        await upsert(tx, 'previous', published);
        if (JSON.stringify(draft) === JSON.stringify(published)) {
          await upsert(tx, 'draft', current.previous.content);
        }
        return true;
      });
    },

    async insertImage(image: {
      id: string;
      width: number;
      height: number;
      variants: SiteImageVariant[];
      uploadedBy: string | null;
    }): Promise<SiteImageRow> {
      const [row] = await db.insert(siteImages).values(image).returning();
      if (!row) throw new Error('Site image insert returned no row');
      return row;
    },

    async findImage(id: string): Promise<SiteImageRow | undefined> {
      const [row] = await db.select().from(siteImages).where(eq(siteImages.id, id));
      return row;
    },

    /** Which of these image ids exist. */
    async existingImageIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: siteImages.id })
        .from(siteImages)
        .where(inArray(siteImages.id, ids));
      return new Set(rows.map((row) => row.id));
    },
  };
}
export type SiteContentRepository = ReturnType<typeof createSiteContentRepository>;
