/**
 * Which site builder or CMS made a page: our own small rule set over the generator meta
 * tag, asset paths and response headers. (Wappalyzer's fingerprints are GPL-3.0 or
 * closed, so none of them are copied here.)
 */
interface Rule {
  name: string;
  generator?: RegExp;
  html?: RegExp;
  header?: { name: string; value: RegExp };
}

const RULES: Rule[] = [
  {
    name: 'Wix',
    generator: /wix\.com/i,
    html: /static\.wixstatic\.com|wix-code-sdk|_wixCIDX/i,
    header: { name: 'x-wix-request-id', value: /./ },
  },
  {
    name: 'Squarespace',
    generator: /squarespace/i,
    html: /static1?\.squarespace\.com|squarespace-cdn\.com/i,
    header: { name: 'server', value: /squarespace/i },
  },
  {
    name: 'Shopify',
    generator: /shopify/i,
    html: /cdn\.shopify\.com|Shopify\.theme/,
    header: { name: 'x-shopid', value: /./ },
  },
  { name: 'Weebly', generator: /weebly/i, html: /editmysite\.com|weebly\.com\/weebly/i },
  {
    name: 'GoDaddy builder',
    generator: /go ?daddy|starfield technologies/i,
    html: /img\d*\.wsimg\.com|websites\.godaddy\.com/i,
  },
  { name: 'Webflow', generator: /webflow/i, html: /data-wf-page=|website-files\.com/i },
  { name: 'Joomla', generator: /joomla/i, html: /\/media\/jui\/|\/components\/com_[a-z]/i },
  {
    name: 'Drupal',
    generator: /drupal/i,
    html: /\/sites\/default\/files\/|Drupal\.settings|data-drupal-/,
    header: { name: 'x-generator', value: /drupal/i },
  },
  {
    name: 'WordPress',
    generator: /wordpress/i,
    html: /\/wp-content\/|\/wp-includes\/|api\.w\.org/i,
  },
];

export const HAND_WRITTEN = 'Hand-written';

export function detectTechnology(html: string, headers: Record<string, string>): string {
  const generator =
    /<meta\b[^<>]{0,500}?name=["']?generator["']?[^<>]{0,500}>/i.exec(html)?.[0] ?? '';
  for (const rule of RULES) {
    if (rule.generator && generator && rule.generator.test(generator)) return rule.name;
  }
  for (const rule of RULES) {
    if (rule.header && rule.header.value.test(headers[rule.header.name] ?? '')) return rule.name;
    if (rule.html?.test(html)) return rule.name;
  }
  return HAND_WRITTEN;
}

/** Hosts whose sub-domains are a builder's free address, not the business's own domain. */
export const BUILDER_HOSTS = [
  'wixsite.com',
  'squarespace.com',
  'myshopify.com',
  'weebly.com',
  'godaddysites.com',
  'webflow.io',
  'wordpress.com',
  'blogspot.com',
  'business.site',
  'square.site',
  'carrd.co',
  'yolasite.com',
  'jimdosite.com',
];

export const SOCIAL_HOSTS = [
  'facebook.com',
  'fb.com',
  'instagram.com',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'youtube.com',
  'tiktok.com',
  'yelp.com',
  'pinterest.com',
  'nextdoor.com',
];

export function hostMatches(host: string, domains: readonly string[]): boolean {
  const bare = host.toLowerCase().replace(/^www\./, '');
  return domains.some((domain) => bare === domain || bare.endsWith(`.${domain}`));
}
