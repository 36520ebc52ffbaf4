import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useRef,
  type ComponentType,
  type ReactNode,
} from 'react';

/**
 * The landing page after pricing (portfolio, why us, testimonials, FAQ, closing call to
 * action, footer) is a chunk of its own.
 *
 * When "/" arrives prerendered, that part is already on screen as HTML and only its buttons
 * wait for the code, so the code waits for a reason to load: the visitor touches or types
 * anything, the part comes within a screen of the viewport, or the page has loaded and gone
 * idle. Until then React keeps the server's HTML and hydrates it when the chunk arrives
 * (selective hydration). React drops a click on a part that is not hydrated yet, so such a
 * click is remembered here and replayed once the part answers. When the page is drawn in
 * the browser (returning to / from another screen) there is no HTML to keep, so the chunk
 * loads at once.
 *
 * A part still waiting for its code must not be re-rendered: React would drop the server's
 * HTML and show the fallback. So both parts take no props from the page (the footer reads
 * the settings itself) and are memoised against the page's own re-renders.
 */

/** The deferred sections' wrapper; its presence means the HTML came prerendered. */
const FIRST_DEFERRED_ID = 'showcase';
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
/** After the load event: the animated background starts first (its own 500 ms pause). */
const IDLE_DELAY_MS = 1_000;
const IDLE_TIMEOUT_MS = 2_000;
const PENDING_PART = '[data-deferred]:not([data-hydrated])';

function whenNeeded(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve(); // prerendering
  const prerendered = document.getElementById(FIRST_DEFERRED_ID);
  if (!prerendered) return Promise.resolve();
  document.addEventListener('click', rememberClick, true);

  return new Promise((resolve) => {
    const cleanups: Array<() => void> = [];
    const ready = () => {
      cleanups.forEach((cleanup) => cleanup());
      resolve();
    };

    for (const type of INTERACTIONS) {
      document.addEventListener(type, ready, { capture: true, passive: true });
      cleanups.push(() => document.removeEventListener(type, ready, { capture: true }));
    }

    if (typeof IntersectionObserver !== 'undefined') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) ready();
        },
        { rootMargin: '100% 0px' },
      );
      observer.observe(prerendered);
      cleanups.push(() => observer.disconnect());
    }

    let timer: number | undefined;
    let idle: number | undefined;
    const afterLoad = () => {
      timer = window.setTimeout(() => {
        idle = window.requestIdleCallback?.(ready, { timeout: IDLE_TIMEOUT_MS });
        if (idle === undefined) ready();
      }, IDLE_DELAY_MS);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    cleanups.push(() => {
      window.removeEventListener('load', afterLoad);
      if (timer !== undefined) window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    });
  });
}

/** The last button clicked in each part that was not hydrated at the time. */
const pendingClicks = new Map<Element, HTMLElement>();

function rememberClick(event: MouseEvent) {
  if (!(event.target instanceof Element)) return;
  const part = event.target.closest(PENDING_PART);
  const button = event.target.closest('button');
  if (part && button && part.contains(button)) pendingClicks.set(part, button);
}

function partHydrated(part: HTMLElement) {
  part.dataset.hydrated = '';
  const button = pendingClicks.get(part);
  pendingClicks.delete(part);
  if (button?.isConnected) button.click();
  if (!document.querySelector(PENDING_PART)) {
    document.removeEventListener('click', rememberClick, true);
    // The whole page answers clicks now; browser tests wait for this.
    document.documentElement.dataset.ready = 'true';
  }
}

/** What each part of the chunk is given: call it from an effect once mounted. */
export interface DeferredPartProps {
  onHydrated: () => void;
}

let chunk: Promise<typeof import('./showcase-sections')> | undefined;
const loadChunk = () => (chunk ??= whenNeeded().then(() => import('./showcase-sections')));

const Sections = lazy(() => loadChunk().then((m) => ({ default: m.ShowcaseSections })));
const Footer = lazy(() => loadChunk().then((m) => ({ default: m.LandingFooter })));

function DeferredPart({
  part: Part,
  fallback,
}: {
  part: ComponentType<DeferredPartProps>;
  fallback: ReactNode;
}) {
  const container = useRef<HTMLDivElement>(null);
  const onHydrated = useCallback(() => {
    if (container.current) partHydrated(container.current);
  }, []);
  return (
    <div ref={container} data-deferred="">
      <Suspense fallback={fallback}>
        <Part onHydrated={onHydrated} />
      </Suspense>
    </div>
  );
}

export const BelowTheFoldSections = memo(function BelowTheFoldSections() {
  return <DeferredPart part={Sections} fallback={<div className="min-h-screen" />} />;
});

export const BelowTheFoldFooter = memo(function BelowTheFoldFooter() {
  return <DeferredPart part={Footer} fallback={null} />;
});
