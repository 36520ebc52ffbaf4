import { Globe, Mail, MapPin, Phone } from 'lucide-react';
import { useLocation } from 'wouter';
import { paths } from '@/lib/paths';

/** 'https://www.bayouweb.example/' as a reader says it: 'bayouweb.example'. */
function websiteLabel(url: string): string {
  try {
    const { hostname, pathname } = new URL(url);
    return `${hostname.replace(/^www\./, '')}${pathname === '/' ? '' : pathname}`;
  } catch {
    return url;
  }
}

/** A phone number as a tel: address: its digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function SiteFooter({
  brand,
  email,
  location,
  phone = '',
  website = '',
  tagline = '',
  links = [],
}: {
  brand: string;
  email: string;
  location: string;
  /** Shown when set in Settings, as is the website. */
  phone?: string;
  website?: string;
  /** The owner's words under the name (Website screen). */
  tagline?: string;
  /** The sections the page draws. */
  links?: Array<{ href: string; label: string }>;
}) {
  const [, navigate] = useLocation();
  return (
    <footer className="bg-[#06212c] px-4 py-12 text-white/80">
      <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-3">
        <div>
          <p className="font-display text-lg font-bold text-white">{brand}</p>
          {tagline && <p className="mt-3 text-sm">{tagline}</p>}
        </div>
        <nav aria-label="Services">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Services</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="hover:text-white">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${email}`} className="break-all hover:text-white">
                {email}
              </a>
            </li>
            {phone && (
              <li className="flex items-center gap-2">
                <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
                <a href={telHref(phone)} className="hover:text-white">
                  {phone}
                </a>
              </li>
            )}
            {website && (
              <li className="flex min-w-0 items-center gap-2">
                <Globe className="h-4 w-4 shrink-0" aria-hidden="true" />
                <a href={website} className="break-all hover:text-white" rel="noopener">
                  {websiteLabel(website)}
                </a>
              </li>
            )}
            <li className="flex items-center gap-2">
              <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
              {location}
            </li>
          </ul>
        </div>
      </div>
      <div className="mx-auto mt-10 flex max-w-6xl flex-wrap items-center justify-between gap-4 border-t border-white/10 pt-6 text-sm">
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} {brand}
        </p>
        <div className="flex items-center gap-4">
          {/* Plain links: they work before the script runs, and load the pages only then. */}
          <a href={paths.privacy()} className="hover:text-white">
            Privacy Policy
          </a>
          <a href={paths.terms()} className="hover:text-white">
            Terms of Service
          </a>
          <button
            type="button"
            aria-label="Admin sign-in"
            onClick={() => navigate(paths.admin.root())}
            className="group flex h-6 w-6 items-center justify-center rounded-full"
          >
            <span className="h-1.5 w-1.5 rounded-full bg-white/15 group-hover:bg-white/40" />
          </button>
        </div>
      </div>
    </footer>
  );
}
