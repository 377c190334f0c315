import { forwardRef, useImperativeHandle, useRef } from 'react';
import { theme } from 'antd';

export type SignaturePadRef = {
  /** The drawing as a PNG data URL, or null when nothing was drawn. */
  toDataUrl: () => string | null;
  clear: () => void;
};

/** A canvas the receiver signs on with a finger, a pen or a mouse (pointer events). */
export const SignaturePad = forwardRef<SignaturePadRef, { onChange?: (drawn: boolean) => void }>(function SignaturePad(
  { onChange },
  ref,
) {
  const { token } = theme.useToken();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  useImperativeHandle(ref, () => ({
    toDataUrl: () => (drawn.current && canvas.current ? canvas.current.toDataURL('image/png') : null),
    clear: () => {
      const element = canvas.current;
      element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
      drawn.current = false;
      onChange?.(false);
    },
  }));
  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const scale = event.currentTarget.width / box.width;
    return { x: (event.clientX - box.left) * scale, y: (event.clientY - box.top) * scale };
  };
  return (
    <canvas
      ref={canvas}
      data-testid="signature-pad"
      width={700}
      height={260}
      style={{
        width: '100%',
        aspectRatio: '700 / 260',
        touchAction: 'none',
        border: `1px dashed ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: '#fff',
      }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        last.current = point(event);
      }}
      onPointerMove={(event) => {
        const from = last.current;
        const context = event.currentTarget.getContext('2d');
        if (!from || !context) return;
        const to = point(event);
        context.strokeStyle = '#000';
        context.lineWidth = 4;
        context.lineCap = 'round';
        context.beginPath();
        context.moveTo(from.x, from.y);
        context.lineTo(to.x, to.y);
        context.stroke();
        last.current = to;
        if (!drawn.current) {
          drawn.current = true;
          onChange?.(true);
        }
      }}
      onPointerUp={() => {
        last.current = null;
      }}
    />
  );
});

/** A photo downsized on the phone (at most `max` px a side, JPEG) so the proof stays small. */
export async function downsizedPhoto(file: File, max = 1280): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, max / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.8);
}
