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
  /** The Accept header, for one of GitHub's media types (e.g. `application/vnd.github.full+json`: `body_html` too). */
  accept?: string;
}

export interface GitHubApi {
  /** Resolves with any status; only a network failure (or the signal) rejects. */
  send(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse>;
  /** A GraphQL request: its `data`, or a GraphQLError naming what GitHub answered. */
  graphql(query: string, variables: Record<string, unknown>): Promise<unknown>;
}

export class GraphQLError extends Error {
  override name = "GraphQLError";
}

/** GitHub's GraphQL endpoint beside its REST root: /graphql on github.com, /api/graphql beside /api/v3 on GHES. */
export const graphqlUrl = (apiUrl: string) => `${apiUrl.replace(/\/api\/v3\/?$/, "/api")}/graphql`;

/** The data of a GraphQL answer, or the error its `errors` (or its status) say. */
function graphqlData(status: number, answer: unknown): unknown {
  const { data, errors, message } = (answer ?? {}) as {
    data?: unknown;
    errors?: { message?: string }[];
    message?: string;
  };
  if (status !== 200 || errors?.length) {
    const said = errors?.map((error) => error.message).join("; ") || message || "no data";
    throw new GraphQLError(`the GraphQL API answered ${status}: ${said}`);
  }
  return data;
}

/** fetch against GITHUB_API_URL with the token: what the short stages use. */
export function fetchApi(options: { apiUrl: string; token: string; timeoutMs?: number }): GitHubApi {
  const api: GitHubApi = {
    async graphql(query, variables) {
      const response = await api.send("POST", graphqlUrl(options.apiUrl), { query, variables });
      return graphqlData(response.status, response.data);
    },
    async send(method, path, body, request) {
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 15_000);
      const url = /^https?:\/\//.test(path) ? path : `${options.apiUrl}${path}`;
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: request?.accept ?? "application/vnd.github+json",
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
  return api;
}

/** The same interface over the agent's Octokit client: its retries and pacing apply. */
export function octokitApi(github: GitHubClient): GitHubApi {
  return {
    async graphql(query, variables) {
      try {
        return await github.graphql(query, variables);
      } catch (error) {
        const failed = error as { status?: number; response?: { data?: unknown }; errors?: { message?: string }[] };
        if (failed.errors) return graphqlData(200, { errors: failed.errors });
        if (typeof failed.status === "number") return graphqlData(failed.status, failed.response?.data ?? null);
        throw error;
      }
    },
    async send(method, path, body, request) {
      try {
        const response = await github.request(`${method} ${path}`, {
          ...(body === undefined ? {} : { data: body }),
          ...(request?.accept ? { headers: { accept: request.accept } } : {}),
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
