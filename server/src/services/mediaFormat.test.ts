import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ForeignContentScan, foreignImageContent, imageEnd, parseByteRange, sniffVideo } from './mediaFormat.ts';

/** An ISO BMFF `ftyp` box: major brand, minor version 0, then compatible brands. */
function ftyp(major: string, compatible: string[] = [], box = 'ftyp'): Buffer {
  const size = 16 + compatible.length * 4;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(size, 0);
  head.write(box, 4, 'latin1');
  return Buffer.concat([
    head,
    Buffer.from(major, 'latin1'),
    Buffer.alloc(4),
    ...compatible.map((b) => Buffer.from(b, 'latin1')),
    Buffer.from('\0\0\0\x08free'),
  ]);
}

/** An EBML header with one DocType element, as WebM and Matroska files begin. */
function ebml(docType: string, extra: number[] = []): Buffer {
  const doc = [0x42, 0x82, 0x80 | docType.length, ...Buffer.from(docType, 'latin1')];
  const version = [0x42, 0x86, 0x81, 0x01];
  const body = [...version, ...extra, ...doc];
  return Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length, ...body, 0x18, 0x53, 0x80, 0x67]);
}

describe('sniffVideo', () => {
  it('knows an MP4 by its ftyp box at offset 4 with an MP4 brand, major or compatible', () => {
    expect(sniffVideo(ftyp('isom', ['isom', 'avc1', 'mp41']))).toEqual({ mime: 'video/mp4', ext: 'mp4' });
    expect(sniffVideo(ftyp('mp42'))).toEqual({ mime: 'video/mp4', ext: 'mp4' });
    expect(sniffVideo(ftyp('XXXX', ['mp41']))).toEqual({ mime: 'video/mp4', ext: 'mp4' });
  });

  it('refuses QuickTime, 3GP, another box first and a short head', () => {
    expect(sniffVideo(ftyp('qt  ', ['qt  ']))).toBeNull();
    expect(sniffVideo(ftyp('3gp4', ['3gp4']))).toBeNull();
    expect(sniffVideo(ftyp('isom', [], 'moov'))).toBeNull();
    expect(sniffVideo(ftyp('isom').subarray(0, 11))).toBeNull();
  });

  it('knows a WebM by the EBML magic and the DocType webm, not Matroska', () => {
    expect(sniffVideo(ebml('webm'))).toEqual({ mime: 'video/webm', ext: 'webm' });
    // Elements before the DocType (DocTypeVersion, 2-byte size) are stepped over.
    expect(sniffVideo(ebml('webm', [0x42, 0x87, 0x40, 0x01, 0x04]))).toEqual({ mime: 'video/webm', ext: 'webm' });
    expect(sniffVideo(ebml('matroska'))).toBeNull();
    expect(sniffVideo(ebml('webm').subarray(0, 10))).toBeNull();
  });

  it('refuses pictures, text and nothing, whatever they are called', () => {
    expect(sniffVideo(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBeNull();
    expect(sniffVideo(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBeNull();
    expect(sniffVideo(Buffer.from('just some text, not a video at all'))).toBeNull();
    expect(sniffVideo(Buffer.alloc(0))).toBeNull();
  });
});

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-0', 1000, { start: 0, end: 0 }],
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=500-999', 1000, { start: 500, end: 999 }],
    ['bytes=500-1000', 1000, { start: 500, end: 999 }],
    ['bytes=999-5000', 1000, { start: 999, end: 999 }],
    ['bytes=998-', 1000, { start: 998, end: 999 }],
    ['bytes=0-', 1000, { start: 0, end: 999 }],
    ['bytes=-1', 1000, { start: 999, end: 999 }],
    ['bytes=-1000', 1000, { start: 0, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
  ])(
    'reads a closed range (clipped to the file), an open-ended range and a suffix: %s of %i bytes',
    (header, size, range) => {
      expect(parseByteRange(header, size)).toEqual(range);
    },
  );

  it.each([
    ['bytes=1000-', 1000],
    ['bytes=1000-1001', 1000],
    ['bytes=-0', 1000],
    ['bytes=0-', 0],
    ['bytes=-10', 0],
  ])(
    'is unsatisfiable from the first byte past the end, for an empty suffix and for an empty file: %s of %i bytes',
    (header, size) => {
      expect(parseByteRange(header, size)).toBe('unsatisfiable');
    },
  );

  it('sends the whole file for no header, a malformed one, another unit or several ranges', () => {
    expect(parseByteRange(undefined, 1000)).toBeNull();
    expect(parseByteRange('', 1000)).toBeNull();
    expect(parseByteRange('bytes=-', 1000)).toBeNull();
    expect(parseByteRange('bytes=10-5', 1000)).toBeNull();
    expect(parseByteRange('items=0-5', 1000)).toBeNull();
    expect(parseByteRange('bytes=0-5,10-15', 1000)).toBeNull();
    expect(parseByteRange('bytes=a-b', 1000)).toBeNull();
  });
});

describe('imageEnd', () => {
  it('finds where each format ends, also a progressive JPEG (several scans)', async () => {
    const canvas = () =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).composite([
        { input: Buffer.from('<svg width="40" height="30"><circle cx="20" cy="15" r="9" fill="#fc0"/></svg>') },
      ]);
    const images: [string, Buffer][] = [
      ['jpeg', await canvas().jpeg().toBuffer()],
      ['jpeg', await canvas().jpeg({ progressive: true }).toBuffer()],
      ['jpeg', await canvas().jpeg({ mozjpeg: true }).toBuffer()],
      ['png', await canvas().png().toBuffer()],
      ['gif', await canvas().gif().toBuffer()],
      ['webp', await canvas().webp().toBuffer()],
    ];
    for (const [format, image] of images) {
      expect(imageEnd(image, format)).toBe(image.length);
      expect(imageEnd(Buffer.concat([image, Buffer.from('trailer')]), format)).toBe(image.length);
    }
    expect(imageEnd(Buffer.from('not an image'), 'jpeg')).toBeNull();
  });
});

describe('ForeignContentScan', () => {
  const scan = (...chunks: string[]) => {
    const s = new ForeignContentScan();
    for (const c of chunks) s.push(Buffer.from(c, 'latin1'));
    return s.finish();
  };

  it('sees markup wherever it is, also split between two chunks, whatever its case', () => {
    expect(scan('\0\0binary<scr', 'IPT>alert(1)</script>')).toBe('web page markup');
    expect(scan('x'.repeat(10), '<?php system($_GET[1]); ?>')).toBe('web page markup');
    expect(scan('<!DOCTYPE HTML>')).toBe('web page markup');
    expect(scan('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')).toBeNull();
  });

  it('sees a ZIP only where ZIP readers find it: an end record whose comment reaches the end of the file', () => {
    const end = (comment: string) => `PK\x05\x06${'\0'.repeat(16)}${String.fromCharCode(comment.length)}\0${comment}`;
    expect(scan('video bytes', end(''))).toBe('a ZIP archive');
    expect(scan('video bytes', end('a comment'))).toBe('a ZIP archive');
    // The same four bytes by chance, with more data after them than the record says: not a ZIP.
    expect(scan('video bytes', end(''), 'more video bytes')).toBeNull();
  });

  it('sees a PDF only in the first kilobyte, where PDF readers look', () => {
    expect(scan('\xff\xd8\xff\xfe\0\x10%PDF-1.7')).toBe('a PDF document');
    expect(scan('x'.repeat(2048), '%PDF-1.7')).toBeNull();
  });
});

describe('foreignImageContent', () => {
  it('refuses an archive, a PDF or a program after the picture, and allows what cameras append', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const zipEntry = Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1');
    expect(foreignImageContent(Buffer.concat([jpeg, zipEntry, Buffer.from('data')]), 'jpeg')).toBe('a ZIP archive');
    expect(foreignImageContent(Buffer.concat([jpeg, Buffer.from('\x7fELF\x02\x01', 'latin1')]), 'jpeg')).toBe(
      'a program',
    );
    expect(foreignImageContent(Buffer.concat([jpeg, Buffer.from('MZ\x90\x00', 'latin1')]), 'jpeg')).toBe('a program');
    expect(foreignImageContent(Buffer.concat([jpeg, Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1')]), 'jpeg')).toBe(
      'a RAR archive',
    );
    expect(foreignImageContent(jpeg, 'jpeg')).toBeNull();
    // A multi-picture JPEG's second picture, a maker trailer, zero padding.
    expect(
      foreignImageContent(Buffer.concat([jpeg, jpeg, Buffer.from('SEFH\0\0SEFT'), Buffer.alloc(64)]), 'jpeg'),
    ).toBeNull();
  });
});
