import { describe, expect, it } from 'vitest';
import { EXE, HTML, pngImage, PDF, SVG } from '@tests/support/sample-files';
import { makeZip } from '@tests/support/zip';
import { checkFileType, keptFilename, sanitizeFilename } from './file-checks';

describe('sanitizeFilename', () => {
  it('keeps the last path part only, without control or bidi characters', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('..\\..\\windows\\evil.txt')).toBe('evil.txt');
    expect(sanitizeFilename('re\u0000port\r\n.pdf')).toBe('report.pdf');
    expect(sanitizeFilename('photo\u202egnp.exe')).toBe('photognp.exe');
    expect(sanitizeFilename('...hidden')).toBe('hidden');
    expect(sanitizeFilename('../')).toBe('attachment');
    expect(sanitizeFilename('Café menu été.pdf')).toBe('Café menu été.pdf');
  });

  it('caps the length and keeps the extension', () => {
    const name = sanitizeFilename(`${'a'.repeat(400)}.docx`);
    expect(name).toHaveLength(150);
    expect(name.endsWith('.docx')).toBe(true);
  });
});

describe('checkFileType: the bytes decide', () => {
  it('accepts images, PDF and ZIP by their signature whatever their name', async () => {
    expect(await checkFileType('logo.png', pngImage())).toEqual({
      ok: true,
      contentType: 'image/png',
    });
    expect(await checkFileType('scan.png', PDF)).toEqual({
      ok: true,
      contentType: 'application/pdf',
    });
    const zip = makeZip([{ name: 'copy.txt', data: Buffer.from('Our story\n') }]);
    expect(await checkFileType('site.zip', zip)).toEqual({
      ok: true,
      contentType: 'application/zip',
    });
  });

  it('accepts text and CSV by extension only when they are UTF-8 without NUL', async () => {
    expect(await checkFileType('menu.txt', Buffer.from('Gumbo — $12\n'))).toEqual({
      ok: true,
      contentType: 'text/plain; charset=utf-8',
    });
    expect(await checkFileType('prices.csv', Buffer.from('item,price\ngumbo,12\n'))).toEqual({
      ok: true,
      contentType: 'text/csv; charset=utf-8',
    });
    expect(await checkFileType('menu.txt', Buffer.from([0x47, 0x00, 0x48]))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/must be UTF-8 text/),
    });
    expect(await checkFileType('menu.txt', Buffer.from([0xff, 0xfe, 0x41]))).toMatchObject({
      ok: false,
    });
  });

  it('refuses HTML, SVG and programs, with a reason, even under a harmless name', async () => {
    for (const [name, bytes, what] of [
      ['page.html', HTML, 'HTML'],
      ['page.txt', HTML, 'HTML and SVG'],
      ['logo.svg', SVG, 'SVG'],
      ['logo.txt', SVG, 'HTML and SVG'],
      ['setup.exe', EXE, 'EXE'],
      ['invoice.pdf', EXE, 'EXE'],
      ['notes', Buffer.from('plain words'), 'Unrecognised'],
    ] as const) {
      const check = await checkFileType(name, bytes);
      expect(check, name).toEqual({
        ok: false,
        reason: expect.stringContaining(`${what} files are not accepted`),
      });
    }
  });

  it('refuses a ZIP bomb: declared size, ratio, entry count', async () => {
    const forged = makeZip([
      { name: 'big.bin', data: Buffer.alloc(1000), declaredSize: 4_000_000_000 },
    ]);
    expect(await checkFileType('bomb.zip', forged)).toEqual({
      ok: false,
      reason: expect.stringMatching(/^ZIP bomb: the archive unpacks to 3815 MB/),
    });
    // A real one: 40 MB of zeros packs into some 40 kB.
    const real = makeZip([{ name: 'zeros.bin', data: Buffer.alloc(40 * 1024 * 1024) }]);
    expect(await checkFileType('zeros.zip', real)).toEqual({
      ok: false,
      reason: expect.stringMatching(/^ZIP bomb: the archive unpacks to 40 MB, \d+ times its size/),
    });
    const many = makeZip(
      Array.from({ length: 2001 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') })),
    );
    expect(await checkFileType('many.zip', many)).toEqual({
      ok: false,
      reason: 'the ZIP archive holds 2001 files (at most 2000)',
    });
  });
});

describe('keptFilename: the name says what the bytes are', () => {
  const PDF_TYPE = 'application/pdf';
  it("keeps a name whose extension is the type's, in any case", () => {
    expect(keptFilename('menu.pdf', PDF_TYPE)).toEqual({ filename: 'menu.pdf' });
    expect(keptFilename('SCAN.PDF', PDF_TYPE)).toEqual({ filename: 'SCAN.PDF' });
    expect(keptFilename('photo.jpeg', 'image/jpeg')).toEqual({ filename: 'photo.jpeg' });
    expect(keptFilename('notes.txt', 'text/plain; charset=utf-8')).toEqual({
      filename: 'notes.txt',
    });
    // An Office file that file-type reads only as a ZIP is still the Office file it says.
    expect(keptFilename('prices.xlsx', 'application/zip')).toEqual({ filename: 'prices.xlsx' });
  });

  it("puts the type's extension in place of another, or after a name without one", () => {
    expect(keptFilename('statement.bat', PDF_TYPE)).toEqual({
      filename: 'statement.pdf',
      renamed: { reason: 'its contents are a PDF document, not a .bat file' },
    });
    expect(keptFilename('report.pdf.exe', PDF_TYPE).filename).toBe('report.pdf');
    expect(keptFilename('photo', 'image/png')).toEqual({
      filename: 'photo.png',
      renamed: { reason: 'its contents are a PNG image, and its name had no extension' },
    });
    // "05" is no extension: the date stays in the name.
    expect(keptFilename('Invoice 2024.05', PDF_TYPE).filename).toBe('Invoice 2024.05.pdf');
    expect(keptFilename('logo.jpg', 'image/png').filename).toBe('logo.png');
    expect(
      keptFilename(
        'contract.zip',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ).filename,
    ).toBe('contract.docx');
    const long = keptFilename(`${'a'.repeat(160)}.bat`, PDF_TYPE).filename;
    expect(long).toHaveLength(150);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
