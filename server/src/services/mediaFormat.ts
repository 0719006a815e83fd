/** Pure rules of the media service: what a video's first bytes say it is, and which bytes a Range header asks for. */

/** A video type the service stores, with the extension of its generated name. */
export interface VideoFormat {
  mime: 'video/mp4' | 'video/webm';
  ext: 'mp4' | 'webm';
}

/** How many leading bytes the sniffers need: an MP4's `ftyp` box and a WebM's EBML header fit well within it. */
export const SNIFF_BYTES = 4096;

/** ISO BMFF brands of MP4 files (phones, cameras, encoders); QuickTime (`qt  `) and 3GP are not MP4 and are refused. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9', 'mp41', 'mp42', 'mp71', 'avc1', 'dash', 'M4V ', 'M4VH', 'M4VP', 'mmp4', 'MSNV', 'cmfc', 'cmf2']);

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
    if (id.value === 0x4282) return Buffer.from(head.subarray(data, Math.min(data + size.value, end))).toString('latin1').replace(/\0+$/, '') === 'webm';
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
