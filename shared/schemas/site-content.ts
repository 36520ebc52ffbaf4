import { z } from '../zod';
import { SITE_ICONS } from '../site-content-defaults';
import { PublicPlanSchema } from './plans';

/**
 * Everything the landing page says, as one document the owner edits in the admin's Website
 * screen (issue 37): `PUT /api/admin/site-content` saves it as the draft, publish makes the
 * draft what visitors see. The defaults (the spec's texts) are `DEFAULT_SITE_CONTENT` in
 * shared/site-content.ts, which the landing page loads without zod.
 */

function required(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

function optional(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
}

function list<T extends z.ZodType>(item: T, label: string, max: number) {
  return z.array(item, { error: `${label} must be a list` }).max(max, `At most ${max} ${label}`);
}

const IconSchema = z.enum(SITE_ICONS, { error: 'Choose an icon from the list' });

/** An uploaded image (POST /api/admin/site-images) as the content uses it. */
export const SiteImageSchema = z.object({
  id: z.uuid({ error: 'Upload the image again' }),
  /** The largest stored variant's size: the page's width/height attributes. */
  width: z.number().int().min(1).max(10_000),
  height: z.number().int().min(1).max(10_000),
  alt: optional('Alt text', 200),
});
export type SiteImage = z.infer<typeof SiteImageSchema>;

const LinkSchema = optional('Link', 500).refine(
  (value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value),
  'Link must be a web address starting with https:// or http://',
);

export const PortfolioItemSchema = z.object({
  title: required('Title', 80),
  category: optional('Category', 60),
  description: required('Description', 300),
  link: LinkSchema,
  /** Shown when there is no image. */
  icon: IconSchema,
  image: SiteImageSchema.nullable(),
  /** One of the install's made-up examples (the admin says so until it is replaced). */
  sample: z.boolean().optional(),
});
export type PortfolioItem = z.infer<typeof PortfolioItemSchema>;

export const TestimonialSchema = z.object({
  quote: required('Quote', 600),
  name: required('Name', 80),
  business: optional('Business', 100),
  photo: SiteImageSchema.nullable(),
  sample: z.boolean().optional(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;

export const FaqEntrySchema = z.object({
  question: required('Question', 200),
  answer: required('Answer', 1000),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;

export const SiteContentSchema = z.object({
  hero: z.object({
    eyebrow: optional('Eyebrow', 80),
    title: required('Title', 100),
    subtitle: required('Subtitle', 400),
    primaryButton: required('Button label', 40),
    secondaryButton: required('Button label', 40),
  }),
  area: z.object({
    /** The states or areas served, as the page's title and structured data name them. */
    served: list(required('Area', 60), 'areas', 10).min(1, 'Name at least one area you serve'),
    /**
     * Where the agency is based, in words ("the Mobile Bay area"), for the page's description;
     * blank: the city and state of the business details (Settings), which keep the address.
     */
    basedIn: optional('Based in', 80),
  }),
  /** The numbers the agency claims ("120+ sites launched"); none: no such section. */
  stats: list(
    z.object({ value: required('Value', 20), label: required('Label', 60) }),
    'numbers',
    6,
  ),
  pricing: z.object({ title: required('Heading', 80), intro: optional('Introduction', 300) }),
  portfolio: z.object({
    title: required('Heading', 80),
    intro: optional('Introduction', 300),
    items: list(PortfolioItemSchema, 'portfolio items', 24),
  }),
  whyUs: z.object({
    title: required('Heading', 80),
    points: list(
      z.object({
        title: required('Title', 80),
        description: required('Description', 300),
        icon: IconSchema,
      }),
      'points',
      12,
    ),
  }),
  testimonials: z.object({
    title: required('Heading', 80),
    items: list(TestimonialSchema, 'testimonials', 20),
  }),
  faq: z.object({
    title: required('Heading', 80),
    items: list(FaqEntrySchema, 'questions', 30),
  }),
  cta: z.object({
    title: required('Heading', 120),
    text: optional('Text', 300),
    primaryButton: required('Button label', 40),
    secondaryButton: required('Button label', 40),
  }),
  footer: z.object({ tagline: optional('Tagline', 200) }),
});
export type SiteContent = z.infer<typeof SiteContentSchema>;

/** GET /api/admin/site-content (and every answer of its PUT, publish and restore). */
export const AdminSiteContentSchema = z.object({
  draft: SiteContentSchema,
  published: SiteContentSchema,
  /** The draft differs from what visitors see. */
  unpublishedChanges: z.boolean(),
  /** A previous published version can be brought back. */
  canRestore: z.boolean(),
  publishedAt: z.string().nullable(),
  draftSavedAt: z.string().nullable(),
  /** Sample items the published page still shows (the admin's banner). */
  samplesShowing: z.object({ portfolio: z.number().int(), testimonials: z.number().int() }),
});
export type AdminSiteContent = z.infer<typeof AdminSiteContentSchema>;

/** POST /api/admin/site-images → 201: the image as the content stores it (alt to fill in). */
export const UploadedSiteImageSchema = SiteImageSchema;

/** GET /api/site-content: the published content and plans, for a page that came without them. */
export const PublicSiteSnapshotSchema = z.object({
  content: SiteContentSchema,
  plans: z.array(PublicPlanSchema),
});
