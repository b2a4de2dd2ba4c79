import { crc32, deflateSync } from 'node:zlib';
import { ODD_UNICODE } from './generate.ts';
import type { Rng } from './prng.ts';

/** multipart/form-data bodies for upload routes: real images, images in name only, and broken framing. */

export interface RawBody {
  bytes: Buffer;
  contentType: string | null;
  note: string;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A real RGBA PNG; `claimed` lets the header lie about the size (a decompression-bomb lookalike). */
export function makePng(width: number, height: number, claimed?: { width: number; height: number }): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(claimed?.width ?? width, 0);
  ihdr.writeUInt32BE(claimed?.height ?? height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 4);
  for (let x = 0; x < width; x++) row.set([(x * 40) & 255, 0x80, 0xc0, 0xff], 1 + x * 4);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function randomBytes(rng: Rng, length: number): Buffer {
  return Buffer.from(Array.from({ length }, () => rng.int(0, 255)));
}

/** Bytes that start like an image and are not one. */
function imageLookalike(rng: Rng): { bytes: Buffer; note: string } {
  const junk = randomBytes(rng, rng.int(0, 600));
  const options: (() => { bytes: Buffer; note: string })[] = [
    () => ({ bytes: Buffer.concat([PNG_SIGNATURE, junk]), note: 'PNG signature then garbage' }),
    () => ({
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), Buffer.from('JFIF\0'), junk]),
      note: 'JPEG header then garbage',
    }),
    () => {
      const head = Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1');
      head.writeUInt32LE(junk.length + 8, 4);
      return { bytes: Buffer.concat([head, junk]), note: 'WebP header then garbage' };
    },
    () => ({ bytes: Buffer.concat([Buffer.from('GIF89a'), junk]), note: 'GIF header then garbage' }),
    () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), note: 'an SVG' }),
    () => {
      const png = makePng(8, 8);
      return { bytes: png.subarray(0, rng.int(8, png.length - 1)), note: 'a truncated PNG' };
    },
    () => ({ bytes: makePng(4, 4, { width: 100_000, height: 100_000 }), note: 'a PNG claiming 100000x100000 pixels' }),
    () => ({ bytes: makePng(1, 1, { width: 0, height: 0 }), note: 'a PNG claiming 0x0 pixels' }),
    () => ({ bytes: Buffer.alloc(0), note: 'an empty file' }),
    () => ({ bytes: junk, note: 'random bytes' }),
  ];
  return rng.pick(options)();
}

function fileName(rng: Rng): string {
  return rng.pick([
    'avatar.png',
    'photo.jpg',
    '../../../etc/passwd',
    '..\\..\\boot.ini',
    `a${rng.pick(ODD_UNICODE)}.png`,
    'x\u0000.png',
    'evil\u202egnp.exe',
    'a'.repeat(1_000) + '.png',
    '',
    'noextension',
    'semi;colon"quote.png',
  ]);
}

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

function encodeParts(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export function multipartBody(rng: Rng, fileFields: string[]): RawBody {
  const boundary = `----fuzz${rng.int(0, 1e9)}`;
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const field =
    fileFields.length && rng.chance(0.85)
      ? rng.pick(fileFields)
      : rng.pick(['file', 'image', '', 'avatar[]', 'AVATAR']);
  const imageType = () => rng.pick(['image/png', 'image/jpeg', 'image/webp', 'text/plain', 'application/octet-stream']);
  const file = (data: Buffer): Part => ({ name: field, filename: fileName(rng), contentType: imageType(), data });
  const roll = rng.int(0, 9);

  if (roll <= 2) {
    const size = rng.int(1, 64);
    const png = makePng(size, rng.int(1, 64));
    return {
      bytes: encodeParts([file(png)], boundary),
      contentType,
      note: `multipart: a valid ${size}-pixel-wide PNG in field "${field}"`,
    };
  }
  if (roll <= 5) {
    const fake = imageLookalike(rng);
    return {
      bytes: encodeParts([file(fake.bytes)], boundary),
      contentType,
      note: `multipart: ${fake.note} in field "${field}"`,
    };
  }
  if (roll === 6) {
    const extra: Part[] = Array.from({ length: rng.int(1, 8) }, (_, i) => ({
      name: `field${i}`,
      data: Buffer.from(rng.pick(ODD_UNICODE)),
    }));
    const withFile = rng.chance(0.5) ? [file(makePng(2, 2)), file(makePng(3, 3))] : [];
    return {
      bytes: encodeParts([...extra, ...withFile], boundary),
      contentType,
      note: `multipart: ${extra.length} text fields${withFile.length ? ' and two files' : ', no file'}`,
    };
  }
  if (roll === 7 && rng.chance(0.1)) {
    const big = Buffer.concat([makePng(1, 1), Buffer.alloc(2 * 1024 * 1024 + rng.int(1, 4096))]);
    return {
      bytes: encodeParts([file(big)], boundary),
      contentType,
      note: `multipart: a ${big.length}-byte file (over 2 MB)`,
    };
  }
  const body = encodeParts([file(makePng(2, 2))], boundary);
  const broken: RawBody[] = [
    {
      bytes: body.subarray(0, rng.int(0, body.length - 1)),
      contentType,
      note: 'multipart: truncated before the closing boundary',
    },
    { bytes: body, contentType: 'multipart/form-data', note: 'multipart: content type without a boundary' },
    {
      bytes: body,
      contentType: `multipart/form-data; boundary=other${boundary}`,
      note: 'multipart: boundary not in the body',
    },
    { bytes: Buffer.alloc(0), contentType, note: 'multipart: empty body' },
    {
      bytes: Buffer.from(`--${boundary}\r\ngarbage header\r\n\r\nxx\r\n--${boundary}--\r\n`),
      contentType,
      note: 'multipart: part without Content-Disposition',
    },
    { bytes: randomBytes(rng, rng.int(1, 2_000)), contentType, note: 'multipart: random bytes' },
    { bytes: body, contentType: 'multipart/mixed; boundary=' + boundary, note: 'multipart/mixed instead of form-data' },
  ];
  return rng.pick(broken);
}
