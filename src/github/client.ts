// Octokit for everything after `bun install`: base URL from GITHUB_API_URL (GitHub Enterprise
// Server and the test emulator alike), with the retry and throttling plugins.
import { GitHub, getOctokitOptions } from "@actions/github/lib/utils";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";

const Octokit = GitHub.plugin(retry, throttling);
export type GitHubClient = InstanceType<typeof Octokit>;

export interface ClientOptions {
  token: string;
  baseUrl: string;
  log?: (line: string) => void;
  /** Tests shorten the waits; production keeps the plugins' defaults. */
  retryAfterBaseValue?: number;
}

export function createGitHubClient(options: ClientOptions): GitHubClient {
  const log = options.log ?? (() => {});
  return new Octokit(
    getOctokitOptions(options.token, {
      baseUrl: options.baseUrl,
      log: { debug: () => {}, info: () => {}, warn: log, error: log },
      // 403 stays in doNotRetry so secondary rate limits reach the throttling plugin, which honours retry-after.
      retry: { doNotRetry: [400, 401, 403, 404, 410, 422, 451] },
      throttle: {
        retryAfterBaseValue: options.retryAfterBaseValue,
        onRateLimit: (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          log(`GitHub rate limit on ${request.method} ${request.url}; retrying in ${retryAfter}s`);
          return retryCount < 2;
        },
        onSecondaryRateLimit: (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
          log(`GitHub secondary rate limit on ${request.method} ${request.url}; retrying in ${retryAfter}s`);
          return retryCount < 1;
        },
      },
    }),
  );
}
