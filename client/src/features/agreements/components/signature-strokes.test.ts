import { describe, expect, it } from 'vitest';
import { MAX_SIGNATURE_DATA_URL } from '@shared/schemas/proposals';
import { exportSignature, exportSize, hasInk, pointOnPad } from './signature-strokes';

const BOX = { left: 10, top: 100, width: 360, height: 160 };

/** A canvas that records its size and answers a data URL of `length` for each size. */
function fakeCanvas(lengthFor: (width: number) => number) {
  const made: { width: number; height: number }[] = [];
  const make = () => {
    const canvas = {
      width: 0,
      height: 0,
      getContext: () =>
        new Proxy({}, { get: () => () => {} }) as unknown as CanvasRenderingContext2D,
      toDataURL: () => {
        made.push({ width: canvas.width, height: canvas.height });
        return 'data:image/png;base64,' + 'A'.repeat(lengthFor(canvas.width));
      },
    };
    return canvas as unknown as HTMLCanvasElement;
  };
  return { make, made };
}

describe('the signature pad', () => {
  it('places a pointer on the pad, held inside its box', () => {
    expect(pointOnPad(BOX, 50, 180)).toEqual({ x: 40, y: 80 });
    expect(pointOnPad(BOX, 0, 400)).toEqual({ x: 0, y: 160 });
    expect(pointOnPad(BOX, 1000, 50)).toEqual({ x: 360, y: 0 });
  });

  it('counts a tap as ink, an empty stroke not', () => {
    expect(hasInk([])).toBe(false);
    expect(hasInk([[]])).toBe(false);
    expect(hasInk([[{ x: 1, y: 1 }]])).toBe(true);
  });

  it('exports at the pad size, a wide pad scaled down to 600 px', () => {
    expect(exportSize(360, 160)).toEqual({ width: 360, height: 160, scale: 1 });
    expect(exportSize(1200, 160)).toEqual({ width: 600, height: 80, scale: 0.5 });
  });

  it('exports nothing when nothing is drawn', () => {
    const { make, made } = fakeCanvas(() => 100);
    expect(exportSignature([[]], { width: 360, height: 160 }, make)).toBeUndefined();
    expect(made).toEqual([]);
  });

  it('halves the picture until its data URL is within the server limit', () => {
    const { make, made } = fakeCanvas((width) => (width > 200 ? MAX_SIGNATURE_DATA_URL : 1000));
    const url = exportSignature(
      [
        [
          { x: 1, y: 1 },
          { x: 50, y: 60 },
        ],
      ],
      { width: 800, height: 160 },
      make,
    );
    expect(url?.length).toBeLessThanOrEqual(MAX_SIGNATURE_DATA_URL);
    expect(made).toEqual([
      { width: 600, height: 120 },
      { width: 300, height: 60 },
      { width: 150, height: 30 },
    ]);
  });
});
