import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useSiteContent } from '../api/get-site-content';
import { SamplesBanner } from '../components/samples-banner';
import { WebsiteEditor } from '../components/website-editor';

/** /admin/website: what the public site says, edited, previewed and published by the owner. */
export function WebsitePage() {
  const content = useSiteContent();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Website</h1>
        <p className="mt-1 text-muted-foreground">
          Every word of your public site. Save a draft, preview it, and publish it when it is ready.
        </p>
      </div>
      <SamplesBanner />
      <QueryState query={content} what="website" loading={<Skeleton className="h-96 w-full" />}>
        {(loaded) => <WebsiteEditor current={loaded} />}
      </QueryState>
    </div>
  );
}
