import { Link } from 'wouter';
import { QueryState } from '@/components/ui/query-state';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { LandingPage, SiteSnapshotOverride } from '@/features/landing/public';
import { useSiteContent } from '@/features/website/public';
import { paths } from '@/lib/paths';

/**
 * /admin/website/preview: the landing page as visitors would see it with the owner's saved
 * draft (signed-in admins only: the draft comes from the admin API; /admin is noindex).
 */
export function WebsitePreviewPage() {
  const content = useSiteContent();
  return (
    <QueryState query={content} what="website" loading={<FullScreenSpinner />}>
      {(loaded) => (
        <SiteSnapshotOverride.Provider value={loaded.draft}>
          <LandingPage />
          <aside
            aria-label="Preview"
            className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950 shadow-lg"
          >
            <span className="font-semibold">Preview of your saved draft</span>
            <span>Visitors do not see it until you publish.</span>
            <Link href={paths.admin.website()} className="font-medium underline underline-offset-4">
              Back to the editor
            </Link>
          </aside>
        </SiteSnapshotOverride.Provider>
      )}
    </QueryState>
  );
}
