// The GitHub calls of the stages themselves (and of reviews, whoever writes them) go through one
// interface, send(method, path, body), so one set of operations (./operations.ts) serves every
// stage: the guard, the indicator and the cleanup speak it over plain fetch (one short request each,
// nothing to load), the agent and its github tool over its Octokit client (retries, rate-limit pacing).
import type { GitHubClient } from "./client.ts";

export interface ApiResponse {
  status: number;
  data: unknown;
}

export interface RequestOptions {
  /** Stops the request, e.g. when the run is cancelled. */
  signal?: AbortSignal;
  /** How often to retry a failure (the client's default when absent): 0 where an answer like 409 is final. */
  retries?: number;
}

export interface GitHubApi {
  /** Resolves with any status; only a network failure (or the signal) rejects. */
  send(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse>;
}

/** fetch against GITHUB_API_URL with the token: what the short stages use. */
export function fetchApi(options: { apiUrl: string; token: string; timeoutMs?: number }): GitHubApi {
  return {
    async send(method, path, body, request) {
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 15_000);
      const response = await fetch(`${options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: "application/vnd.github+json",
          "x-github-api-version": "2022-11-28",
          "user-agent": "gitclaw",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: request?.signal ? AbortSignal.any([timeout, request.signal]) : timeout,
      });
      const text = await response.text();
      let data: unknown = text;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        // Non-JSON bodies (rare proxies, HTML error pages) stay text.
      }
      return { status: response.status, data };
    },
  };
}

/** The same interface over the agent's Octokit client: its retries and pacing apply. */
export function octokitApi(github: GitHubClient): GitHubApi {
  return {
    async send(method, path, body, request) {
      try {
        const response = await github.request(`${method} ${path}`, {
          ...(body === undefined ? {} : { data: body }),
          request: {
            ...(request?.signal ? { signal: request.signal } : {}),
            ...(request?.retries === undefined ? {} : { retries: request.retries }),
          },
        });
        return { status: response.status, data: response.data };
      } catch (error) {
        const failed = error as { status?: number; response?: { data?: unknown } };
        if (typeof failed.status !== "number") throw error;
        return { status: failed.status, data: failed.response?.data ?? null };
      }
    },
  };
}
