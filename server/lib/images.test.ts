import { describe, expect, it } from 'vitest';
import { inspectImage, NOT_AN_IMAGE, resizeImage } from './images';

async function png(width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
}

describe('images', () => {
  it('reads the format and size from the content', async () => {
    expect(await inspectImage(await png(40, 30))).toEqual({ format: 'png', width: 40, height: 30 });
  });

  it('refuses a file that is not an image with a clear message', async () => {
    await expect(inspectImage(Buffer.from('<svg onload="alert(1)">'))).rejects.toMatchObject({
      status: 400,
      message: NOT_AN_IMAGE,
    });
  });

  it('fits an image within the bounds, never enlarging, in the asked format', async () => {
    const large = await resizeImage(await png(1600, 800), { format: 'webp', maxWidth: 800 });
    expect(large).toMatchObject({
      format: 'webp',
      contentType: 'image/webp',
      width: 800,
      height: 400,
    });
    expect(large.data.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const small = await resizeImage(await png(120, 60), { format: 'avif', maxWidth: 800 });
    expect(small).toMatchObject({ width: 120, height: 60, contentType: 'image/avif' });
    expect((await inspectImage(small.data)).format).toBe('avif');
  });
});
