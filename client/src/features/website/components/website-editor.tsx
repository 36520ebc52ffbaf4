import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Controller,
  get,
  useFieldArray,
  useForm,
  useWatch,
  type FieldPath,
  type UseFormReturn,
} from 'react-hook-form';
import {
  SiteContentSchema,
  type AdminSiteContent,
  type SiteContent,
} from '@shared/schemas/site-content';
import { SITE_ICON_LABELS, SITE_ICONS } from '@shared/site-content-defaults';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField, SelectField, TextareaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { usePublishSiteContent } from '../api/publish-site-content';
import { useRestoreSiteContent } from '../api/restore-site-content';
import { useSaveSiteContent } from '../api/save-site-content';
import { ImageField } from './image-field';
import { ListEditor } from './list-editor';

type Form = UseFormReturn<SiteContent>;
type Name = FieldPath<SiteContent>;

/** The schema's message for a field, if any. */
function useError(form: Form) {
  return (name: Name): string | undefined =>
    (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="min-w-0">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-lg">
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

/** "Louisiana, Mississippi": the areas as one line of words separated by commas. */
function WordsInput({
  form,
  name,
  label,
  hint,
}: {
  form: Form;
  name: 'area.served';
  label: string;
  hint: string;
}) {
  const error = useError(form);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <WordsField
          label={label}
          hint={hint}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error(name) ?? error(`${name}.0` as Name) ?? error(`${name}.1` as Name)}
        />
      )}
    />
  );
}

function WordsField({
  label,
  hint,
  value,
  onChange,
  onBlur,
  error,
}: {
  label: string;
  hint: string;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  // The typed text is kept as typed ("Alabama, "), the list follows it.
  const [text, setText] = useState(value.join(', '));
  useEffect(() => {
    setText((typed) => (splitWords(typed).join() === value.join() ? typed : value.join(', ')));
  }, [value]);
  return (
    <FormField
      label={label}
      hint={hint}
      error={error}
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(splitWords(event.target.value));
      }}
    />
  );
}

const splitWords = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

function SampleNote() {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-amber-900">
      <Badge variant="warning">Sample</Badge>
      Made up for a fresh install: replace it with your own or remove it.
    </p>
  );
}

function IconSelect({ form, name }: { form: Form; name: Name }) {
  return (
    <SelectField label="Icon" hint="Shown when there is no image." {...form.register(name)}>
      {SITE_ICONS.map((icon) => (
        <option key={icon} value={icon}>
          {SITE_ICON_LABELS[icon]}
        </option>
      ))}
    </SelectField>
  );
}

function HeroFields({ form }: { form: Form }) {
  const error = useError(form);
  return (
    <Section id="website-hero" title="Top of the page" description="The first thing visitors read.">
      <FormField
        label="Eyebrow"
        hint="The short line above the title; may be left empty."
        error={error('hero.eyebrow')}
        {...form.register('hero.eyebrow')}
      />
      <FormField label="Title" error={error('hero.title')} {...form.register('hero.title')} />
      <TextareaField
        label="Subtitle"
        rows={4}
        error={error('hero.subtitle')}
        {...form.register('hero.subtitle')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="First button (to the plans)"
          error={error('hero.primaryButton')}
          {...form.register('hero.primaryButton')}
        />
        <FormField
          label="Second button (to your work)"
          error={error('hero.secondaryButton')}
          {...form.register('hero.secondaryButton')}
        />
      </div>
    </Section>
  );
}

function AreaFields({ form }: { form: Form }) {
  const error = useError(form);
  return (
    <Section
      id="website-area"
      title="Where you work"
      description="Your address stays in Settings' business details; these are the words search engines read."
    >
      <WordsInput
        form={form}
        name="area.served"
        label="Areas you serve"
        hint="States or areas, separated by commas, e.g. Alabama, Florida. The page's title and search listing name them."
      />
      <FormField
        label="Where you are based, in words"
        hint="E.g. the Mobile Bay area. Left empty, the city and state of your business details."
        error={error('area.basedIn')}
        {...form.register('area.basedIn')}
      />
    </Section>
  );
}

function StatsFields({ form }: { form: Form }) {
  const error = useError(form);
  const list = useFieldArray({ control: form.control, name: 'stats' });
  const stats = useWatch({ control: form.control, name: 'stats' });
  return (
    <Section
      id="website-stats"
      title="Your numbers"
      description="Claims visitors can trust, e.g. 40 sites launched. None: the page has no such band."
    >
      <ListEditor
        items={list.fields}
        itemName="number"
        max={6}
        emptyText="No numbers: the band is hidden."
        describe={(index) => stats?.[index]?.label ?? ''}
        onAdd={() => list.append({ value: '', label: '' })}
        onMove={list.move}
        onRemove={list.remove}
        renderItem={(index) => (
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <FormField
              label="Value"
              error={error(`stats.${index}.value`)}
              {...form.register(`stats.${index}.value`)}
            />
            <FormField
              label="Label"
              error={error(`stats.${index}.label`)}
              {...form.register(`stats.${index}.label`)}
            />
          </div>
        )}
      />
    </Section>
  );
}

function PricingFields({ form }: { form: Form }) {
  const error = useError(form);
  return (
    <Section
      id="website-pricing"
      title="Plans section"
      description="The plans themselves, their prices and features, are the plan catalogue's."
    >
      <FormField
        label="Heading"
        error={error('pricing.title')}
        {...form.register('pricing.title')}
      />
      <FormField
        label="Introduction"
        error={error('pricing.intro')}
        {...form.register('pricing.intro')}
      />
    </Section>
  );
}

/** Editing a sample item makes it the owner's. */
function ownOnChange(
  form: Form,
  name: `portfolio.items.${number}` | `testimonials.items.${number}`,
) {
  return {
    onChange: () => {
      if (form.getValues(`${name}.sample`))
        form.setValue(`${name}.sample`, false, { shouldDirty: true });
    },
  };
}

function PortfolioFields({ form }: { form: Form }) {
  const error = useError(form);
  const list = useFieldArray({ control: form.control, name: 'portfolio.items' });
  const items = useWatch({ control: form.control, name: 'portfolio.items' });
  return (
    <Section
      id="website-portfolio"
      title="Portfolio"
      description="Your work. None: the section is hidden."
    >
      <FormField
        label="Heading"
        error={error('portfolio.title')}
        {...form.register('portfolio.title')}
      />
      <FormField
        label="Introduction"
        error={error('portfolio.intro')}
        {...form.register('portfolio.intro')}
      />
      <ListEditor
        items={list.fields}
        itemName="portfolio item"
        max={24}
        emptyText="No portfolio items: the section is hidden."
        describe={(index) => items?.[index]?.title ?? ''}
        onAdd={() =>
          list.append({
            title: '',
            category: '',
            description: '',
            link: '',
            icon: 'star',
            image: null,
          })
        }
        onMove={list.move}
        onRemove={list.remove}
        renderItem={(index) => {
          const name = `portfolio.items.${index}` as const;
          const own = ownOnChange(form, name);
          return (
            <>
              {items?.[index]?.sample && <SampleNote />}
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  label="Title"
                  error={error(`${name}.title`)}
                  {...form.register(`${name}.title`, own)}
                />
                <FormField
                  label="Category"
                  hint="E.g. Restaurant"
                  error={error(`${name}.category`)}
                  {...form.register(`${name}.category`, own)}
                />
              </div>
              <TextareaField
                label="Description"
                rows={2}
                error={error(`${name}.description`)}
                {...form.register(`${name}.description`, own)}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  label="Link"
                  type="url"
                  hint="The site itself, if it is live."
                  error={error(`${name}.link`)}
                  {...form.register(`${name}.link`, own)}
                />
                <IconSelect form={form} name={`${name}.icon`} />
              </div>
              <Controller
                control={form.control}
                name={`${name}.image`}
                render={({ field }) => (
                  <ImageField
                    label="Image"
                    value={field.value}
                    onChange={(image) => {
                      field.onChange(image);
                      own.onChange();
                    }}
                    altHint="What the image shows, for people who cannot see it."
                  />
                )}
              />
            </>
          );
        }}
      />
    </Section>
  );
}

function WhyUsFields({ form }: { form: Form }) {
  const error = useError(form);
  const list = useFieldArray({ control: form.control, name: 'whyUs.points' });
  const points = useWatch({ control: form.control, name: 'whyUs.points' });
  return (
    <Section id="website-why" title="Why choose you">
      <FormField label="Heading" error={error('whyUs.title')} {...form.register('whyUs.title')} />
      <ListEditor
        items={list.fields}
        itemName="point"
        max={12}
        emptyText="No points: the section is hidden."
        describe={(index) => points?.[index]?.title ?? ''}
        onAdd={() => list.append({ title: '', description: '', icon: 'star' })}
        onMove={list.move}
        onRemove={list.remove}
        renderItem={(index) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="Title"
                error={error(`whyUs.points.${index}.title`)}
                {...form.register(`whyUs.points.${index}.title`)}
              />
              <IconSelect form={form} name={`whyUs.points.${index}.icon`} />
            </div>
            <TextareaField
              label="Description"
              rows={2}
              error={error(`whyUs.points.${index}.description`)}
              {...form.register(`whyUs.points.${index}.description`)}
            />
          </>
        )}
      />
    </Section>
  );
}

function TestimonialFields({ form }: { form: Form }) {
  const error = useError(form);
  const list = useFieldArray({ control: form.control, name: 'testimonials.items' });
  const items = useWatch({ control: form.control, name: 'testimonials.items' });
  return (
    <Section
      id="website-testimonials"
      title="Testimonials"
      description="Only what real clients said. None: the section is hidden, never filled with samples."
    >
      <FormField
        label="Heading"
        error={error('testimonials.title')}
        {...form.register('testimonials.title')}
      />
      <ListEditor
        items={list.fields}
        itemName="testimonial"
        max={20}
        emptyText="No testimonials: the section is hidden."
        describe={(index) => (items?.[index]?.name ? `testimonial of ${items[index].name}` : '')}
        onAdd={() => list.append({ quote: '', name: '', business: '', photo: null })}
        onMove={list.move}
        onRemove={list.remove}
        renderItem={(index) => {
          const name = `testimonials.items.${index}` as const;
          const own = ownOnChange(form, name);
          return (
            <>
              {items?.[index]?.sample && <SampleNote />}
              <TextareaField
                label="Quote"
                rows={3}
                error={error(`${name}.quote`)}
                {...form.register(`${name}.quote`, own)}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  label="Name"
                  error={error(`${name}.name`)}
                  {...form.register(`${name}.name`, own)}
                />
                <FormField
                  label="Business"
                  hint="E.g. Hill Landscaping, Mobile"
                  error={error(`${name}.business`)}
                  {...form.register(`${name}.business`, own)}
                />
              </div>
              <Controller
                control={form.control}
                name={`${name}.photo`}
                render={({ field }) => (
                  <ImageField
                    label="Photo"
                    value={field.value}
                    withAlt={false}
                    onChange={(image) => {
                      field.onChange(image);
                      own.onChange();
                    }}
                    altHint=""
                  />
                )}
              />
            </>
          );
        }}
      />
    </Section>
  );
}

function FaqFields({ form }: { form: Form }) {
  const error = useError(form);
  const list = useFieldArray({ control: form.control, name: 'faq.items' });
  const items = useWatch({ control: form.control, name: 'faq.items' });
  return (
    <Section id="website-faq" title="Questions and answers">
      <FormField label="Heading" error={error('faq.title')} {...form.register('faq.title')} />
      <ListEditor
        items={list.fields}
        itemName="question"
        max={30}
        emptyText="No questions: the section is hidden."
        describe={(index) => items?.[index]?.question ?? ''}
        onAdd={() => list.append({ question: '', answer: '' })}
        onMove={list.move}
        onRemove={list.remove}
        renderItem={(index) => (
          <>
            <FormField
              label="Question"
              error={error(`faq.items.${index}.question`)}
              {...form.register(`faq.items.${index}.question`)}
            />
            <TextareaField
              label="Answer"
              rows={3}
              error={error(`faq.items.${index}.answer`)}
              {...form.register(`faq.items.${index}.answer`)}
            />
          </>
        )}
      />
    </Section>
  );
}

function ClosingFields({ form }: { form: Form }) {
  const error = useError(form);
  return (
    <Section id="website-cta" title="Closing call to action and footer">
      <FormField label="Heading" error={error('cta.title')} {...form.register('cta.title')} />
      <TextareaField
        label="Text"
        rows={2}
        error={error('cta.text')}
        {...form.register('cta.text')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="First button (opens the consultation form)"
          error={error('cta.primaryButton')}
          {...form.register('cta.primaryButton')}
        />
        <FormField
          label="Second button (to your work)"
          error={error('cta.secondaryButton')}
          {...form.register('cta.secondaryButton')}
        />
      </div>
      <TextareaField
        label="Footer line"
        rows={2}
        hint="Under your business name at the bottom of the page."
        error={error('footer.tagline')}
        {...form.register('footer.tagline')}
      />
    </Section>
  );
}

/** What is live, and whether the draft differs. */
function statusOf(current: AdminSiteContent, dirty: boolean): string {
  const live = current.publishedAt
    ? `Published ${formatDateTime(current.publishedAt)}.`
    : 'Visitors see the texts of a fresh install.';
  if (dirty) return `${live} You have changes that are not saved.`;
  if (current.unpublishedChanges)
    return `${live} The saved draft has changes visitors do not see yet.`;
  return `${live} The draft is what visitors see.`;
}

/**
 * /admin/website: every word of the landing page, as one form on the shared schema. Save
 * draft keeps it for the preview; Publish makes it live; Restore brings back what was live
 * before the last publish.
 */
export function WebsiteEditor({ current }: { current: AdminSiteContent }) {
  const form = useForm<SiteContent>({
    resolver: zodResolver(SiteContentSchema),
    values: current.draft,
    resetOptions: { keepDirtyValues: false },
  });
  const save = useSaveSiteContent();
  const publish = usePublishSiteContent();
  const restore = useRestoreSiteContent();
  const [confirm, setConfirm] = useState<'publish' | 'restore' | null>(null);
  const dirty = form.formState.isDirty;

  // Leaving the page (closing the tab, reloading) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onSubmit = form.handleSubmit(
    (content) =>
      save.mutate(content, {
        onSuccess: () =>
          toast({
            title: 'Draft saved',
            description: 'Preview it, then publish it when it is ready.',
          }),
      }),
    () => {
      // The first field with a message gets the focus (react-hook-form's shouldFocusError).
      toast({
        title: 'Some fields need attention',
        description: 'Their messages are under them.',
        variant: 'destructive',
      });
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6 pb-28">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {statusOf(current, dirty)}
      </p>
      <HeroFields form={form} />
      <AreaFields form={form} />
      <StatsFields form={form} />
      <PricingFields form={form} />
      <PortfolioFields form={form} />
      <WhyUsFields form={form} />
      <TestimonialFields form={form} />
      <FaqFields form={form} />
      <ClosingFields form={form} />

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save draft'}
        </Button>
        <Button asChild variant="outline">
          <a href={paths.admin.websitePreview()} target="_blank" rel="noopener">
            Preview draft
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={dirty || !current.unpublishedChanges || publish.isPending}
          onClick={() => setConfirm('publish')}
        >
          Publish
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={!current.canRestore || restore.isPending}
          onClick={() => setConfirm('restore')}
        >
          Restore previous
        </Button>
        {dirty && (
          <p className="text-xs text-muted-foreground">Save the draft to preview or publish it.</p>
        )}
      </div>

      <ConfirmDialog
        open={confirm === 'publish'}
        onOpenChange={(open) => setConfirm(open ? 'publish' : null)}
        title="Publish the draft?"
        description="Visitors see it at once. What they see now is kept: Restore previous brings it back."
        confirmLabel="Publish"
        pendingLabel="Publishing..."
        confirmVariant="default"
        pending={publish.isPending}
        onConfirm={() =>
          publish.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              toast({ title: 'Published', description: 'Your site shows the new version.' });
            },
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'restore'}
        onOpenChange={(open) => setConfirm(open ? 'restore' : null)}
        title="Restore the previous version?"
        description="The version published before the last one is live again at once; the one live now becomes the previous version."
        confirmLabel="Restore previous"
        pendingLabel="Restoring..."
        pending={restore.isPending}
        onConfirm={() =>
          restore.mutate(undefined, {
            onSuccess: () => {
              setConfirm(null);
              toast({
                title: 'Previous version restored',
                description: 'Your site shows it again.',
              });
            },
          })
        }
      />
    </form>
  );
}
