import { useEffect, type RefObject } from 'react';
import { SCROLL_REVEAL_MARGIN_PX } from '@shared/constants';

/**
 * Reveals every [data-reveal] element inside the container once it comes within 150 px of
 * the viewport bottom. Without IntersectionObserver nothing is ever hidden.
 */
export function useScrollReveal(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.setAttribute('data-revealed', '');
          observer.unobserve(entry.target);
        }
      },
      { rootMargin: `0px 0px -${SCROLL_REVEAL_MARGIN_PX}px 0px` },
    );
    root.querySelectorAll('[data-reveal]').forEach((element) => observer.observe(element));
    root.classList.add('reveal-armed');
    return () => {
      observer.disconnect();
      root.classList.remove('reveal-armed');
    };
  }, [container]);
}
