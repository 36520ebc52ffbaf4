import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, Scale } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  LEGAL_PAGE_TITLES,
  LEGAL_PAGES,
  MAX_LEGAL_MARKDOWN,
  LegalPageFormSchema,
  type AdminLegalPage,
  type LegalPageForm,
  type LegalPageId,
} from '@shared/schemas/legal-pages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextareaField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { usePublicSettings } from '@/features/settings/public';
import { useAdminLegalPage } from '../api/get-admin-legal-page';
import { useSaveLegalPage } from '../api/save-legal-page';
import { LegalText } from './legal-text';

const PAGE_PATHS: Record<LegalPageId, () => string> = {
  privacy: paths.privacy,
  terms: paths.terms,
};

/** Whether the page is the default text, the owner's, and since when. */
function statusOf(current: AdminLegalPage): string {
  if (!current.updatedAt)
    return 'The default text, not saved yet: read it, change what is not true for you, and save.';
  const since = formatDate(current.updatedAt);
  return current.isDefault ? `The default text, reviewed ${since}.` : `Your text, saved ${since}.`;
}

function Editor({ current }: { current: AdminLegalPage }) {
  const { page } = current;
  const title = LEGAL_PAGE_TITLES[page];
  const save = useSaveLegalPage(page);
  const [confirmReset, setConfirmReset] = useState(false);
  const form = useForm<LegalPageForm>({
    resolver: zodResolver(LegalPageFormSchema),
    values: { markdown: current.markdown },
  });
  const markdown = useWatch({ control: form.control, name: 'markdown' }) ?? '';
  // The default text unchanged is saved as the default (null), not as a copy: the page then
  // keeps naming the business as Settings have it, also after the details change later or
  // were changed since this text was loaded.
  const onSubmit = form.handleSubmit(({ markdown: text }) =>
    save.mutate(
      { markdown: text === current.defaultMarkdown ? null : text },
      { onSuccess: () => toast({ title: 'Page Saved', description: `${title} is published.` }) },
    ),
  );
  const reset = () =>
    save.mutate(
      { markdown: null },
      {
        onSuccess: (saved) => {
          // The text may equal what the form was given before (the default already): the
          // edits typed since are dropped all the same.
          form.reset({ markdown: saved.markdown });
          setConfirmReset(false);
          toast({ title: 'Page Reset', description: `${title} shows the default text.` });
        },
      },
    );
  const previewId = `legal-preview-${page}`;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {statusOf(current)}{' '}
        <a
          href={PAGE_PATHS[page]()}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
        >
          View the page
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
      <div className="grid gap-4 xl:grid-cols-2">
        <TextareaField
          label={`${title} (Markdown)`}
          rows={18}
          className="font-mono text-xs leading-relaxed"
          hint={`${markdown.length.toLocaleString('en-US')} of ${MAX_LEGAL_MARKDOWN.toLocaleString('en-US')} characters. ## starts a section, **bold**, - a list item, [text](https://...) a link.`}
          error={form.formState.errors.markdown?.message}
          {...form.register('markdown')}
        />
        <section aria-labelledby={previewId} className="min-w-0 space-y-2">
          <h3 id={previewId} className="text-sm font-medium leading-none">
            Preview
          </h3>
          {/* Focusable: a keyboard scrolls it like the page. */}
          <div
            tabIndex={0}
            className="max-h-[28rem] overflow-y-auto rounded-md border bg-background p-4 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <LegalText markdown={markdown} />
          </div>
        </section>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && !confirmReset ? 'Saving...' : `Save ${title}`}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={save.isPending}
          onClick={() => setConfirmReset(true)}
        >
          Reset to default
        </Button>
      </div>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={`Reset the ${title}?`}
        description={
          current.isDefault
            ? 'The page keeps the default text, naming your business as Settings have it.'
            : 'Your text is replaced by the default one, naming your business as Settings have it. The audit log keeps a copy of your text.'
        }
        confirmLabel="Reset to default"
        pendingLabel="Resetting..."
        pending={save.isPending}
        onConfirm={reset}
      />
    </form>
  );
}

function PageTab({ page }: { page: LegalPageId }) {
  // The default texts name the business: read again when its details change on this visit.
  const current = useAdminLegalPage(page, usePublicSettings());
  return (
    <QueryState query={current} what="page" loading={<Skeleton className="h-96 w-full" />}>
      {(loaded) => <Editor current={loaded} />}
    </QueryState>
  );
}

/**
 * /admin/settings: the Privacy Policy and the Terms of Service, in Markdown with a preview;
 * saved once each, they tick the set-up checklist's step off.
 */
export function LegalPagesCard() {
  return (
    <Card className="min-w-0 lg:col-span-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Scale className="h-5 w-5 text-primary" aria-hidden="true" />
          Legal pages
        </CardTitle>
        <CardDescription>
          /privacy and /terms, linked from the website&apos;s footer, the sign-up page and the pay
          page. The default texts say what this site keeps and how plans are billed; they are a
          starting point, not legal advice.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="privacy">
          <TabsList className="h-auto flex-wrap">
            {LEGAL_PAGES.map((page) => (
              <TabsTrigger key={page} value={page}>
                {LEGAL_PAGE_TITLES[page]}
              </TabsTrigger>
            ))}
          </TabsList>
          {LEGAL_PAGES.map((page) => (
            <TabsContent key={page} value={page} className="mt-6">
              <PageTab page={page} />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
