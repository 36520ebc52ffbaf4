import type { PublicPlan } from './schemas/plans';
import type { SiteContent, SiteImage } from './schemas/site-content';

/**
 * The few pure helpers both sides need to draw the landing page's content. No zod and no
 * default texts here: the landing page loads this file, and its first scripts carry neither
 * (the shapes are in shared/schemas/site-content.ts, the defaults in
 * shared/site-content-defaults.ts, read by the server, the prerender and the admin).
 */

/** The element in which the server writes the landing page's snapshot into the page. */
export const SITE_SNAPSHOT_ELEMENT_ID = 'site-snapshot';

/** What the page is drawn from besides the settings: the published words and the plans. */
export interface SiteSnapshot {
  content: SiteContent;
  plans: PublicPlan[];
}

/** The widths an uploaded image is served at (never wider than it was uploaded). */
export const SITE_IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export const SITE_IMAGE_FORMATS = ['avif', 'webp'] as const;
export type SiteImageFormat = (typeof SITE_IMAGE_FORMATS)[number];

/** The widths stored for an image whose largest variant is `width` wide. */
export function siteImageWidths(width: number): number[] {
  const smaller = SITE_IMAGE_WIDTHS.filter((step) => step < width);
  return [...smaller, Math.min(width, SITE_IMAGE_WIDTHS.at(-1)!)];
}

/** The public address of one variant of an uploaded image. */
export function siteImageUrl(id: string, width: number, format: SiteImageFormat): string {
  return `/api/site-images/${encodeURIComponent(id)}/${width}.${format}`;
}

/** `srcset` of one format: every stored width. */
export function siteImageSrcSet(image: Pick<SiteImage, 'id' | 'width'>, format: SiteImageFormat) {
  return siteImageWidths(image.width)
    .map((width) => `${siteImageUrl(image.id, width, format)} ${width}w`)
    .join(', ');
}

/** "Louisiana and Mississippi", "Alabama, Florida and Georgia". */
export function joinWithAnd(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
