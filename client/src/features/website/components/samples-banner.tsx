import { TriangleAlert } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { paths } from '@/lib/paths';
import { useSiteContent } from '../api/get-site-content';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The admin's warning while the public site still shows the install's made-up portfolio items
 * or testimonials (issue 37): gone once the owner replaces or removes them and publishes.
 */
export function SamplesBanner() {
  const { data } = useSiteContent();
  const [location] = useLocation();
  if (!data) return null;
  const { portfolio, testimonials } = data.samplesShowing;
  if (portfolio === 0 && testimonials === 0) return null;
  const what = [
    portfolio > 0 && plural(portfolio, 'sample portfolio item', 'sample portfolio items'),
    testimonials > 0 && plural(testimonials, 'sample testimonial', 'sample testimonials'),
  ]
    .filter(Boolean)
    .join(' and ');
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          Your public site still shows {what} that are not yours. Replace them with your own work
          and clients&apos; words, or remove them, then publish.
        </span>
      </p>
      {location !== paths.admin.website() && (
        <Link
          href={paths.admin.website()}
          className="shrink-0 font-medium underline underline-offset-4"
        >
          Edit your website
        </Link>
      )}
    </div>
  );
}
