// Downloads an image a person attached on GitHub, bounded every way: only from GitHub's own hosts
// (the server gitclaw runs against and its user-content hosts), redirects followed by hand and
// each one checked the same way, a byte cap enforced while reading, one time limit for all of it.
// The token goes only to the server's own origin, never along a redirect that leaves it.
import { checkImage, MAX_IMAGE_BYTES, type ImageFacts } from "./sniff.ts";
import { formatBytes } from "../text/format.ts";

export interface DownloadLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export const DOWNLOAD_LIMITS: DownloadLimits = { maxBytes: MAX_IMAGE_BYTES, timeoutMs: 15_000, maxRedirects: 3 };

/** github.com's hosts for what people upload (private-user-images, user-images, raw, objects…). */
const GITHUB_COM_CONTENT = ".githubusercontent.com";

/**
 * Whether `url` is on GitHub's side of `server`: the server itself, one of its subdomains (GitHub
 * Enterprise Server's `media.` and `raw.` hosts under subdomain isolation), or, for github.com,
 * its user-content hosts. Over the server's own scheme or https, nothing else.
 */
export function isGitHubHost(url: URL, server: URL): boolean {
  if (url.protocol !== "https:" && url.protocol !== server.protocol) return false;
  if (url.host === server.host) return true;
  if (url.port !== "" && url.port !== server.port) return false;
  const host = url.hostname.toLowerCase();
  const serverHost = server.hostname.toLowerCase();
  if (host.endsWith(`.${serverHost}`)) return true;
  return serverHost === "github.com" && host.endsWith(GITHUB_COM_CONTENT);
}

export interface DownloadOptions {
  /** GITHUB_SERVER_URL. */
  server: URL;
  /** Sent only to the server's own origin (a private repository's attachment URL). */
  token?: string;
  limits?: DownloadLimits;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export type Downloaded = { ok: true; image: ImageFacts; data: Uint8Array } | { ok: false; reason: string };

class Refused extends Error {}

/** The image at `url`, or why it is not one: never throws. */
export async function downloadImage(url: string, options: DownloadOptions): Promise<Downloaded> {
  const limits = options.limits ?? DOWNLOAD_LIMITS;
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  try {
    const response = await follow(url, options, limits, signal);
    const data = await readCapped(response, limits.maxBytes);
    const checked = checkImage(data, limits.maxBytes);
    return checked.ok ? { ok: true, image: checked.image, data } : checked;
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    if (deadline.aborted) return { ok: false, reason: `no answer within ${limits.timeoutMs / 1000} s` };
    if (signal.aborted) return { ok: false, reason: "the run is stopping" };
    return { ok: false, reason: `the download failed (${(error as Error).message})` };
  }
}

/** GETs `url`, following up to `maxRedirects` redirects that stay on GitHub's hosts. */
async function follow(
  start: string,
  options: DownloadOptions,
  limits: DownloadLimits,
  signal: AbortSignal,
): Promise<Response> {
  const fetcher = options.fetch ?? fetch;
  let url = parseUrl(start);
  for (let hop = 0; ; hop++) {
    if (!isGitHubHost(url, options.server)) throw new Refused(`${url.host} is not a GitHub host`);
    const withToken = options.token !== undefined && url.origin === options.server.origin;
    const response = await fetcher(url, {
      redirect: "manual",
      signal,
      headers: { "user-agent": "gitclaw", ...(withToken ? { authorization: `Bearer ${options.token}` } : {}) },
    });
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || location === null) {
      if (!response.ok) throw new Refused(`GitHub answered ${response.status}`);
      return response;
    }
    await response.body?.cancel();
    if (hop >= limits.maxRedirects) throw new Refused(`more than ${limits.maxRedirects} redirects`);
    url = parseUrl(location, url);
  }
}

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base);
  } catch {
    throw new Refused("not a URL");
  }
}

/** The body, read until `maxBytes` is passed: a larger one is refused without reading the rest. */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new Refused(`larger than the ${formatBytes(maxBytes)} limit`);
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    total += next.value.length;
    if (total > maxBytes) {
      await reader?.cancel();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}
