// A tiny REST client on fetch for the steps that run before `bun install` (guard, indicator).
// Everything after install uses Octokit (src/github/client.ts).
export interface RestResponse {
  status: number;
  data: unknown;
}

export interface RestLite {
  request(method: string, path: string, body?: unknown): Promise<RestResponse>;
}

export function createRestLite(options: { apiUrl: string; token: string; timeoutMs?: number }): RestLite {
  return {
    async request(method, path, body) {
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
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const text = await response.text();
      let data: unknown = text;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        // Non-JSON bodies (rare proxies, HTML error pages) are returned as text.
      }
      return { status: response.status, data };
    },
  };
}
