import { randomBytes } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/*
 * A rendered page kept once and sent many times, each time with its own CSP nonce (decision 024). The
 * page is kept as its text split where the nonce goes; each piece is compressed once (raw deflate,
 * flushed to a byte boundary), and each answer is a gzip stream assembled from those pieces with the
 * nonce between them as stored (uncompressed) deflate blocks: no compression work per request, and
 * still a nonce no other answer had. The stream's CRC-32 is combined from the pieces' own, kept with
 * them, and the nonce's (zlib's crc32_combine: a few multiplications in GF(2), whatever the page's size).
 */

/** Stands where the nonce goes in a page kept for reuse: random per process, so no text can forge it. */
export const NONCE_PLACEHOLDER = `nonce-${randomBytes(18).toString('base64url')}`;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The final, empty deflate block (fixed Huffman codes, end of block at once). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

const POLY = 0xedb88320;

/** a·b modulo the CRC-32 polynomial (bit-reflected), as zlib's multmodp. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X2N = (() => {
  const table = new Uint32Array(32);
  let p = 0x40000000;
  table[0] = p;
  for (let k = 1; k < 32; k += 1) table[k] = p = multiplyModP(p, p);
  return table;
})();

/** x^(8·n) modulo the polynomial: the operator that shifts a CRC past n bytes of zeros. */
function shiftBytes(n: number): number {
  let xp = 0x80000000;
  for (let k = 3; n > 0; n = Math.floor(n / 2), k += 1) if (n % 2) xp = multiplyModP(X2N[k & 31]!, xp);
  return xp;
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(shiftBytes(lengthB), crcA) ^ crcB) >>> 0;
}

/** Bytes as a stored deflate block (not final), at a byte boundary: header byte, LEN, NLEN, bytes. */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

export class NonceDocument {
  private readonly pieces: Buffer[];
  private readonly crcs: number[];
  private deflated: Buffer[] | null = null;
  readonly byteLength: number;

  constructor(text: string) {
    this.pieces = text.split(NONCE_PLACEHOLDER).map((piece) => Buffer.from(piece, 'utf8'));
    this.byteLength = this.pieces.reduce((sum, piece) => sum + piece.length, 0);
    this.crcs = this.pieces.map((piece) => crc32(piece));
  }

  /** The page's text with `nonce` in its places. */
  text(nonce: string): string {
    return this.pieces.map((piece) => piece.toString('utf8')).join(nonce);
  }

  /** The page gzip-encoded with `nonce` in its places (a valid single-member gzip stream). */
  gzip(nonce: string): Buffer {
    this.deflated ??= this.pieces.map((piece) =>
      deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
    );
    const value = Buffer.from(nonce, 'utf8');
    const stored = storedBlock(value);
    const nonceCrc = crc32(value);
    const deflated = this.deflated;
    const parts: Buffer[] = [GZIP_HEADER, deflated[0]!];
    let crc = this.crcs[0]!;
    for (let i = 1; i < this.pieces.length; i += 1) {
      parts.push(stored, deflated[i]!);
      crc = crc32Combine(crc32Combine(crc, nonceCrc, value.length), this.crcs[i]!, this.pieces[i]!.length);
    }
    const length = this.byteLength + value.length * (this.pieces.length - 1);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length % 2 ** 32, 4);
    parts.push(FINAL_BLOCK, trailer);
    return Buffer.concat(parts);
  }
}
