import type { SiteContent } from '@shared/schemas/site-content';

/** The landing page's navigation and calls to action (spec section 3). */

/** The sections' links, but for a section the content leaves empty (it is not drawn). */
export function navLinks(content: SiteContent): Array<{ href: string; label: string }> {
  return [
    { href: '#pricing', label: 'Pricing' },
    ...(content.portfolio.items.length ? [{ href: '#portfolio', label: 'Portfolio' }] : []),
    ...(content.testimonials.items.length
      ? [{ href: '#testimonials', label: 'Testimonials' }]
      : []),
    ...(content.faq.items.length ? [{ href: '#faq', label: 'FAQ' }] : []),
  ];
}

/** Every call to action opens the lead modal through this window event (spec: openLeadModal). */
export const OPEN_LEAD_MODAL_EVENT = 'openLeadModal';

/** What the event may carry: the plan whose pricing button was pressed. */
export interface LeadModalRequest {
  planId?: string;
}

export function openLeadModal(): void {
  openLeadModalWith({});
}

/** A pricing card's Get Started: the request records that plan. */
export function openLeadModalForPlan(planId: string): void {
  openLeadModalWith({ planId });
}

function openLeadModalWith(detail: LeadModalRequest): void {
  try {
    window.dispatchEvent(new CustomEvent(OPEN_LEAD_MODAL_EVENT, { detail }));
  } catch (error) {
    console.error('Could not open the consultation form', error);
  }
}

/** Smoothly scrolls a section of the landing page into view. */
export function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
