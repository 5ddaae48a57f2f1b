// The images of a run's user message: those people with write access showed in the texts the run
// answers, downloaded from GitHub (src/images/) and passed to the model after the text, each after
// a line naming the part it came from. What is not shown is said in one line each: an outsider's
// image (never downloaded: an image cannot be quoted as data), one the model cannot take, one off
// GitHub, over a limit or broken. Nothing here fails the run.
import type { GitHubApi } from "../github/api.ts";
import { repoPath, type Repo } from "../github/operations.ts";
import { downloadImage, isGitHubHost, type DownloadLimits, type Downloaded } from "../images/download.ts";
import { attachmentId, imageReferences, signedUrls } from "../images/references.ts";
import { describeImage } from "../images/sniff.ts";
import type { ImageBlock, TextBlock } from "../session/entries.ts";
import { sanitizeAll } from "./prompt.ts";
import type { PromptComment } from "./types.ts";
import { plural } from "../text/format.ts";

/** Images shown per user message; more are named in a note. */
export const MAX_IMAGES_PER_MESSAGE = 8;
/** Image references named one by one; past them, one line counts the rest. */
const MAX_NAMED = 24;

/** A text the run answers, as far as its images go. */
export interface ImageSource {
  login: string;
  trusted: boolean;
  /** What its part's opening line says the author did: names the part in the lines about its images. */
  action: string;
  body: string;
  /** The REST path that answers this text with its `body_html` (signed attachment URLs). */
  htmlPath?: string;
}

export interface ImageOptions {
  /** Whether the model takes images; `model` names it when it does not. */
  vision: boolean;
  model: string;
  api: GitHubApi;
  /** GITHUB_SERVER_URL. */
  server: string;
  token: string;
  redact: (text: string) => string;
  signal?: AbortSignal;
  limits?: DownloadLimits;
  maxImages?: number;
  sanitize?: (texts: string[]) => Promise<string[]>;
  fetch?: typeof fetch;
}

export type MessageBlock = TextBlock | ImageBlock;

/** Texts that may show an image: the cheap test before any parser loads. */
const MAY_SHOW_IMAGE = /!\[|<img|\/assets\//i;

interface Candidate {
  source: ImageSource;
  url: string;
  label: string;
}

/** The blocks that follow the user message's text: each image after its line, or the line saying why not. */
export async function promptImages(sources: ImageSource[], options: ImageOptions): Promise<MessageBlock[]> {
  const found = await findCandidates(sources, options);
  if (found.length === 0) return [];
  const candidates = found.slice(0, MAX_NAMED);
  const unnamed = found.length - candidates.length;
  const html = new Map<ImageSource, Promise<Map<string, string>>>();
  const signed = (source: ImageSource) => {
    let urls = html.get(source);
    if (!urls) html.set(source, (urls = renderedUrls(source, options)));
    return urls;
  };
  let shown = 0;
  const outcomes = candidates.map(async (candidate): Promise<MessageBlock[]> => {
    const refusal = refuse(candidate, options, () => ++shown);
    if (refusal) return [text(`${candidate.label}: not shown: ${refusal}.`)];
    const downloaded = checkedForSecrets(await fetchImage(candidate, await signed(candidate.source), options), options);
    if (!downloaded.ok) return [text(`${candidate.label}: not shown: ${downloaded.reason}.`)];
    const image: ImageBlock = {
      type: "image",
      data: Buffer.from(downloaded.data).toString("base64"),
      mimeType: downloaded.image.mimeType,
    };
    return [text(`${candidate.label} (${describeImage(downloaded.image)}):`), image];
  });
  const more = unnamed > 0 ? [text(`${plural(unnamed, "more image")} not shown: too many in one message.`)] : [];
  return mergeText([...(await Promise.all(outcomes)).flat(), ...more]);
}

/** Every image reference of the sources, in order, each named by its number and its part. */
async function findCandidates(sources: ImageSource[], options: ImageOptions): Promise<Candidate[]> {
  const showing = sources.filter((source) => MAY_SHOW_IMAGE.test(source.body));
  if (showing.length === 0) return [];
  const cleaned = await (options.sanitize ?? sanitizeAll)(showing.map((source) => source.body));
  const candidates: Candidate[] = [];
  showing.forEach((source, i) => {
    for (const url of imageReferences(cleaned[i]!, options.server)) {
      const label = `Image ${candidates.length + 1}, in the part by @${source.login} (${source.action})`;
      candidates.push({ source, url, label });
    }
  });
  return candidates;
}

/** Why a candidate is not downloaded at all, or undefined; `take` counts one more image shown. */
function refuse(candidate: Candidate, options: ImageOptions, take: () => number): string | undefined {
  if (!candidate.source.trusted) return `@${candidate.source.login} has no write access`;
  if (!options.vision)
    return `the model ${options.model} takes no images (set "vision": true for it under "models" in .github/gitclaw.json if it does)`;
  let url: URL;
  try {
    url = new URL(candidate.url);
  } catch {
    return "not a URL";
  }
  if (!isGitHubHost(url, new URL(options.server))) return "not on GitHub, and only GitHub's images are downloaded";
  const limit = options.maxImages ?? MAX_IMAGES_PER_MESSAGE;
  if (take() > limit) return `more than ${limit} images in one message`;
  return undefined;
}

/** A signed URL from `body_html` when GitHub gives one (a private repository's attachment), else the URL with the token. */
function fetchImage(candidate: Candidate, signed: Map<string, string>, options: ImageOptions): Promise<Downloaded> {
  const id = attachmentId(candidate.url);
  const signedUrl = id === undefined ? undefined : signed.get(id);
  const common = {
    server: new URL(options.server),
    limits: options.limits,
    signal: options.signal,
    fetch: options.fetch,
  };
  return signedUrl === undefined
    ? downloadImage(candidate.url, { ...common, token: options.token })
    : downloadImage(signedUrl, common);
}

/** The signed image URLs of a text's `body_html`, by attachment id; none when GitHub does not answer. */
async function renderedUrls(source: ImageSource, options: ImageOptions): Promise<Map<string, string>> {
  if (!source.htmlPath) return new Map();
  try {
    const response = await options.api.send("GET", source.htmlPath, undefined, {
      accept: "application/vnd.github.full+json",
      signal: options.signal,
    });
    const html = (response.data as { body_html?: unknown } | null)?.body_html;
    return response.status === 200 && typeof html === "string" ? signedUrls(html) : new Map();
  } catch {
    return new Map();
  }
}

/** An image whose bytes hold a secret the redactor knows (a token in a PNG text chunk) is not sent, nor committed. */
function checkedForSecrets(downloaded: Downloaded, options: Pick<ImageOptions, "redact">): Downloaded {
  if (!downloaded.ok) return downloaded;
  const raw = Buffer.from(downloaded.data).toString("latin1");
  return options.redact(raw) === raw ? downloaded : { ok: false, reason: "its bytes contain a secret" };
}

const text = (value: string): TextBlock => ({ type: "text", text: value });

/** Adjacent lines joined into one text block. */
function mergeText(blocks: MessageBlock[]): MessageBlock[] {
  const merged: MessageBlock[] = [];
  for (const block of blocks) {
    const last = merged.at(-1);
    if (block.type === "text" && last?.type === "text") last.text += `\n${block.text}`;
    else merged.push(block.type === "text" ? { ...block } : block);
  }
  return merged;
}

/** Where a comment's `body_html` is: by where it was written (PromptComment.source). */
export function htmlPath(repo: Repo, pull: number, comment: PromptComment): string | undefined {
  switch (comment.source) {
    case "issue-comment":
      return `${repoPath(repo)}/issues/comments/${comment.id}`;
    case "review-comment":
      return `${repoPath(repo)}/pulls/comments/${comment.id}`;
    case "review":
      return `${repoPath(repo)}/pulls/${pull}/reviews/${comment.id}`;
    default:
      return undefined;
  }
}
