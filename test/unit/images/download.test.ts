// The download's bounds, against real servers on loopback: GitHub's hosts only (every redirect
// checked, the token never leaving the server's origin), a byte cap while reading, the type by
// magic bytes whatever the headers say, a time limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadImage, isGitHubHost, type DownloadLimits } from "../../../src/images/download.ts";
import { png } from "../../support/images.ts";

const TOKEN = "ghs_DownloadTestToken0123456789abcdefghij";
const picture = png(12, 8);

interface Seen {
  path: string;
  authorization: string | null;
}

/** A server answering each path with `routes[path]`, recording what it was asked. */
function serve(routes: Record<string, (url: URL) => Response | Promise<Response>>) {
  const seen: Seen[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request) {
      const url = new URL(request.url);
      seen.push({ path: url.pathname, authorization: request.headers.get("authorization") });
      return routes[url.pathname]?.(url) ?? new Response("Not Found", { status: 404 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, seen, stop: () => server.stop(true) };
}

let github: ReturnType<typeof serve>;
let foreign: ReturnType<typeof serve>;
beforeAll(() => {
  foreign = serve({ "/steal": () => new Response(picture) });
  github = serve({
    "/picture": () => new Response(picture, { headers: { "content-type": "text/plain" } }),
    "/page": () =>
      new Response("<!DOCTYPE html><html>not an image</html>", { headers: { "content-type": "image/png" } }),
    "/large": () => new Response(Buffer.concat([picture, Buffer.alloc(5000)])),
    "/streamed": () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(new Uint8Array(1024));
          },
        }),
      ),
    "/private": () => new Response(null, { status: 302, headers: { location: "/signed" } }),
    "/signed": () => new Response(picture),
    "/away": () => new Response(null, { status: 302, headers: { location: `${foreign.url}/steal` } }),
    "/loop": () => new Response(null, { status: 302, headers: { location: "/loop" } }),
    "/missing": () => new Response("gone", { status: 404 }),
    "/hang": () => new Promise<Response>(() => {}),
  });
});
afterAll(() => {
  github.stop();
  foreign.stop();
});

const limits: DownloadLimits = { maxBytes: 4096, timeoutMs: 2000, maxRedirects: 3 };
const download = (path: string, options: { token?: string; limits?: DownloadLimits } = {}) =>
  downloadImage(`${github.url}${path}`, { server: new URL(`${github.url}/_web`), limits, ...options });

describe("downloadImage", () => {
  it("takes an image by its magic bytes, whatever its Content-Type says", async () => {
    const got = await download("/picture");
    expect(got).toMatchObject({ ok: true, image: { mimeType: "image/png", width: 12, height: 8 } });
    expect(got.ok && Buffer.from(got.data).equals(picture)).toBe(true);
    expect(await download("/page")).toEqual({ ok: false, reason: "not a PNG, JPEG, GIF or WebP image" });
  });

  it("refuses a body over the byte cap, declared or streamed without end", async () => {
    expect(await download("/large")).toEqual({ ok: false, reason: "larger than the 4.0 KB limit" });
    expect(await download("/streamed")).toEqual({ ok: false, reason: "larger than the 4.0 KB limit" });
  });

  it("follows a redirect on the server's origin, with the token there", async () => {
    const before = github.seen.length;
    expect(await download("/private", { token: TOKEN })).toMatchObject({ ok: true });
    expect(github.seen.slice(before)).toEqual([
      { path: "/private", authorization: `Bearer ${TOKEN}` },
      { path: "/signed", authorization: `Bearer ${TOKEN}` },
    ]);
  });

  it("refuses a redirect to a host that is not GitHub's, before asking it anything", async () => {
    expect(await download("/away", { token: TOKEN })).toEqual({
      ok: false,
      reason: `${new URL(foreign.url).host} is not a GitHub host`,
    });
    expect(foreign.seen).toEqual([]);
    expect(
      await downloadImage(`${foreign.url}/steal`, { server: new URL(github.url), token: TOKEN, limits }),
    ).toMatchObject({ ok: false });
    expect(foreign.seen).toEqual([]);
  });

  it("stops after the redirect limit, and says what GitHub answered", async () => {
    expect(await download("/loop")).toEqual({ ok: false, reason: "more than 3 redirects" });
    expect(await download("/missing")).toEqual({ ok: false, reason: "GitHub answered 404" });
  });

  it("gives up at its time limit", async () => {
    expect(await download("/hang", { limits: { ...limits, timeoutMs: 200 } })).toEqual({
      ok: false,
      reason: "no answer within 0.2 s",
    });
  });

  it("sends the token only to the server's own origin, never along a redirect to user content", async () => {
    const asked: { url: string; authorization?: string }[] = [];
    const fake = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      asked.push({ url, authorization: (init?.headers as Record<string, string> | undefined)?.authorization });
      if (url.startsWith("https://github.com/"))
        return new Response(null, {
          status: 302,
          headers: { location: "https://private-user-images.githubusercontent.com/1/2-abc.png?jwt=x" },
        });
      return new Response(picture);
    }) as typeof fetch;
    const got = await downloadImage("https://github.com/user-attachments/assets/abc", {
      server: new URL("https://github.com"),
      token: TOKEN,
      fetch: fake,
    });
    expect(got.ok).toBe(true);
    expect(asked).toEqual([
      { url: "https://github.com/user-attachments/assets/abc", authorization: `Bearer ${TOKEN}` },
      { url: "https://private-user-images.githubusercontent.com/1/2-abc.png?jwt=x", authorization: undefined },
    ]);
  });
});

describe("isGitHubHost", () => {
  const github = new URL("https://github.com");
  const ghes = new URL("https://ghe.example.com");
  it.each([
    ["https://github.com/user-attachments/assets/x", github, true],
    ["https://private-user-images.githubusercontent.com/1/x.png", github, true],
    ["https://user-images.githubusercontent.com/1/x.png", github, true],
    ["http://github.com/x", github, false],
    ["https://githubusercontent.com.evil.example/x", github, false],
    ["https://evil.example/github.com/x", github, false],
    ["https://github.com.evil.example/x", github, false],
    ["https://ghe.example.com/storage/user/1/files/x", ghes, true],
    ["https://media.ghe.example.com/user/1/files/x", ghes, true],
    ["https://private-user-images.githubusercontent.com/1/x.png", ghes, false],
    ["https://ghe.example.com:8443/x", ghes, false],
  ])("%s on %s: %s", (url, server, expected) => {
    expect(isGitHubHost(new URL(url), server)).toBe(expected);
  });
});
