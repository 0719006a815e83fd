/** Pure rules of the media service: what a video's first bytes say it is, and which bytes a Range header asks for. */

/** A video type the service stores, with the extension of its generated name. */
export interface VideoFormat {
  mime: 'video/mp4' | 'video/webm';
  ext: 'mp4' | 'webm';
}

/** How many leading bytes the sniffers need: an MP4's `ftyp` box and a WebM's EBML header fit well within it. */
export const SNIFF_BYTES = 4096;

/** ISO BMFF brands of MP4 files (phones, cameras, encoders); QuickTime (`qt  `) and 3GP are not MP4 and are refused. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'mmp4',
  'MSNV',
  'cmfc',
  'cmf2',
]);

/** An MP4: a `ftyp` box at offset 4 whose major brand, or one of its compatible brands, is an MP4 brand. */
function isMp4(head: Uint8Array): boolean {
  if (head.length < 12) return false;
  const view = Buffer.from(head.buffer, head.byteOffset, head.length);
  if (view.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxSize = view.readUInt32BE(0);
  if (boxSize < 16 || boxSize % 4 !== 0) return false;
  const end = Math.min(boxSize, view.length);
  if (MP4_BRANDS.has(view.toString('latin1', 8, 12))) return true;
  // Brands listed after the minor version (offset 16), four bytes each.
  for (let at = 16; at + 4 <= end; at += 4) if (MP4_BRANDS.has(view.toString('latin1', at, at + 4))) return true;
  return false;
}

/** An EBML variable-length integer at `at`: its length in bytes and its value (with the length marker kept or masked). */
function readVint(buf: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number } | null {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + buf[at + i]!;
  return { length, value };
}

/** A WebM: the EBML magic `1A 45 DF A3` and, inside that header, a DocType element (0x4282) that says `webm`. */
function isWebm(head: Uint8Array): boolean {
  if (head.length < 8 || head[0] !== 0x1a || head[1] !== 0x45 || head[2] !== 0xdf || head[3] !== 0xa3) return false;
  const headerSize = readVint(head, 4, false);
  if (!headerSize) return false;
  const end = Math.min(4 + headerSize.length + headerSize.value, head.length);
  let at = 4 + headerSize.length;
  while (at < end) {
    const id = readVint(head, at, true);
    if (!id || id.length > 4) return false;
    const size = readVint(head, at + id.length, false);
    if (!size) return false;
    const data = at + id.length + size.length;
    if (id.value === 0x4282)
      return (
        Buffer.from(head.subarray(data, Math.min(data + size.value, end)))
          .toString('latin1')
          .replace(/\0+$/, '') === 'webm'
      );
    at = data + size.value;
  }
  return false;
}

/** What a file's first bytes say it is, when it is an MP4 or a WebM video; null for anything else (whatever its name). */
export function sniffVideo(head: Uint8Array): VideoFormat | null {
  if (isMp4(head)) return { mime: 'video/mp4', ext: 'mp4' };
  if (isWebm(head)) return { mime: 'video/webm', ext: 'webm' };
  return null;
}

/** The bytes a Range header asks for, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a `Range: bytes=…` header against a file of `size` bytes (RFC 9110): the one range asked for, clipped to the
 * file; 'unsatisfiable' (416) when it starts past the end; null when the whole file is to be sent (no header, a
 * malformed one, another unit or several ranges, which a server may answer with the whole file).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // A suffix: the last N bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
}

/** Another kind of file found inside an upload that is meant to be only an image or a video, named for the message. */
export type ForeignContent =
  'a ZIP archive' | 'web page markup' | 'a PDF document' | 'a RAR archive' | 'a 7-Zip archive' | 'a program';

/** Markup a browser would run: tags that make a page or script, PHP, a javascript: address. */
const MARKUP = /<(?:script|html|iframe|body|object|embed|svg|frameset)[\s/>]|<\?php|<!doctype\s+html|javascript:/i;
/**
 * In a video only the longer tokens: hundreds of megabytes of compressed bytes hold a short one like `<svg ` by
 * chance (about one video in seventy at 200 MB), and a video is served as a video with nosniff anyway.
 */
const VIDEO_MARKUP = /<(?:script|html|iframe|frameset)[\s/>]|<\?php|<!doctype\s+html|javascript:/i;
/** How far from its end a ZIP reader looks for the end-of-central-directory record (22 bytes and a comment of up to 64 KiB). */
const ZIP_EOCD_REACH = 22 + 65_535;
/** Where a PDF reader looks for `%PDF-`: anywhere in the first kilobyte. */
const PDF_REACH = 1024;
/** Characters kept from one chunk to the next so markup split across two chunks is still seen. */
const MARKUP_CARRY = 32;

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

/** A ZIP end-of-central-directory record as ZIP readers accept it: its signature, and its comment reaching the end. */
function zipEndIn(tail: Buffer): boolean {
  for (
    let at = tail.lastIndexOf('PK\x05\x06', undefined, 'latin1');
    at >= 0;
    at = at > 0 ? tail.lastIndexOf('PK\x05\x06', at - 1, 'latin1') : -1
  ) {
    if (at + 22 <= tail.length && tail.readUInt16LE(at + 20) === tail.length - at - 22) return true;
  }
  return false;
}

/**
 * Looks through a file's bytes as they pass (a video streamed to storage, or a whole image) for what would make it a
 * polyglot, a file that another program reads as its own format: markup a browser would run anywhere in it, a ZIP
 * end record where ZIP readers (and Java's JAR loader, the GIFAR trick) look for it, `%PDF-` where PDF readers do.
 */
export class ForeignContentScan {
  private found: ForeignContent | null = null;
  private carry = '';
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);
  private readonly markup: RegExp;

  /** `video`: the file is a (large, compressed) video, scanned for the longer markup tokens only. */
  constructor(opts: { video?: boolean } = {}) {
    this.markup = opts.video ? VIDEO_MARKUP : MARKUP;
  }

  /** Takes the next bytes of the file. */
  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    if (this.head.length < PDF_REACH)
      this.head = Buffer.concat([this.head, bytes.subarray(0, PDF_REACH - this.head.length)]);
    this.tail =
      bytes.length >= ZIP_EOCD_REACH
        ? Buffer.from(bytes.subarray(-ZIP_EOCD_REACH))
        : Buffer.concat([this.tail, bytes]).subarray(-ZIP_EOCD_REACH);
    if (this.found) return;
    const text = this.carry + latin1(bytes);
    if (this.markup.test(text)) this.found = 'web page markup';
    this.carry = text.slice(-MARKUP_CARRY);
  }

  /** What was found once the whole file has passed, or null for a file that is only itself. */
  finish(): ForeignContent | null {
    if (this.found) return this.found;
    if (zipEndIn(this.tail)) return 'a ZIP archive';
    if (this.head.includes('%PDF-', 0, 'latin1')) return 'a PDF document';
    return null;
  }
}

/** Where a JPEG ends: just past its end-of-image marker, found by walking its segments and entropy-coded data. */
function jpegEnd(b: Buffer): number | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 1 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    at += 2;
    if (marker === 0xd9) return at;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // markers without a length
    if (at + 2 > b.length) return null;
    const length = b.readUInt16BE(at);
    if (length < 2) return null;
    at += length;
    if (marker !== 0xda) continue;
    // After a start-of-scan, coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
    for (;;) {
      at = b.indexOf(0xff, at);
      if (at < 0 || at + 1 >= b.length) return null;
      const next = b[at + 1]!;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
      else if (next === 0xff) at += 1;
      else break;
    }
  }
  return null;
}

/** Where a PNG ends: just past its IEND chunk. */
function pngEnd(b: Buffer): number | null {
  let at = 8;
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') return at <= b.length ? at : null;
  }
  return null;
}

/** Where a GIF ends: just past its trailer byte, found by walking its blocks. */
function gifEnd(b: Buffer): number | null {
  if (b.length < 13) return null;
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + colourTable(b[10]!);
  const skipSubBlocks = () => {
    while (at < b.length && b[at] !== 0) at += b[at]! + 1;
    at += 1;
  };
  while (at < b.length) {
    const block = b[at]!;
    if (block === 0x3b) return at + 1;
    if (block === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      if (at + 10 > b.length) return null;
      at += 10 + colourTable(b[at + 9]!) + 1;
      skipSubBlocks();
    } else {
      return null;
    }
  }
  return null;
}

/** Where a WebP ends: its RIFF size says (padded to an even length). */
function webpEnd(b: Buffer): number | null {
  if (b.length < 12 || b.toString('latin1', 0, 4) !== 'RIFF') return null;
  const size = b.readUInt32LE(4);
  return 8 + size + (size % 2);
}

/** Where an image of a format ends, when the format says (TIFF, HEIF and AVIF do not, simply). */
export function imageEnd(data: Buffer, format: string): number | null {
  if (format === 'jpeg') return jpegEnd(data);
  if (format === 'png') return pngEnd(data);
  if (format === 'gif') return gifEnd(data);
  if (format === 'webp') return webpEnd(data);
  return null;
}

/** A ZIP local file header: its signature, then a version and a method (stored or deflated) that a ZIP tool writes. */
function zipEntryIn(b: Buffer): boolean {
  for (let at = b.indexOf('PK\x03\x04', 0, 'latin1'); at >= 0; at = b.indexOf('PK\x03\x04', at + 1, 'latin1')) {
    if (b[at + 5] === 0 && (b[at + 8] === 0 || b[at + 8] === 8) && b[at + 9] === 0) return true;
  }
  return false;
}

/** Signatures of other formats in the bytes after an image's end. */
function foreignTrailer(trailer: Buffer): ForeignContent | null {
  if (zipEntryIn(trailer)) return 'a ZIP archive';
  if (trailer.includes('%PDF-', 0, 'latin1')) return 'a PDF document';
  if (trailer.includes('Rar!\x1a\x07', 0, 'latin1')) return 'a RAR archive';
  if (trailer.includes(Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]))) return 'a 7-Zip archive';
  if (trailer.includes('\x7fELF', 0, 'latin1') || /^(MZ|#!)/.test(trailer.toString('latin1', 0, 2))) return 'a program';
  return null;
}

/**
 * What else an image holds besides the picture: another format's signature anywhere a reader of that format would
 * look (see ForeignContentScan), or after the image's own end (a ZIP, PDF, RAR, 7-Zip or program appended). What
 * cameras append there (Samsung's trailer, a motion photo's clip, a multi-picture JPEG's extra pictures) is allowed;
 * the stored photo is re-encoded without it anyway.
 */
export function foreignImageContent(data: Buffer, format: string): ForeignContent | null {
  const scan = new ForeignContentScan();
  scan.push(data);
  const found = scan.finish();
  if (found) return found;
  const end = imageEnd(data, format);
  return end !== null && end < data.length ? foreignTrailer(data.subarray(end)) : null;
}
