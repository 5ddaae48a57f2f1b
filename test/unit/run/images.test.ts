// The images of a user message, against the GitHub emulator: who may show one, how many, from
// where, by which URL (body_html's signed one, else the attachment's with the token), and the one
// line said for each image not shown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchApi } from "../../../src/github/api.ts";
import { promptImages, type ImageOptions, type ImageSource } from "../../../src/run/images.ts";
import { createRedactor } from "../../../src/redact.ts";
import { png } from "../../support/images.ts";
import { startGitHubEmulator, type GitHubEmulator } from "../../support/github-emulator.ts";

const TOKEN = "ghs_ImagesUnitTestToken0123456789abcdefgh";
let gh: GitHubEmulator;
beforeAll(async () => {
  gh = await startGitHubEmulator({ owner: "acme", repo: "widgets", token: TOKEN });
  gh.addUser({ login: "alice", permission: "write" });
});
afterAll(() => gh.stop());

const options = (overrides: Partial<ImageOptions> = {}): ImageOptions => ({
  vision: true,
  model: "anthropic/claude-sonnet-4-5",
  api: fetchApi({ apiUrl: gh.url, token: TOKEN }),
  server: gh.serverUrl,
  token: TOKEN,
  redact: createRedactor([TOKEN]),
  ...overrides,
});
const source = (body: string, overrides: Partial<ImageSource> = {}): ImageSource => ({
  login: "alice",
  trusted: true,
  action: "commented",
  body,
  ...overrides,
});
const texts = (blocks: { type: string; text?: string }[]) =>
  blocks
    .filter((b) => b.type === "text")
    .map((b) => b.text)
    .join("\n");
const images = (blocks: { type: string }[]) => blocks.filter((b) => b.type === "image");

describe("promptImages", () => {
  it("adds nothing, and asks nothing, for texts without images", async () => {
    const before = gh.requests.length;
    expect(
      await promptImages([source("no pictures here"), source("[a link](https://example.com)")], options()),
    ).toEqual([]);
    expect(gh.requests.length).toBe(before);
  });

  it("downloads an attachment by the signed URL of the text's body_html", async () => {
    const picture = png(6, 6);
    const url = gh.addAttachment(picture);
    const issue = gh.createIssue({ title: "t", body: `![](${url})`, user: "alice" });
    const before = gh.requests.length;
    const blocks = await promptImages(
      [source(issue.body!, { action: "opened issue #1", htmlPath: `/repos/acme/widgets/issues/${issue.number}` })],
      options(),
    );
    expect(blocks).toEqual([
      { type: "text", text: "Image 1, in the part by @alice (opened issue #1) (image/png, 6×6, 74 B):" },
      { type: "image", data: picture.toString("base64"), mimeType: "image/png" },
    ]);
    const asked = gh.requests.slice(before).map((r) => [r.path, r.headers.authorization ?? null]);
    expect(asked).toEqual([
      [`/repos/acme/widgets/issues/${issue.number}`, `Bearer ${TOKEN}`],
      [expect.stringMatching(/^\/_user-content\//), null],
    ]);
  });

  it("without body_html, downloads the attachment URL with the token (redirected to its signed URL)", async () => {
    const picture = png(5, 7);
    const url = gh.addAttachment(picture);
    const blocks = await promptImages([source(`<img src="${url}" width="300">`)], options());
    expect(images(blocks)).toEqual([{ type: "image", data: picture.toString("base64"), mimeType: "image/png" }]);
    // The same URL without the token: a private repository's attachment is not there.
    const refused = await promptImages(
      [source(`![](${url})`)],
      options({ token: "ghs_NotTheToken000000000000000000000000000" }),
    );
    expect(texts(refused)).toBe("Image 1, in the part by @alice (commented): not shown: GitHub answered 404.");
  });

  it("shows no image of someone without write access, and downloads nothing for it", async () => {
    const url = gh.addAttachment(png());
    const before = gh.requests.length;
    const blocks = await promptImages([source(`![](${url})`, { login: "mallory", trusted: false })], options());
    expect(blocks).toEqual([
      { type: "text", text: "Image 1, in the part by @mallory (commented): not shown: @mallory has no write access." },
    ]);
    expect(gh.requests.length).toBe(before);
  });

  it("downloads nothing for a model that takes no images, and says how to say it does", async () => {
    const url = gh.addAttachment(png());
    const blocks = await promptImages([source(`![](${url})`)], options({ vision: false, model: "ollama/qwen3-coder" }));
    expect(texts(blocks)).toBe(
      'Image 1, in the part by @alice (commented): not shown: the model ollama/qwen3-coder takes no images (set "vision": true for it under "models" in .github/gitclaw.json if it does).',
    );
  });

  it("downloads only from GitHub's hosts", async () => {
    const blocks = await promptImages(
      [source("![](https://evil.example/track.png) ![](data:image/png;base64,AAAA)")],
      options(),
    );
    expect(texts(blocks)).toBe(
      [
        "Image 1, in the part by @alice (commented): not shown: not on GitHub, and only GitHub's images are downloaded.",
        "Image 2, in the part by @alice (commented): not shown: not on GitHub, and only GitHub's images are downloaded.",
      ].join("\n"),
    );
  });

  it("takes images only from what GitHub shows: none hidden in an HTML comment", async () => {
    const url = gh.addAttachment(png());
    expect(await promptImages([source(`visible text <!-- ![](${url}) -->`)], options())).toEqual([]);
  });

  it("shows at most the limit per message, naming the rest", async () => {
    const urls = Array.from({ length: 4 }, () => gh.addAttachment(png(3, 3)));
    const blocks = await promptImages(
      [
        source(
          urls
            .slice(0, 2)
            .map((u) => `![](${u})`)
            .join("\n"),
        ),
        source(
          urls
            .slice(2)
            .map((u) => `![](${u})`)
            .join("\n"),
        ),
      ],
      options({ maxImages: 3 }),
    );
    expect(images(blocks)).toHaveLength(3);
    expect(texts(blocks)).toContain(
      "Image 4, in the part by @alice (commented): not shown: more than 3 images in one message.",
    );
  });

  it("refuses a broken image, or one whose bytes hold a secret, in one line each", async () => {
    const broken = gh.addAttachment(Buffer.from("<html>sign in</html>"));
    const leaking = gh.addAttachment(png(4, 4, { text: TOKEN }));
    const blocks = await promptImages([source(`![](${broken})\n![](${leaking})`)], options());
    expect(images(blocks)).toEqual([]);
    expect(texts(blocks)).toBe(
      [
        "Image 1, in the part by @alice (commented): not shown: not a PNG, JPEG, GIF or WebP image.",
        "Image 2, in the part by @alice (commented): not shown: its bytes contain a secret.",
      ].join("\n"),
    );
  });
});

describe("promptImages, many references", () => {
  it("names at most 24 one by one and counts the rest in one line", async () => {
    const body = Array.from({ length: 30 }, (_, i) => `![](https://evil.example/${i}.png)`).join("\n");
    const blocks = await promptImages([source(body)], options());
    const lines = texts(blocks).split("\n");
    expect(lines).toHaveLength(25);
    expect(lines.at(-1)).toBe("6 more images not shown: too many in one message.");
  });
});
