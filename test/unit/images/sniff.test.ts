// The image checks: the type by magic bytes alone, the size in pixels from each type's header, and
// the limits (bytes, pixels) refused with their reason.
import { describe, expect, it } from "vitest";
import { checkImage, describeImage, imageType, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from "../../../src/images/sniff.ts";
import { gifHeader, jpegHeader, png, webpHeader } from "../../support/images.ts";

describe("imageType", () => {
  it("tells PNG, JPEG, GIF and WebP by their magic bytes", () => {
    expect(imageType(png())).toBe("image/png");
    expect(imageType(jpegHeader(1, 1))).toBe("image/jpeg");
    expect(imageType(gifHeader(1, 1))).toBe("image/gif");
    expect(imageType(webpHeader(1, 1))).toBe("image/webp");
  });

  it("knows nothing else, whatever a name or header would claim", () => {
    for (const bytes of [
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      Buffer.from("<!DOCTYPE html><html>"),
      Buffer.from("%PDF-1.7"),
      Buffer.from("RIFF\0\0\0\0WAVEfmt "),
      Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      Buffer.alloc(0),
    ])
      expect(imageType(bytes)).toBeUndefined();
  });
});

describe("checkImage", () => {
  it("reads the size of each type from its header", () => {
    expect(checkImage(png(640, 480))).toMatchObject({
      ok: true,
      image: { mimeType: "image/png", width: 640, height: 480 },
    });
    expect(checkImage(jpegHeader(1024, 768))).toMatchObject({ ok: true, image: { width: 1024, height: 768 } });
    expect(checkImage(gifHeader(33, 44))).toMatchObject({ ok: true, image: { width: 33, height: 44 } });
    expect(checkImage(webpHeader(1200, 900))).toMatchObject({ ok: true, image: { width: 1200, height: 900 } });
  });

  it("refuses bytes over the limit, Anthropic's 5 MB of base64", () => {
    expect(MAX_IMAGE_BYTES * (4 / 3)).toBe(5 * 1024 * 1024);
    const big = Buffer.concat([png(10, 10), Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect(checkImage(big)).toEqual({ ok: false, reason: "3.8 MB, over the 3.8 MB limit" });
    expect(checkImage(png(10, 10), 20)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/, over the 20 B limit$/),
    });
  });

  it("refuses a side over 8000 pixels, and an image without a readable size", () => {
    expect(checkImage(png(MAX_IMAGE_SIDE, 1)).ok).toBe(true);
    expect(checkImage(gifHeader(MAX_IMAGE_SIDE + 1, 5))).toEqual({
      ok: false,
      reason: "8001×5 pixels, over the 8000 pixel limit",
    });
    expect(checkImage(png(5, 5).subarray(0, 16))).toEqual({
      ok: false,
      reason: "a damaged image/png (no size in its header)",
    });
    expect(checkImage(Buffer.from("GIF89a"))).toMatchObject({ ok: false });
  });

  it("refuses what is not an image", () => {
    expect(checkImage(Buffer.from("<html>"))).toEqual({ ok: false, reason: "not a PNG, JPEG, GIF or WebP image" });
  });

  it("names an image by type, pixels and size", () => {
    const checked = checkImage(png(8, 6));
    expect(checked.ok && describeImage(checked.image)).toMatch(/^image\/png, 8×6, \d+ B$/);
  });
});
