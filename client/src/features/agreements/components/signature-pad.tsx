import { Eraser } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  exportSignature,
  hasInk,
  PAD_HEIGHT,
  pointOnPad,
  drawStrokes,
  type Stroke,
} from './signature-strokes';

/**
 * A pad to draw a signature on with a finger, a pen or a mouse (pointer events, so all three
 * alike; `touch-action: none` keeps a finger from scrolling the page instead). It fills the
 * width it is given and reports the drawing as a PNG data URL after each stroke, undefined
 * once cleared. A canvas says nothing to a keyboard or a screen reader: the form beside it
 * offers a typed signature for them.
 */
export function SignaturePad({
  onChange,
  describedBy,
  invalid,
}: {
  onChange: (dataUrl: string | undefined) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Stroke[]>([]);
  const drawing = useRef<number | null>(null);
  const [inked, setInked] = useState(false);

  /** Draws every stroke again at the pad's current size and the screen's pixel ratio. */
  const paint = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.getBoundingClientRect().width || canvas.clientWidth;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(PAD_HEIGHT * ratio);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, canvas.width, canvas.height);
    drawStrokes(context, strokes.current, ratio);
  }, []);

  useEffect(() => {
    paint();
    window.addEventListener('resize', paint);
    return () => window.removeEventListener('resize', paint);
  }, [paint]);

  const addPoint = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const stroke = strokes.current[strokes.current.length - 1];
    stroke?.push(pointOnPad(box, event.clientX, event.clientY));
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    // The main button of a mouse or pen; a finger's contact reports button 0 too.
    if (event.button !== 0 || drawing.current !== null) return;
    event.preventDefault();
    // The stroke keeps coming here when the finger slides off the pad.
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = event.pointerId;
    strokes.current.push([]);
    addPoint(event);
    paint();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== event.pointerId) return;
    addPoint(event);
    paint();
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== event.pointerId) return;
    drawing.current = null;
    const box = event.currentTarget.getBoundingClientRect();
    const drawn = hasInk(strokes.current);
    setInked(drawn);
    onChange(
      drawn
        ? exportSignature(strokes.current, { width: box.width || 300, height: PAD_HEIGHT })
        : undefined,
    );
  };

  const clear = () => {
    strokes.current = [];
    drawing.current = null;
    setInked(false);
    paint();
    onChange(undefined);
  };

  return (
    <div className="space-y-2">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={inked ? 'Your drawn signature' : 'Signature pad, empty'}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        style={{ height: PAD_HEIGHT, touchAction: 'none' }}
        className="block w-full cursor-crosshair select-none rounded-md border-2 border-dashed border-input bg-white aria-[invalid=true]:border-destructive"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">Sign with your finger, a pen or the mouse.</p>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={!inked}>
          <Eraser className="h-4 w-4" aria-hidden="true" /> Clear
        </Button>
      </div>
    </div>
  );
}
