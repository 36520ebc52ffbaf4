import { fileTypeFromBuffer } from 'file-type';
import yauzl from 'yauzl';

/**
 * What an attachment is, decided by its bytes (file-type), against the allow-list. Text and CSV
 * have no signature: their extension is taken only when the bytes are UTF-8 without NUL and do
 * not open like a web page.
 */

const MAX_FILENAME_LENGTH = 150;

/** The name a file is stored and downloaded under: no folders, no control characters, short. */
export function sanitizeFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    // Control and format characters (bidi overrides included: "exe.txt" shown as "txt.exe").
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/["*:<>?|]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  if (!clean) return 'attachment';
  if (clean.length <= MAX_FILENAME_LENGTH) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return (
    [...clean.slice(0, clean.length - ext.length)]
      .slice(0, MAX_FILENAME_LENGTH - ext.length)
      .join('') + ext
  );
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** The types accepted, by what file-type reports; the office formats of before 2007 are OLE files. */
const ALLOWED_BY_MIME: Record<string, string> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
  'application/pdf': 'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation':
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text': 'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet':
    'application/vnd.oasis.opendocument.spreadsheet',
  'application/zip': 'application/zip',
};
const OLE_BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};
const TEXT_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};
const ZIP_BASED = new Set([
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

/**
 * The extensions a kept type goes by, its usual one first. An Office or OpenDocument file is a
 * ZIP inside: one that file-type reads only as a ZIP keeps its office extension.
 */
const EXTENSIONS_BY_TYPE: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/zip': ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods'],
  'application/msword': ['doc'],
  'application/vnd.ms-excel': ['xls'],
  'text/plain; charset=utf-8': ['txt'],
  'text/csv; charset=utf-8': ['csv'],
};

/** What a kept type is, as the sender is told when a file is renamed for it. */
const TYPE_NAMES: Record<string, string> = {
  'image/png': 'a PNG image',
  'image/jpeg': 'a JPEG image',
  'image/gif': 'a GIF image',
  'image/webp': 'a WebP image',
  'application/pdf': 'a PDF document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'a Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'an Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation':
    'a PowerPoint presentation',
  'application/vnd.oasis.opendocument.text': 'an OpenDocument text',
  'application/vnd.oasis.opendocument.spreadsheet': 'an OpenDocument spreadsheet',
  'application/zip': 'a ZIP archive',
};

/**
 * The last extension of a name, when it is one: up to 10 letters and digits with a letter
 * among them ("report.PDF", "setup.bat"; not the "05" of "Invoice 2024.05").
 */
function nameExtension(filename: string): string | null {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0) return null;
  const ext = filename.slice(dot + 1).toLowerCase();
  return /^(?=.*[a-z])[a-z0-9]{1,10}$/.test(ext) ? ext : null;
}

/**
 * The name a file of this (detected, accepted) type is kept under: its own when its extension
 * is one of the type's, else the type's extension in place of its last one ("statement.bat"
 * holding a PDF is kept as "statement.pdf", "report.pdf.exe" as "report.pdf") or after the
 * whole name when it has none ("photo" holding a PNG is kept as "photo.png"). A file
 * downloaded later then opens as what it is, never as what its name claimed. `renamed` says
 * why, for the sender.
 */
export function keptFilename(
  filename: string,
  contentType: string,
): { filename: string; renamed?: { reason: string } } {
  const extensions = EXTENSIONS_BY_TYPE[contentType];
  const ext = nameExtension(filename);
  if (!extensions || (ext && extensions.includes(ext))) return { filename };
  const base = ext ? filename.slice(0, -(ext.length + 1)) : filename;
  const baseExt = nameExtension(base);
  const renamed =
    baseExt && extensions.includes(baseExt) ? base : `${base || 'attachment'}.${extensions[0]}`;
  const what = TYPE_NAMES[contentType] ?? `a .${extensions[0]} file`;
  return {
    filename: sanitizeFilename(renamed),
    renamed: {
      reason: ext
        ? `its contents are ${what}, not a .${ext} file`
        : `its contents are ${what}, and its name had no extension`,
    },
  };
}

export const ACCEPTED_TYPES_TEXT =
  'images (PNG, JPEG, GIF, WebP), PDF, Word, Excel, PowerPoint, OpenDocument, text, CSV and ZIP';

/** Limits of a ZIP's central directory (a ZIP bomb declares far more than it weighs). */
export const ZIP_LIMITS = {
  maxEntries: 2_000,
  maxUncompressedBytes: 250 * 1024 * 1024,
  /** Above this ratio of declared to sent size, and past `ratioFloorBytes`, it is a bomb. */
  maxRatio: 100,
  ratioFloorBytes: 10 * 1024 * 1024,
};

export type TypeCheck = { ok: true; contentType: string } | { ok: false; reason: string };

const notAccepted = (what: string): TypeCheck => ({
  ok: false,
  reason: `${what} files are not accepted (accepted: ${ACCEPTED_TYPES_TEXT})`,
});

function looksLikeMarkup(text: string): boolean {
  return /^\s*<(!doctype\s+html|html|svg|\?xml|head|body|script)\b/i.test(text.slice(0, 1024));
}

function utf8Text(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Reads a ZIP's central directory (never its contents) and refuses one that would blow up. */
export async function inspectZip(bytes: Buffer): Promise<string | null> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false }, (error, file) =>
        error || !file ? reject(error ?? new Error('no zip')) : resolve(file),
      ),
    );
  } catch {
    return 'the ZIP archive is damaged and cannot be read';
  }
  try {
    if (zip.entryCount > ZIP_LIMITS.maxEntries) {
      return `the ZIP archive holds ${zip.entryCount} files (at most ${ZIP_LIMITS.maxEntries})`;
    }
    const declared = await new Promise<number>((resolve, reject) => {
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        zip.readEntry();
      });
      zip.on('end', () => resolve(total));
      zip.on('error', reject);
      zip.readEntry();
    }).catch(() => null);
    if (declared === null) return 'the ZIP archive is damaged and cannot be read';
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    if (declared > ZIP_LIMITS.maxUncompressedBytes) {
      return `ZIP bomb: the archive unpacks to ${mb(declared)} (at most ${mb(ZIP_LIMITS.maxUncompressedBytes)})`;
    }
    if (declared > ZIP_LIMITS.ratioFloorBytes && declared / bytes.length > ZIP_LIMITS.maxRatio) {
      return `ZIP bomb: the archive unpacks to ${mb(declared)}, ${Math.round(declared / bytes.length)} times its size`;
    }
    return null;
  } finally {
    zip.close();
  }
}

/** The content type the file is stored and served with, or why it is refused. */
export async function checkFileType(filename: string, bytes: Buffer): Promise<TypeCheck> {
  const ext = extensionOf(filename);
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    let contentType = ALLOWED_BY_MIME[detected.mime];
    if (!contentType && detected.ext === 'cfb') contentType = OLE_BY_EXTENSION[ext];
    if (!contentType) return notAccepted(detected.ext.toUpperCase());
    if (ZIP_BASED.has(contentType)) {
      const bomb = await inspectZip(bytes);
      if (bomb) return { ok: false, reason: bomb };
    }
    return { ok: true, contentType };
  }
  const textType = TEXT_BY_EXTENSION[ext];
  if (!textType) {
    if (['html', 'htm', 'xhtml', 'svg', 'xml'].includes(ext)) return notAccepted(ext.toUpperCase());
    return notAccepted(ext ? ext.toUpperCase() : 'Unrecognised');
  }
  const text = utf8Text(bytes);
  if (text === null) {
    return { ok: false, reason: `a .${ext} file must be UTF-8 text; these bytes are not` };
  }
  if (looksLikeMarkup(text)) return notAccepted('HTML and SVG');
  return { ok: true, contentType: textType };
}
