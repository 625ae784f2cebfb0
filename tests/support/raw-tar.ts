import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

// Archives written byte by byte, to hand restore what no well-behaved tar tool would write:
// entries at `../` or absolute paths, symbolic and hard links, a manifest that lies.

export interface RawEntry {
  name: string;
  /** "0" file (default), "2" symbolic link, "1" hard link, "5" folder. */
  type?: "0" | "1" | "2" | "5";
  body?: Buffer | string;
  linkTo?: string;
}

function field(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, Math.min(length, Buffer.byteLength(value)), "utf8");
}

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, "0") + "\0";
}

export function rawTarGz(entries: RawEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? "");
    const type = entry.type ?? "0";
    const header = Buffer.alloc(512);
    field(header, 0, 100, entry.name);
    field(header, 100, 8, octal(type === "5" ? 0o700 : 0o600, 8));
    field(header, 108, 8, octal(0, 8));
    field(header, 116, 8, octal(0, 8));
    field(header, 124, 12, octal(type === "0" ? body.length : 0, 12));
    field(header, 136, 12, octal(Math.floor(Date.now() / 1000), 12));
    field(header, 148, 8, "        ");
    field(header, 156, 1, type);
    if (entry.linkTo) field(header, 157, 100, entry.linkTo);
    field(header, 257, 6, "ustar\0");
    field(header, 263, 2, "00");
    let sum = 0;
    for (const byte of header) sum += byte;
    field(header, 148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
    blocks.push(header);
    if (type === "0" && body.length > 0) blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

export const sha256 = (body: Buffer | string) => createHash("sha256").update(body).digest("hex");
