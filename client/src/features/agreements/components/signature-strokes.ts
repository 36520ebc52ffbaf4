import { MAX_SIGNATURE_DATA_URL } from '@shared/schemas/proposals';

/**
 * The drawing of a signature, apart from the canvas that shows it: points in the pad's own
 * units (CSS pixels from its top-left corner), so the same strokes are drawn on screen at the
 * device's pixel ratio and exported at a size of their own.
 */
export interface Point {
  x: number;
  y: number;
}
export type Stroke = Point[];

/** The pad's height in CSS pixels; its width is the width it is given (the screen's, on a phone). */
export const PAD_HEIGHT = 160;
/** The widest PNG exported: wide enough to print sharply, small enough to send. */
export const EXPORT_MAX_WIDTH = 600;
const LINE_WIDTH = 2.5;
const INK = '#111827';

/** Where a pointer is on the pad, from its client coordinates and the pad's box. */
export function pointOnPad(
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): Point {
  const x = Math.min(Math.max(clientX - box.left, 0), box.width);
  const y = Math.min(Math.max(clientY - box.top, 0), box.height);
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

/** Whether anything was drawn: a tap alone leaves a dot, which counts. */
export const hasInk = (strokes: readonly Stroke[]) => strokes.some((stroke) => stroke.length > 0);

/**
 * The size of the exported PNG for a pad `width` x `height` CSS pixels: the pad's own size,
 * scaled down to at most EXPORT_MAX_WIDTH wide, whole pixels, never zero.
 */
export function exportSize(width: number, height: number, maxWidth = EXPORT_MAX_WIDTH) {
  const scale = width > maxWidth ? maxWidth / width : 1;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    scale,
  };
}

/** Draws the strokes on a 2D context, `scale` device pixels per pad unit. */
export function drawStrokes(
  context: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  scale: number,
): void {
  context.save();
  context.scale(scale, scale);
  context.lineWidth = LINE_WIDTH;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = INK;
  context.fillStyle = INK;
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    if (rest.length === 0) {
      context.beginPath();
      context.arc(first.x, first.y, LINE_WIDTH / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.beginPath();
    context.moveTo(first.x, first.y);
    for (const point of rest) context.lineTo(point.x, point.y);
    context.stroke();
  }
  context.restore();
}

/**
 * The strokes as a PNG data URL on a transparent ground, at most EXPORT_MAX_WIDTH wide and
 * halved again while the URL is above the server's limit (MAX_SIGNATURE_DATA_URL): a few
 * kB for a real signature, so the limit is only a guard. Undefined when nothing is drawn or
 * the browser cannot draw.
 */
export function exportSignature(
  strokes: readonly Stroke[],
  pad: { width: number; height: number },
  makeCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
): string | undefined {
  if (!hasInk(strokes)) return undefined;
  for (let maxWidth = EXPORT_MAX_WIDTH; maxWidth >= 75; maxWidth /= 2) {
    const size = exportSize(pad.width, pad.height, maxWidth);
    const canvas = makeCanvas();
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return undefined;
    drawStrokes(context, strokes, size.scale);
    const url = canvas.toDataURL('image/png');
    if (url.length <= MAX_SIGNATURE_DATA_URL) return url;
  }
  return undefined;
}
