// Local validation of the github tool's arguments, before any request: identifiers, URLs, numeric
// caps and date bounds. Every failure is a ValidationError whose message the model sees as is.
import { ValidationError } from "../../errors.ts";

export interface RepoRef {
  owner: string;
  repo: string;
}

export const repoName = (repo: RepoRef): string => `${repo.owner}/${repo.repo}`;

/** GitHub compares owner and repository names case-insensitively. */
export const sameRepo = (a: RepoRef, b: RepoRef): boolean => repoName(a).toLowerCase() === repoName(b).toLowerCase();

/** Strings from the model are trimmed; an empty one means the field was not given. */
export function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

const NAME = /^[A-Za-z0-9_.-]+$/;

export function parseRepo(value: string): RepoRef {
  const [owner, repo, ...rest] = value
    .trim()
    .replace(/\.git$/, "")
    .split("/");
  if (!owner || !repo || rest.length > 0 || !NAME.test(owner) || !NAME.test(repo)) {
    throw new ValidationError(`invalid repo: ${value}. Expected owner/name, e.g. octocat/hello-world.`);
  }
  return { owner, repo };
}

/** Plain positive decimal digits: no `1e2`, `0x10`, `12.0` or leading zeros. */
export function parsePositiveId(value: string | number, what: string): number {
  const text = String(value).trim();
  if (!/^[1-9]\d{0,15}$/.test(text)) throw new ValidationError(`invalid ${what}: ${text}. Expected a positive number.`);
  return Number(text);
}

type UrlKind = "pull" | "issues" | "actions/runs";

export interface GitHubUrl {
  repo: RepoRef;
  kind: UrlKind;
  number: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `https://<host>/<owner>/<repo>/(pull|issues|actions/runs)/<n>`, with anything after the number ignored. */
export function parseGitHubUrl(value: string, host: string): GitHubUrl | undefined {
  const match = new RegExp(
    `^https://${escapeRegExp(host)}/([^/\\s]+)/([^/\\s]+)/(pull|issues|actions/runs)/(\\d+)(?:[/?#].*)?$`,
    "i",
  ).exec(value.trim());
  if (!match) return undefined;
  return {
    repo: parseRepo(`${match[1]}/${match[2]}`),
    kind: match[3]!.toLowerCase() as UrlKind,
    number: parsePositiveId(match[4]!, "number in URL"),
  };
}

/** An explicit `repo` and the repository of a URL must agree. */
function reconcile(url: GitHubUrl, explicit: RepoRef | undefined): RepoRef {
  if (explicit && !sameRepo(explicit, url.repo)) {
    throw new ValidationError(
      `the URL is in ${repoName(url.repo)} but repo is ${repoName(explicit)}; drop one of them.`,
    );
  }
  return url.repo;
}

export type PrIdentifier = { kind: "number"; number: number; repo?: RepoRef } | { kind: "branch"; branch: string };

// git check-ref-format, roughly: no leading dash (option injection), no `..`, no control characters.
const BRANCH = /^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*\.lock$)[^\s~^:?*[\\\x00-\x1f\x7f]+$/;

export function isBranchName(value: string): boolean {
  return BRANCH.test(value) && !value.endsWith("/") && !value.endsWith(".");
}

/** A PR number, a PR URL, or a head branch name. */
export function parsePrIdentifier(value: string | number, host: string, explicitRepo?: RepoRef): PrIdentifier {
  const text = String(value).trim();
  if (text.startsWith("-"))
    throw new ValidationError(`invalid PR identifier: ${text}. Pass a PR number, URL, or branch name.`);
  if (/^\d+$/.test(text)) return { kind: "number", number: parsePositiveId(text, "PR number") };
  const url = parseGitHubUrl(text, host);
  if (url) {
    if (url.kind !== "pull") throw new ValidationError(`not a pull request URL: ${text}`);
    return { kind: "number", number: url.number, repo: reconcile(url, explicitRepo) };
  }
  if (/^https?:\/\//i.test(text))
    throw new ValidationError(
      `invalid PR identifier: ${text}. URLs must look like https://${host}/owner/repo/pull/123.`,
    );
  if (!isBranchName(text))
    throw new ValidationError(`invalid PR identifier: ${text}. Pass a PR number, URL, or branch name.`);
  return { kind: "branch", branch: text };
}

/** An issue or pull request number, or its URL. */
export function parseIssueIdentifier(
  value: string | number,
  host: string,
  explicitRepo?: RepoRef,
): { number: number; repo?: RepoRef } {
  const text = String(value).trim();
  const url = parseGitHubUrl(text, host);
  if (url) {
    if (url.kind === "actions/runs") throw new ValidationError(`not an issue or pull request URL: ${text}`);
    return { number: url.number, repo: reconcile(url, explicitRepo) };
  }
  return { number: parsePositiveId(text, "issue or pull request number") };
}

/** A workflow run id or run URL. */
export function parseRunIdentifier(
  value: string | number,
  host: string,
  explicitRepo?: RepoRef,
): { id: number; repo?: RepoRef } {
  const text = String(value).trim();
  const url = parseGitHubUrl(text, host);
  if (url) {
    if (url.kind !== "actions/runs") throw new ValidationError(`not a workflow run URL: ${text}`);
    return { id: url.number, repo: reconcile(url, explicitRepo) };
  }
  if (!/^\d+$/.test(text))
    throw new ValidationError(
      `invalid run: ${text}. Pass a numeric run id or a run URL like https://${host}/owner/repo/actions/runs/123.`,
    );
  return { id: parsePositiveId(text, "run id") };
}

/** Floored, capped at `max`, and refused when not a positive finite number. */
export function boundedCount(value: number | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const floored = Math.floor(value);
  if (!Number.isFinite(value) || floored <= 0) throw new ValidationError(`${name} must be a positive number`);
  return Math.min(floored, max);
}

const RELATIVE = /^(\d+)\s*(m|h|d|w|mo|y)$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * A search date bound: `3d 12h 2w 2mo 1y 30m` (m = minutes, mo = months) counted back from now and
 * given as a UTC day, a literal `YYYY-MM-DD`, or any other date Date.parse reads (ISO, seconds).
 */
export function resolveDateBound(raw: string, now: number): string {
  const text = raw.trim();
  const relative = RELATIVE.exec(text);
  if (relative) {
    const amount = Number(relative[1]);
    const unit = relative[2]!.toLowerCase();
    if (unit === "mo" || unit === "y") {
      const date = new Date(now);
      // Calendar arithmetic in UTC: one month before May 12 is April 12, whatever its length.
      date.setUTCMonth(date.getUTCMonth() - (unit === "mo" ? amount : amount * 12));
      return isoDay(date.getTime());
    }
    const unitMs = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 }[unit as "m" | "h" | "d" | "w"];
    return isoDay(now - amount * unitMs);
  }
  if (DAY.test(text) && !Number.isNaN(Date.parse(text))) return text;
  const parsed = Date.parse(text);
  if (text && !Number.isNaN(parsed)) return new Date(parsed).toISOString().replace(/\.\d{3}Z$/, "Z");
  throw new ValidationError(
    `invalid date bound: ${raw}. Expected a relative duration like "3d", "12h", "2w", "2mo" or "1y" (m = minutes, mo = months), a date like 2026-05-01, or an ISO datetime.`,
  );
}
