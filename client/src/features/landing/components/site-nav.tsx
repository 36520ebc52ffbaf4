import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NAV_SCROLL_THRESHOLD_PX } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { navLinks, openLeadModal } from '../content';
import { useSiteSnapshot } from '../site-snapshot';

export function SiteNav({ brand }: { brand: string }) {
  const [scrolled, setScrolled] = useState(false);
  const links = navLinks(useSiteSnapshot().content);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > NAV_SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header
      data-testid="site-nav"
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-colors duration-300',
        scrolled
          ? 'border-b border-white/20 bg-[#0b3b4f]/85 backdrop-blur-md'
          : 'border-b border-transparent bg-transparent',
      )}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3"
      >
        <a href="#top" className="font-display text-lg font-bold text-white">
          {brand}
        </a>
        <ul className="hidden items-center gap-6 md:flex">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="text-sm font-medium text-white/90 hover:text-white">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 md:flex">
          <Button asChild variant="ghostLight">
            <a href="/api/auth/login">Client Portal</a>
          </Button>
          <Button onClick={openLeadModal} variant="sand">
            Get Started
          </Button>
        </div>
        {/* A native disclosure: it opens from the first paint, before the script takes over
            (a tap on a prerendered React button is lost until hydration). */}
        <details className="md:hidden">
          <Button asChild variant="ghostLight" size="icon" className="menu-toggle">
            <summary>
              <span className="sr-only">Menu</span>
              <Menu aria-hidden="true" />
              <X aria-hidden="true" />
            </summary>
          </Button>
          {/* Choosing a link or Get Started (any tap in the open menu) closes it. */}
          <div
            id="mobile-menu"
            onClick={(event) => event.currentTarget.parentElement!.removeAttribute('open')}
            className="absolute inset-x-0 top-full border-t border-white/20 bg-[#0b3b4f] px-4 pb-4"
          >
            <ul className="flex flex-col">
              {links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="block py-3 text-base font-medium text-white">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
            <div className="mt-2 flex flex-col gap-2">
              <Button asChild variant="secondary">
                <a href="/api/auth/login">Client Portal</a>
              </Button>
              <Button onClick={openLeadModal} variant="sand">
                Get Started
              </Button>
            </div>
          </div>
        </details>
      </nav>
    </header>
  );
}
