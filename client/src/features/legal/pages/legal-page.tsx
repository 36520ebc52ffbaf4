import { Link, useLocation } from 'wouter';
import { LEGAL_PAGE_TITLES, type LegalPageId } from '@shared/schemas/legal-pages';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-provider';
import { usePublicSettings } from '@/features/settings/public';
import { useLegalPage } from '../api/get-legal-page';
import { LegalText } from '../components/legal-text';

const PAGE_PATHS: Record<LegalPageId, () => string> = {
  privacy: paths.privacy,
  terms: paths.terms,
};

function LegalArticle({ page }: { page: LegalPageId }) {
  const text = useLegalPage(page);
  return (
    <article aria-labelledby="legal-title" className="space-y-6">
      <div className="space-y-1">
        <h1 id="legal-title" className="font-display text-3xl font-bold sm:text-4xl">
          {LEGAL_PAGE_TITLES[page]}
        </h1>
        {text.data?.updatedAt && (
          <p className="text-sm text-muted-foreground">
            Last updated {formatDate(text.data.updatedAt)}
          </p>
        )}
      </div>
      <QueryState query={text} what="page" loading={<Skeleton className="h-96 w-full" />}>
        {({ markdown }) => <LegalText markdown={markdown} />}
      </QueryState>
    </article>
  );
}

/**
 * /privacy and /terms: the owner's text (Settings) or the default one, between the brand's
 * name (a link home) and links to the other legal page. Loaded only when one is opened: the
 * landing page ships none of it.
 */
export function LegalPage() {
  const [location] = useLocation();
  const page: LegalPageId = location === paths.terms() ? 'terms' : 'privacy';
  const { businessName, businessEmail } = usePublicSettings();
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto max-w-3xl px-4 py-4">
          <Link href={paths.home()} className="font-display text-xl font-bold text-primary">
            {businessName}
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <QueryProvider>
          <LegalArticle page={page} />
        </QueryProvider>
      </main>
      <footer className="border-t bg-background">
        <nav
          aria-label="Legal"
          className="mx-auto flex max-w-3xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm"
        >
          {(['privacy', 'terms'] as const).map((other) => (
            <Link
              key={other}
              href={PAGE_PATHS[other]()}
              aria-current={other === page ? 'page' : undefined}
              className="text-primary underline-offset-4 hover:underline aria-[current=page]:font-semibold"
            >
              {LEGAL_PAGE_TITLES[other]}
            </Link>
          ))}
          <a
            href={`mailto:${businessEmail}`}
            className="break-all text-primary underline-offset-4 hover:underline"
          >
            {businessEmail}
          </a>
          <Link href={paths.home()} className="text-primary underline-offset-4 hover:underline">
            Home
          </Link>
        </nav>
      </footer>
    </div>
  );
}
