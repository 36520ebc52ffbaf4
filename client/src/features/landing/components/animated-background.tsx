import { useEffect, useRef, useState } from 'react';

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!context) return false;
    // Give the probe's context back at once: browsers cap live WebGL contexts.
    context.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

type Mode = 'gradient' | 'webgl';

const START_DELAY_MS = 500;

/**
 * The hero's background: a static gradient that is painted first and stays when WebGL is
 * missing or motion is unwelcome; otherwise the three.js scene, loaded as its own chunk
 * once the page has painted, and disposed with the page.
 */
export function AnimatedBackground() {
  const container = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<Mode>('gradient');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    if (!webglAvailable()) return;

    let cancelled = false;
    let dispose: (() => void) | undefined;
    const start = () => {
      import('./ocean-scene')
        .then(({ startOceanScene }) => {
          if (cancelled) return;
          dispose = startOceanScene(
            element,
            () => setMode('webgl'),
            // The gradient stays; the page works without the animation.
            () => setMode('gradient'),
          );
        })
        .catch((error: unknown) => {
          console.warn('Animated background unavailable', error);
        });
    };
    // Decoration waits for the page: after the load event, a pause, and an idle moment.
    // three.js itself then loads and runs in a worker where the browser allows it.
    let idle: number | undefined;
    let timer: number | undefined;
    const schedule = () => {
      timer = window.setTimeout(() => {
        idle = window.requestIdleCallback?.(start, { timeout: 2000 });
        if (idle === undefined) start();
      }, START_DELAY_MS);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', schedule);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
      dispose?.();
    };
  }, []);

  return (
    <div
      ref={container}
      aria-hidden="true"
      data-testid="hero-background"
      data-mode={mode}
      className="absolute inset-0 -z-10 overflow-hidden bg-gradient-to-br from-[#0b3b4f] via-[#0e7490] to-[#1b6f86]"
    />
  );
}
