/// <reference lib="webworker" />
import { createOceanRenderer, type OceanRenderer } from './ocean-renderer';

/** Messages from the page to the worker that draws the background. */
export type OceanWorkerMessage =
  | { type: 'init'; canvas: OffscreenCanvas; pixelRatio: number; width: number; height: number }
  | { type: 'resize'; width: number; height: number }
  | { type: 'run'; running: boolean }
  | { type: 'dispose' };

/** Messages from the worker to the page. */
export type OceanWorkerReply = { type: 'ready' } | { type: 'error'; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
let ocean: OceanRenderer | undefined;

scope.onmessage = (event: MessageEvent<OceanWorkerMessage>) => {
  const message = event.data;
  try {
    switch (message.type) {
      case 'init':
        ocean = createOceanRenderer(message.canvas, message.pixelRatio);
        ocean.resize(message.width, message.height);
        scope.postMessage({ type: 'ready' } satisfies OceanWorkerReply);
        break;
      case 'resize':
        ocean?.resize(message.width, message.height);
        break;
      case 'run':
        ocean?.setRunning(message.running);
        break;
      case 'dispose':
        ocean?.dispose();
        ocean = undefined;
        scope.close();
        break;
    }
  } catch (error) {
    scope.postMessage({ type: 'error', message: String(error) } satisfies OceanWorkerReply);
  }
};
