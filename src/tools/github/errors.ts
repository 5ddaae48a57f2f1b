// GitHub API failures as one clear, actionable message each. In Actions the token's rights come
// from the workflow's `permissions:` block, so a refusal names the entry the workflow must grant.
import type { Op } from "./policy.ts";

interface HttpErrorLike {
  status: number;
  message: string;
  response?: { headers?: Record<string, string | number | undefined>; data?: unknown };
}

export function isHttpError(error: unknown): error is HttpErrorLike {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { status?: unknown }).status === "number" &&
    error instanceof Error
  );
}

/** The `permissions:` entry each op needs from the workflow's token. */
const PERMISSION: Record<Op, string> = {
  repo_view: "contents: read",
  issue_view: "issues: read",
  pr_view: "pull-requests: read",
  pr_diff: "pull-requests: read",
  file_read: "contents: read",
  search_issues: "issues: read",
  search_prs: "pull-requests: read",
  search_code: "contents: read",
  search_commits: "contents: read",
  search_repos: "contents: read",
  run_watch: "actions: read",
  pr_create: "pull-requests: write",
  pr_checkout: "pull-requests: read",
  pr_push: "contents: write",
  comment: "issues: write",
  pr_review: "pull-requests: write",
  attach: "contents: write",
};

const headerOf = (error: HttpErrorLike, name: string): string | undefined => {
  const value = error.response?.headers?.[name];
  return value === undefined ? undefined : String(value);
};

const apiMessage = (error: HttpErrorLike): string => {
  const data = error.response?.data as { message?: unknown } | undefined;
  return typeof data?.message === "string" && data.message ? data.message : error.message;
};

export function isRateLimitError(error: unknown): boolean {
  if (!isHttpError(error) || (error.status !== 403 && error.status !== 429)) return false;
  return (
    error.status === 429 ||
    headerOf(error, "x-ratelimit-remaining") === "0" ||
    /rate limit|abuse detection/i.test(apiMessage(error))
  );
}

/** `pull_requests=write; contents=read` (GitHub's header) → `pull-requests: write, contents: read`. */
function acceptedPermissions(error: HttpErrorLike): string | undefined {
  const header = headerOf(error, "x-accepted-github-permissions");
  if (!header) return undefined;
  const entries = header
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) =>
      part.replace(/^([a-z_]+)=(\w+)$/, (_, name: string, level: string) => `${name.replace(/_/g, "-")}: ${level}`),
    );
  return entries.length > 0 ? entries.join(", ") : undefined;
}

function describeRateLimit(error: HttpErrorLike, now: number): string {
  const reset = Number(headerOf(error, "x-ratelimit-reset"));
  if (headerOf(error, "x-ratelimit-remaining") === "0" && Number.isFinite(reset) && reset > 0) {
    const seconds = Math.max(0, Math.ceil(reset - now / 1000));
    return `GitHub API rate limit exhausted (${error.status}): it resets at ${new Date(reset * 1000).toISOString()} (in ${seconds}s). Wait, or make fewer calls (lower limit, narrower queries).`;
  }
  const retryAfter = headerOf(error, "retry-after");
  const when = retryAfter ? `retry after ${retryAfter}s` : "wait a minute before retrying";
  return `GitHub secondary rate limit hit (${error.status}: ${apiMessage(error)}): ${when}, and make calls one at a time.`;
}

function describeValidation(error: HttpErrorLike): string {
  const data = error.response?.data as { errors?: unknown } | undefined;
  const items = Array.isArray(data?.errors) ? data.errors : [];
  const details = items.map((item) => {
    if (typeof item === "string") return item;
    const { resource, field, code, message } = (item ?? {}) as Record<string, unknown>;
    const text =
      typeof message === "string" && message
        ? message
        : [resource, field].filter(Boolean).join(".") + (code ? ` ${String(code)}` : "");
    return text.replace(/\.$/, "");
  });
  return `GitHub rejected the request (422 ${apiMessage(error) || "Unprocessable Entity"})${details.length ? `: ${details.join("; ")}` : ""}.`;
}

/** One message for any failure of a GitHub call made by `op` on `repo`. */
export function describeGitHubError(error: unknown, op: Op, repo: string, now: number): string {
  if (!isHttpError(error))
    return `${op} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
  // Octokit reports a failed connection as a status-500 error without a response.
  if (!error.response)
    return `could not reach the GitHub API for ${op}: ${error.message}. Check GITHUB_API_URL and the network.`;
  if (isRateLimitError(error)) return describeRateLimit(error, now);
  switch (error.status) {
    case 401:
      return `GitHub rejected the token (401 ${apiMessage(error)}): it is missing, expired or revoked. The workflow must pass GITHUB_TOKEN: \${{ github.token }} to this step.`;
    case 403: {
      const needed = acceptedPermissions(error) ?? PERMISSION[op];
      return `GitHub refused ${op} on ${repo} (403 ${apiMessage(error)}): the token lacks a permission. Grant "${needed}" under permissions: in the workflow file (.github/workflows/gitclaw.yml).`;
    }
    case 404:
      return `not found (404) for ${op} on ${repo}: it does not exist, or the token cannot see it (GitHub answers 404 rather than 403 for private resources).`;
    case 410:
      return `gone (410) for ${op} on ${repo}: ${apiMessage(error)}.`;
    case 422:
      return describeValidation(error);
    default:
      return `GitHub API error ${error.status} for ${op} on ${repo}: ${apiMessage(error)}`;
  }
}
