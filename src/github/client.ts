// Octokit for everything after `bun install`: base URL from GITHUB_API_URL (GitHub Enterprise
// Server and the test emulator alike), with the retry and throttling plugins. @octokit/rest rather
// than @actions/github's client: the same Octokit, without @actions/http-client and undici, which
// only supply a proxy agent (Bun's fetch honours HTTPS_PROXY/NO_PROXY itself) and cost the agent
// process 4 MB of its memory budget (bench/memory).
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit as RestOctokit } from "@octokit/rest";
import { withReplyMarker } from "./marker.ts";

const Octokit = RestOctokit.plugin(retry, throttling);
export type GitHubClient = InstanceType<typeof Octokit>;

export interface ClientOptions {
  token: string;
  baseUrl: string;
  log?: (line: string) => void;
  /** Tests shorten the waits; production keeps the plugins' defaults. */
  retryAfterBaseValue?: number;
  /**
   * The throttling plugin spaces searches 2 s and writes 1 s apart, process-wide, as GitHub asks;
   * tests that make hundreds of calls turn the pacing off (retries stay on).
   */
  paced?: boolean;
}

/** Routes that write a comment's or a review's body: issue, pull request review and commit comments, replies, reviews. */
const WRITES_COMMENT = /\/(?:comments|replies|reviews)(?:\/\{\w+\})?(?:\/events)?$/;

export function createGitHubClient(options: ClientOptions): GitHubClient {
  const log = options.log ?? (() => {});
  const octokit = new Octokit({
    auth: options.token,
    baseUrl: options.baseUrl,
    userAgent: "gitclaw",
    log: { debug: () => {}, info: () => {}, warn: log, error: log },
    // 403 stays in doNotRetry so secondary rate limits reach the throttling plugin, which honours retry-after.
    retry: {
      doNotRetry: [400, 401, 403, 404, 410, 422, 451],
      ...(options.retryAfterBaseValue === undefined ? {} : { retryAfterBaseValue: options.retryAfterBaseValue }),
    },
    throttle: {
      enabled: options.paced ?? true,
      retryAfterBaseValue: options.retryAfterBaseValue,
      onRateLimit: (
        retryAfter: number,
        request: { method: string; url: string },
        _octokit: unknown,
        retryCount: number,
      ) => {
        log(`GitHub rate limit on ${request.method} ${request.url}; retrying in ${retryAfter}s`);
        return retryCount < 2;
      },
      onSecondaryRateLimit: (
        retryAfter: number,
        request: { method: string; url: string },
        _octokit: unknown,
        retryCount: number,
      ) => {
        log(`GitHub secondary rate limit on ${request.method} ${request.url}; retrying in ${retryAfter}s`);
        return retryCount < 1;
      },
    },
  });
  // Every comment gitclaw writes carries the reply marker, whichever op writes it: posted with a PAT
  // or an App token, its comments start workflows like a person's, and the marker is how the guard
  // knows them. Here, at the one client, no new op can forget it: a review's inline comments too.
  octokit.hook.before("request", (request) => {
    if (request.method === "GET" || request.method === "DELETE" || !WRITES_COMMENT.test(request.url)) return;
    if (typeof request.body === "string") request.body = withReplyMarker(request.body);
    if (Array.isArray(request.comments))
      request.comments = request.comments.map((comment: unknown) =>
        typeof (comment as { body?: unknown } | null)?.body === "string"
          ? { ...(comment as object), body: withReplyMarker((comment as { body: string }).body) }
          : comment,
      );
  });
  return octokit;
}
