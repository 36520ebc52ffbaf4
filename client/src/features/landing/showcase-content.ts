import {
  Anchor,
  Brush,
  Clock,
  Fish,
  Hammer,
  HeartHandshake,
  LineChart,
  MapPin,
  Music,
  Scissors,
  ShieldCheck,
  Stethoscope,
  type LucideIcon,
} from 'lucide-react';

/**
 * Display data of the landing page's sections below pricing (spec section 3): written once,
 * here, and loaded with those sections (see below-the-fold.tsx).
 */

export interface PortfolioItem {
  title: string;
  description: string;
  icon: LucideIcon;
  /** Tailwind gradient classes for the item's colour. */
  color: string;
}

export const PORTFOLIO: readonly PortfolioItem[] = [
  {
    title: 'Bayou Bites Café',
    description: 'Online menu, catering requests and a reservation flow for a Lafayette café.',
    icon: Fish,
    color: 'from-orange-500 to-amber-400',
  },
  {
    title: 'Gulf Coast Charters',
    description: 'Trip booking and live weather notes for a Biloxi fishing charter.',
    icon: Anchor,
    color: 'from-sky-600 to-cyan-400',
  },
  {
    title: 'Magnolia Family Clinic',
    description: 'Patient resources and appointment requests for a Hattiesburg practice.',
    icon: Stethoscope,
    color: 'from-emerald-600 to-teal-400',
  },
  {
    title: 'Crescent City Sounds',
    description: 'Show calendar and press kit for a New Orleans brass band.',
    icon: Music,
    color: 'from-fuchsia-600 to-pink-400',
  },
  {
    title: 'Delta Build & Restore',
    description: 'Project gallery and quote requests for a Baton Rouge contractor.',
    icon: Hammer,
    color: 'from-slate-700 to-slate-500',
  },
  {
    title: 'Tupelo Style Studio',
    description: 'Services, stylists and online booking for a Mississippi salon.',
    icon: Scissors,
    color: 'from-violet-600 to-indigo-400',
  },
];

export interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

export const WHY_CHOOSE_US: readonly Feature[] = [
  {
    title: 'Local to the Gulf South',
    description:
      'Based in New Orleans, serving Louisiana and Mississippi, and clients anywhere in the United States.',
    icon: MapPin,
  },
  {
    title: 'One Monthly Price',
    description: 'Design, hosting, SEO and updates in one plan. No setup fees, cancel anytime.',
    icon: LineChart,
  },
  {
    title: 'Fast Updates',
    description: 'Send a change request and see it live in 24-48 hours.',
    icon: Clock,
  },
  {
    title: 'Design That Sells',
    description: 'Sites built to turn visitors into calls, bookings and orders.',
    icon: Brush,
  },
  {
    title: 'Secure and Reliable',
    description: 'Managed hosting, SSL and backups, watched so you do not have to.',
    icon: ShieldCheck,
  },
  {
    title: 'A Real Partner',
    description: 'Freelancers and small businesses get a team that answers and remembers them.',
    icon: HeartHandshake,
  },
];

export interface Testimonial {
  name: string;
  company: string;
  initial: string;
  quote: string;
  /** Tailwind background class of the initial's badge. */
  color: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Danielle Robichaux',
    company: 'Robichaux Bakery, Lafayette',
    initial: 'D',
    quote:
      'Our old site embarrassed us. Now customers order king cakes online and tell us how easy it was. Updates come back the next day.',
    color: 'bg-orange-500',
  },
  {
    name: 'Marcus Hill',
    company: 'Hill Landscaping, Gulfport',
    initial: 'M',
    quote:
      'I am a one-man crew and did not have time for a website. They built it, keep it running, and the quote requests keep coming in.',
    color: 'bg-emerald-600',
  },
  {
    name: 'Priya Natarajan',
    company: 'Natarajan CPA, Baton Rouge',
    initial: 'P',
    quote:
      'Professional, quick and honest about what we needed. One monthly price made the decision simple for a small firm like ours.',
    color: 'bg-sky-600',
  },
];

export interface FaqEntry {
  question: string;
  answer: string;
}

export const FAQ: readonly FaqEntry[] = [
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
];
