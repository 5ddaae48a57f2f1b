// Real image files for tests, made byte by byte: a valid PNG of any size (one colour), and the
// headers of the other types the image checks read (JPEG, GIF, WebP).
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid RGB PNG of `width`×`height` pixels of one colour; `text` goes into a tEXt chunk. */
export function png(width = 4, height = 3, options: { rgb?: [number, number, number]; text?: string } = {}): Buffer {
  const [r, g, b] = options.rgb ?? [200, 30, 30];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    ...(options.text ? [chunk("tEXt", Buffer.from(`Comment\0${options.text}`, "latin1"))] : []),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The start of a baseline JPEG of `width`×`height`: SOI, an APP0 segment, SOF0. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(9)]);
}

/** A GIF89a header of `width`×`height`. */
export function gifHeader(width: number, height: number): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(width, 0);
  size.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from("GIF89a", "ascii"), size, Buffer.from([0, 0, 0])]);
}

/** A lossless WebP header (VP8L) of `width`×`height`. */
export function webpHeader(width: number, height: number): Buffer {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  const vp8l = Buffer.alloc(9);
  vp8l.writeUInt32LE(5, 0);
  vp8l[4] = 0x2f;
  vp8l.writeUInt32LE(bits >>> 0, 5);
  return Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBPVP8L"), vp8l]);
}

/** A scripted model turn that writes `bytes` to `path` with bash, as a model makes a file it cannot type. */
export const writeImageTurn = (path: string, bytes: Uint8Array) => ({
  toolCalls: [
    { name: "bash", input: { command: `echo ${Buffer.from(bytes).toString("base64")} | base64 -d > ${path}` } },
  ],
});

/** The turns of a model that makes an image file and reads it back. */
export const makeAndReadTurns = (path: string, bytes: Uint8Array) => [
  writeImageTurn(path, bytes),
  { toolCalls: [{ name: "read", input: { path } }] },
];
