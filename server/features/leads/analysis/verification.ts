import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { WebsiteSignals } from '@shared/schemas/leads';
import type { Place, VerificationChecks } from '@shared/lead-facts';
import { websiteUrl } from './website-analyzer';

export type MxResolver = (domain: string) => Promise<{ exchange: string }[]>;

export function phoneIsValid(phone: string | null): boolean | null {
  if (!phone) return null;
  return parsePhoneNumberFromString(phone, 'US')?.isValid() ?? false;
}

/** US numbers in national format ("(225) 555-0134"), so a CSV cell never starts with '+'. */
export function nationalPhone(phone: string | null): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed?.isValid()) return phone;
  return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
}

const domainOf = (email: string) => email.split('@')[1]?.toLowerCase() ?? '';

export function createVerifier({
  resolveMx,
  timeoutMs = 3000,
}: {
  resolveMx: MxResolver;
  timeoutMs?: number;
}) {
  const cache = new Map<string, Promise<boolean | null>>();
  const mx = (domain: string) => {
    let pending = cache.get(domain);
    if (!pending) {
      pending = Promise.race([
        resolveMx(domain).then(
          (records) => records.length > 0,
          (error: NodeJS.ErrnoException) =>
            error.code === 'ENOTFOUND' || error.code === 'ENODATA' ? false : null,
        ),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs).unref()),
      ]);
      cache.set(domain, pending);
    }
    return pending;
  };
  return async function verify(place: Place, email: string | null): Promise<VerificationChecks> {
    return {
      phoneValid: phoneIsValid(place.phone),
      emailHasMx: email ? await mx(domainOf(email)) : null,
    };
  };
}

/** Whether the e-mail's domain is the website's own domain (info@shop.com on shop.com). */
export function emailMatchesWebsite(email: string | null, website: string | null): boolean | null {
  const url = website ? websiteUrl(website) : null;
  if (!email || !url) return null;
  const site = url.hostname.toLowerCase().replace(/^www\./, '');
  const domain = domainOf(email);
  return domain === site || site.endsWith(`.${domain}`) || domain.endsWith(`.${site}`);
}

/** The earliest year the business is known to exist in: OSM start_date, then the copyright line. */
export function foundedYear(place: Place, signals: WebsiteSignals | null): number | null {
  const started = place.startDate ? Number(/\d{4}/.exec(place.startDate)?.[0]) : NaN;
  const years = [started, signals?.firstYear ?? NaN].filter((year) => Number.isFinite(year));
  return years.length > 0 ? Math.min(...years) : null;
}
