import { DEFAULT_PLANS } from './plans';
import type { PublicPlan } from './schemas/plans';
import type { SiteContent } from './schemas/site-content';
import type { SiteSnapshot } from './site-content';

/**
 * The landing page's words as a fresh install shows them (the product spec's texts), the
 * icons the owner picks from, and what counts as sample content. Kept apart from
 * shared/site-content.ts so the visitor's landing scripts never carry them: the page comes
 * with its content.
 */

/** The icons a "why us" point or an image-less portfolio item may show. */
export const SITE_ICONS = [
  'map-pin',
  'line-chart',
  'clock',
  'brush',
  'shield-check',
  'heart-handshake',
  'fish',
  'anchor',
  'stethoscope',
  'music',
  'hammer',
  'scissors',
  'star',
  'sparkles',
  'store',
  'briefcase',
] as const;
export type SiteIcon = (typeof SITE_ICONS)[number];

export const SITE_ICON_LABELS: Record<SiteIcon, string> = {
  'map-pin': 'Map pin',
  'line-chart': 'Chart',
  clock: 'Clock',
  brush: 'Brush',
  'shield-check': 'Shield',
  'heart-handshake': 'Handshake',
  fish: 'Fish',
  anchor: 'Anchor',
  stethoscope: 'Stethoscope',
  music: 'Music',
  hammer: 'Hammer',
  scissors: 'Scissors',
  star: 'Star',
  sparkles: 'Sparkles',
  store: 'Store',
  briefcase: 'Briefcase',
};

export const DEFAULT_SITE_CONTENT: SiteContent = {
  hero: {
    eyebrow: 'Web design for the Gulf South',
    title: 'Where the Coast Meets the Code',
    subtitle:
      'Beautiful, fast websites on one monthly plan for freelancers and small businesses in Louisiana and Mississippi, and anywhere in the United States. Design, hosting, SEO and updates included; dozens of businesses already trust us with theirs.',
    primaryButton: 'View Our Plans',
    secondaryButton: 'See Our Work',
  },
  area: {
    served: ['Louisiana', 'Mississippi'],
    basedIn: '',
  },
  stats: [],
  pricing: {
    title: 'Simple Monthly Plans',
    intro: 'Billed monthly, cancel anytime, no setup fees. Every plan includes hosting.',
  },
  portfolio: {
    title: 'Our Recent Work',
    intro: 'Websites for businesses across the Gulf South.',
    items: [
      {
        title: 'Bayou Bites Café',
        category: 'Restaurant',
        description: 'Online menu, catering requests and a reservation flow for a Lafayette café.',
        link: '',
        icon: 'fish',
        image: null,
        sample: true,
      },
      {
        title: 'Gulf Coast Charters',
        category: 'Fishing charter',
        description: 'Trip booking and live weather notes for a Biloxi fishing charter.',
        link: '',
        icon: 'anchor',
        image: null,
        sample: true,
      },
      {
        title: 'Magnolia Family Clinic',
        category: 'Health care',
        description: 'Patient resources and appointment requests for a Hattiesburg practice.',
        link: '',
        icon: 'stethoscope',
        image: null,
        sample: true,
      },
      {
        title: 'Crescent City Sounds',
        category: 'Music',
        description: 'Show calendar and press kit for a New Orleans brass band.',
        link: '',
        icon: 'music',
        image: null,
        sample: true,
      },
      {
        title: 'Delta Build & Restore',
        category: 'Contractor',
        description: 'Project gallery and quote requests for a Baton Rouge contractor.',
        link: '',
        icon: 'hammer',
        image: null,
        sample: true,
      },
      {
        title: 'Tupelo Style Studio',
        category: 'Salon',
        description: 'Services, stylists and online booking for a Mississippi salon.',
        link: '',
        icon: 'scissors',
        image: null,
        sample: true,
      },
    ],
  },
  whyUs: {
    title: 'Why Choose Us',
    points: [
      {
        title: 'Local to the Gulf South',
        description:
          'Based in New Orleans, serving Louisiana and Mississippi, and clients anywhere in the United States.',
        icon: 'map-pin',
      },
      {
        title: 'One Monthly Price',
        description: 'Design, hosting, SEO and updates in one plan. No setup fees, cancel anytime.',
        icon: 'line-chart',
      },
      {
        title: 'Fast Updates',
        description: 'Send a change request and see it live in 24-48 hours.',
        icon: 'clock',
      },
      {
        title: 'Design That Sells',
        description: 'Sites built to turn visitors into calls, bookings and orders.',
        icon: 'brush',
      },
      {
        title: 'Secure and Reliable',
        description: 'Managed hosting, SSL and backups, watched so you do not have to.',
        icon: 'shield-check',
      },
      {
        title: 'A Real Partner',
        description: 'Freelancers and small businesses get a team that answers and remembers them.',
        icon: 'heart-handshake',
      },
    ],
  },
  testimonials: {
    title: 'What Our Clients Say',
    items: [
      {
        quote:
          'Our old site embarrassed us. Now customers order king cakes online and tell us how easy it was. Updates come back the next day.',
        name: 'Danielle Robichaux',
        business: 'Robichaux Bakery, Lafayette',
        photo: null,
        sample: true,
      },
      {
        quote:
          'I am a one-man crew and did not have time for a website. They built it, keep it running, and the quote requests keep coming in.',
        name: 'Marcus Hill',
        business: 'Hill Landscaping, Gulfport',
        photo: null,
        sample: true,
      },
      {
        quote:
          'Professional, quick and honest about what we needed. One monthly price made the decision simple for a small firm like ours.',
        name: 'Priya Natarajan',
        business: 'Natarajan CPA, Baton Rouge',
        photo: null,
        sample: true,
      },
    ],
  },
  faq: {
    title: 'Frequently Asked Questions',
    items: [
      {
        question: 'How fast are update requests done?',
        answer:
          'Most update requests are done in 24-48 hours. Send them from your client portal and we take it from there.',
      },
      {
        question: 'How long until my website launches?',
        answer:
          'Launch takes 1-2 weeks on Essentials, 2-3 weeks on Signature and 3-4 weeks on Prestige, counted from when we have your content.',
      },
      {
        question: 'Can I cancel my plan?',
        answer:
          'Yes. Plans are billed monthly with no setup fees and you can cancel anytime; cancellation needs 30 days notice.',
      },
      {
        question: 'What does Prestige include for SEO?',
        answer:
          'Prestige includes monthly SEO audits on top of advanced integrations, unlimited updates and monthly consulting.',
      },
      {
        question: 'Do you only work with businesses in Louisiana and Mississippi?',
        answer:
          'We are rooted in the Gulf South and love working with local freelancers and small businesses, and we also work with clients anywhere in the United States.',
      },
      {
        question: 'Is hosting included?',
        answer:
          'Yes. Every plan includes hosting, SSL and backups, so there is nothing else to buy or manage.',
      },
    ],
  },
  cta: {
    title: 'Ready for a Website That Works as Hard as You Do?',
    text: 'Tell us about your business. The consultation is free and there is no obligation.',
    primaryButton: 'Schedule Free Consultation',
    secondaryButton: 'View Our Portfolio',
  },
  footer: {
    tagline:
      'Websites, hosting and SEO on one monthly plan, from the Gulf Coast to anywhere in the United States.',
  },
};

/**
 * The plans as the page shows them on a fresh install (the catalogue's seed): what the build's
 * prerender draws; the server draws the catalogue's active plans.
 */
export const DEFAULT_PUBLIC_PLANS: PublicPlan[] = /* @__PURE__ */ DEFAULT_PLANS.map((plan) => ({
  id: plan.id,
  name: plan.name,
  description: plan.description,
  monthlyPrice: plan.monthlyPrice,
  features: [...plan.features],
  popular: plan.popular,
}));

/** How many sample items (the install's made-up ones) the content still shows. */
export function samplesShowing(content: SiteContent): { portfolio: number; testimonials: number } {
  return {
    portfolio: content.portfolio.items.filter((item) => item.sample).length,
    testimonials: content.testimonials.items.filter((item) => item.sample).length,
  };
}

/** What the build's landing.html is rendered with besides the default settings. */
export const DEFAULT_SITE_SNAPSHOT: SiteSnapshot = {
  content: DEFAULT_SITE_CONTENT,
  plans: DEFAULT_PUBLIC_PLANS,
};
