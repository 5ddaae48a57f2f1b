// The attach op: an image of the workspace copied beside the session for the reply, checked by
// its bytes and capped in size; and how the reply places it (src/run/attachments.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { placeAttachments } from "../../../../src/run/attachments.ts";
import { MAX_ATTACH_BYTES, type Attachment } from "../../../../src/tools/github/attach.ts";
import { png } from "../../../support/images.ts";
import { SECRET } from "../support.ts";
import { startWorld, type World } from "./support.ts";

let world: World;
beforeEach(async () => {
  world = await startWorld();
});
afterEach(() => world.stop());

const put = (name: string, bytes: Uint8Array) => writeFileSync(join(world.fixture.workspace, name), bytes);

describe("attach", () => {
  it("copies the image beside the session and tells the model how to place it", async () => {
    const chart = png(64, 48);
    put("chart.png", chart);
    const result = await world.call({ op: "attach", path: "chart.png" });
    expect(result.isError, result.text).toBe(false);
    expect(result.text).toContain("# Attached chart.png as artifact://1 (image/png, 64×48, 164 B)");
    expect(result.text).toContain("write ![what it shows](artifact://1) where it belongs");
    const attachment = result.details!.attachment as Attachment;
    expect(attachment).toMatchObject({ ref: "artifact://1", mimeType: "image/png" });
    expect(readFileSync(attachment.path).equals(chart)).toBe(true);
    expect(world.gh.requests).toEqual([]);
  });

  it("refuses what is not an image, an image over the cap, and one holding a secret", async () => {
    put("notes.png", Buffer.from("not an image at all"));
    put("big.png", Buffer.concat([png(10, 10), Buffer.alloc(MAX_ATTACH_BYTES)]));
    put("leak.png", png(4, 4, { text: SECRET }));
    expect((await world.call({ op: "attach", path: "notes.png" })).text).toContain(
      "attach refused notes.png: not a PNG, JPEG, GIF or WebP image.",
    );
    expect((await world.call({ op: "attach", path: "big.png" })).text).toContain(
      "attach refused big.png: 2.0 MB, over the 2.0 MB limit.",
    );
    expect((await world.call({ op: "attach", path: "leak.png" })).text).toContain(
      "attach refused leak.png: its bytes contain a secret.",
    );
    expect((await world.call({ op: "attach", path: "../outside.png" })).text).toContain("outside the workspace");
    expect((await world.call({ op: "attach" })).text).toContain("attach needs path");
  });
});

describe("placeAttachments", () => {
  const root = "/w";
  const web = "https://github.com/acme/widgets";
  const one: Attachment = { ref: "artifact://1", path: "/w/state/sessions/s/1.png", mimeType: "image/png" };
  const ten: Attachment = { ref: "artifact://10", path: "/w/state/sessions/s/10.png", mimeType: "image/png" };
  const url = (n: number) => `${web}/blob/abc123/state/sessions/s/${n}.png?raw=true`;

  it("points the message's image links at the commit, appends the ones it did not place", () => {
    const text = "Before: ![before](artifact://10)";
    expect(placeAttachments(text, [one, ten], { root, web, sha: "abc123" })).toBe(
      `Before: ![before](${url(10)})\n\n![image 1](${url(1)})`,
    );
  });

  it("says so when the session was not pushed, leaving no link that cannot resolve", () => {
    expect(placeAttachments("See ![x](artifact://1)", [one], { root, web, sha: undefined })).toBe(
      "See ![x](artifact://1)\n\n> [!WARNING]\n> The attached image (artifact://1) cannot be shown: the session was not pushed.",
    );
    expect(placeAttachments("plain", [], { root, web, sha: undefined })).toBe("plain");
  });
});
