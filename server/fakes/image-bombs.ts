// Small files that decode into huge images ("image bombs"), made in milliseconds: real, valid
// images that any decoder opens, so a test of the limits proves something.
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A black PNG of width × height pixels (1-bit greyscale rows of zeros): 12000 × 12000 is about 17 KB. */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (greyscale), default compression, filter and interlace
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // each row: filter 0, then zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A one-colour lossless WebP of width × height pixels (at most 16384 a side), 38 bytes whatever its
 * size: libwebp codes a single colour in zero bits per pixel, so a 16 × 16 file with the size in
 * its VP8L header rewritten is a valid image of the new size.
 */
export async function webpBomb(width: number, height: number): Promise<Buffer> {
  const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#336699" } })
    .webp({ lossless: true, effort: 0 })
    .toBuffer();
  if (bytes.toString("ascii", 12, 16) !== "VP8L" || bytes[20] !== 0x2f) throw new Error("libwebp no longer writes a bare VP8L file");
  const bits = bytes.readUInt32LE(21);
  bytes.writeUInt32LE(((bits & ~0x0fffffff) | (width - 1) | ((height - 1) << 14)) >>> 0, 21);
  return bytes;
}
