// What an image is, by its bytes alone: the four types every vision model reads (PNG, JPEG, GIF,
// WebP), told by their magic bytes, never by a name or a Content-Type header, and their size in
// pixels from the header. An image over the limits Anthropic's API sets is refused here with the
// reason, rather than sent and refused by the provider, which would fail the turn.
import { formatBytes } from "../text/format.ts";

/** Anthropic refuses an image whose base64 form is over 5 MB: this many bytes encode to exactly that. */
export const MAX_IMAGE_BYTES = (5 * 1024 * 1024 * 3) / 4;
/** Anthropic's largest side, in pixels. */
export const MAX_IMAGE_SIDE = 8000;

export type ImageMimeType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

export interface ImageFacts {
  mimeType: ImageMimeType;
  width: number;
  height: number;
  bytes: number;
}

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) => prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type the bytes start with, or undefined when they are none of the four. */
export function imageType(bytes: Uint8Array): ImageMimeType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return undefined;
}

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);

/** JPEG: the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC) holds the size. */
function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    at += 2 + u16be(b, at + 2);
  }
  return undefined;
}

/** WebP: the size sits in the first chunk, written three ways (lossy, lossless, extended). */
function webpSize(b: Uint8Array): { width: number; height: number } | undefined {
  if (startsWith(b, ascii("VP8 "), 12)) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (startsWith(b, ascii("VP8L"), 12)) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (startsWith(b, ascii("VP8X"), 12)) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return undefined;
}

function pixelSize(type: ImageMimeType, b: Uint8Array): { width: number; height: number } | undefined {
  switch (type) {
    case "image/png":
      return startsWith(b, ascii("IHDR"), 12) ? { width: u32be(b, 16), height: u32be(b, 20) } : undefined;
    case "image/gif":
      return b.length >= 10 ? { width: u16le(b, 6), height: u16le(b, 8) } : undefined;
    case "image/jpeg":
      return jpegSize(b);
    case "image/webp":
      return webpSize(b);
  }
}

export type ImageCheck = { ok: true; image: ImageFacts } | { ok: false; reason: string };

/** The bytes as an image a model may be sent, or why not: not one of the four types, unreadable, or over a limit. */
export function checkImage(bytes: Uint8Array, maxBytes = MAX_IMAGE_BYTES): ImageCheck {
  const mimeType = imageType(bytes);
  if (!mimeType) return { ok: false, reason: "not a PNG, JPEG, GIF or WebP image" };
  if (bytes.length > maxBytes)
    return { ok: false, reason: `${formatBytes(bytes.length)}, over the ${formatBytes(maxBytes)} limit` };
  const size = pixelSize(mimeType, bytes);
  if (!size || size.width === 0 || size.height === 0)
    return { ok: false, reason: `a damaged ${mimeType} (no size in its header)` };
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE)
    return { ok: false, reason: `${size.width}×${size.height} pixels, over the ${MAX_IMAGE_SIDE} pixel limit` };
  return { ok: true, image: { mimeType, ...size, bytes: bytes.length } };
}

/** "image/png, 800×600, 12 KB": how an image is named in a note or a tool result. */
export function describeImage(image: ImageFacts): string {
  return `${image.mimeType}, ${image.width}×${image.height}, ${formatBytes(image.bytes)}`;
}
