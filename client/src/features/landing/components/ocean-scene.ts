import type { OceanRenderer } from './ocean-renderer';
import type { OceanWorkerMessage, OceanWorkerReply } from './ocean-worker';

const MAX_PIXEL_RATIO = 2;

/** The same commands whether the scene is drawn in a worker or on the main thread. */
interface OceanHandle {
  resize(width: number, height: number): void;
  setRunning(running: boolean): void;
  dispose(): void;
}

function inWorker(
  canvas: HTMLCanvasElement,
  pixelRatio: number,
  width: number,
  height: number,
  onReady: () => void,
  onError: () => void,
): OceanHandle {
  const offscreen = canvas.transferControlToOffscreen();
  const worker = new Worker(new URL('./ocean-worker.ts', import.meta.url), { type: 'module' });
  const send = (message: OceanWorkerMessage, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  worker.onmessage = (event: MessageEvent<OceanWorkerReply>) => {
    if (event.data.type === 'ready') onReady();
    else onError();
  };
  worker.onerror = () => onError();
  send({ type: 'init', canvas: offscreen, pixelRatio, width, height }, [offscreen]);
  return {
    resize: (w, h) => send({ type: 'resize', width: w, height: h }),
    setRunning: (running) => send({ type: 'run', running }),
    dispose: () => {
      send({ type: 'dispose' });
      // The worker releases its WebGL context and closes; terminate in case it cannot.
      setTimeout(() => worker.terminate(), 1000);
    },
  };
}

async function onMainThread(
  canvas: HTMLCanvasElement,
  pixelRatio: number,
  width: number,
  height: number,
): Promise<OceanRenderer> {
  const { createOceanRenderer } = await import('./ocean-renderer');
  const ocean = createOceanRenderer(canvas, pixelRatio);
  ocean.resize(width, height);
  return ocean;
}

/**
 * Starts the animated background in the container: drawn in a worker when the browser can
 * hand a canvas to one (three.js then never runs on the main thread), on the main thread
 * otherwise. Runs only while the tab is visible and the canvas on screen. Calls onReady once
 * drawing, onError if WebGL fails; returns the function that releases everything.
 */
export function startOceanScene(
  container: HTMLElement,
  onReady: () => void,
  onError: () => void,
): () => void {
  const canvas = document.createElement('canvas');
  canvas.style.position = 'absolute';
  canvas.style.inset = '0';
  canvas.style.width = '100%';
  canvas.style.height = '100%';
  container.appendChild(canvas);
  const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
  const size = () => [container.clientWidth || 1, container.clientHeight || 1] as const;

  let disposed = false;
  let handle: OceanHandle | undefined;
  let onScreen = true;
  const update = () => handle?.setRunning(onScreen && document.visibilityState === 'visible');
  const fail = () => {
    if (disposed) return;
    release();
    onError();
  };
  const ready = () => {
    if (disposed) return;
    update();
    onReady();
  };

  const [width, height] = size();
  if (typeof canvas.transferControlToOffscreen === 'function' && typeof Worker !== 'undefined') {
    handle = inWorker(canvas, pixelRatio, width, height, ready, fail);
  } else {
    onMainThread(canvas, pixelRatio, width, height).then((ocean) => {
      if (disposed) return ocean.dispose();
      handle = ocean;
      ready();
    }, fail);
  }

  const visibility = new IntersectionObserver(([entry]) => {
    onScreen = entry?.isIntersecting ?? true;
    update();
  });
  visibility.observe(container);
  const sizes = new ResizeObserver(() => handle?.resize(...size()));
  sizes.observe(container);
  document.addEventListener('visibilitychange', update);

  function release() {
    if (disposed) return;
    disposed = true;
    visibility.disconnect();
    sizes.disconnect();
    document.removeEventListener('visibilitychange', update);
    handle?.dispose();
    canvas.remove();
  }
  return release;
}
