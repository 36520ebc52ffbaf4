/** The landing page's navigation and calls to action (spec section 3). */

export const NAV_LINKS = [
  { href: '#pricing', label: 'Pricing' },
  { href: '#portfolio', label: 'Portfolio' },
  { href: '#testimonials', label: 'Testimonials' },
  { href: '#faq', label: 'FAQ' },
] as const;

/** Every call to action opens the lead modal through this window event (spec: openLeadModal). */
export const OPEN_LEAD_MODAL_EVENT = 'openLeadModal';

export function openLeadModal(): void {
  try {
    window.dispatchEvent(new CustomEvent(OPEN_LEAD_MODAL_EVENT));
  } catch (error) {
    console.error('Could not open the consultation form', error);
  }
}

/** Smoothly scrolls a section of the landing page into view. */
export function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
