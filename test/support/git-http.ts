// A bare repository served over git's smart HTTP as github.com serves one, on 127.0.0.1: anyone may
// fetch (a public repository); a push needs a known token, sent as git sends it with gitclaw's
// credential (basic auth, `x-access-token:<token>`), and a push whose new commits create, change or
// delete a file under .github/workflows/, on any ref (branches, refs/gitclaw/…, tags), is refused
// whole unless its token has the `workflows` permission, with GitHub's own message. `git http-backend`
// does the protocol; the origin's pre-receive hook (test/support/origin/pre-receive.ts) the refusal,
// as it enforces the repository's rules (test/support/origin-rules.ts).
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { installOriginHook } from "./origin-rules.ts";

export interface GitHttpServer {
  /** The repository's URL, for `git remote` and the checkout. */
  url: string;
  /** The pushes refused for changing workflow files, with GitHub's message. */
  refusals(): string[];
  stop(): void;
}

/** What a token may do: every known token may push; `workflows` also lets it change workflow files. */
export type TokenRights = Record<string, { workflows: boolean }>;

function tokenOf(header: string | null): string | undefined {
  const basic = /^basic\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (!basic) return undefined;
  const [user, ...rest] = Buffer.from(basic, "base64").toString("utf8").split(":");
  return user ? rest.join(":") : undefined;
}

/** `git http-backend`'s CGI answer: a header block, then the body. */
function cgiResponse(output: Uint8Array): Response {
  const bytes = Buffer.from(output);
  const end = bytes.indexOf("\r\n\r\n");
  const [head, body] = end >= 0 ? [bytes.subarray(0, end), bytes.subarray(end + 4)] : [bytes, Buffer.alloc(0)];
  const headers = new Headers();
  let status = 200;
  for (const line of head.toString("latin1").split("\r\n")) {
    const [name, ...value] = line.split(":");
    if (!name) continue;
    if (name.toLowerCase() === "status") status = Number.parseInt(value.join(":").trim(), 10);
    else headers.append(name, value.join(":").trim());
  }
  return new Response(body, { status, headers });
}

export function serveGitOverHttp(origin: string, tokens: TokenRights): GitHttpServer {
  installOriginHook(origin);
  const log = join(origin, "refusals.log");
  const name = basename(origin);
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const pushing =
        url.searchParams.get("service") === "git-receive-pack" || url.pathname.endsWith("/git-receive-pack");
      const token = tokenOf(request.headers.get("authorization"));
      const rights = token === undefined ? undefined : tokens[token];
      if (pushing && !rights)
        return new Response("Authentication required\n", {
          status: 401,
          headers: { "www-authenticate": 'Basic realm="GitHub"' },
        });
      const child = Bun.spawn(["git", "http-backend"], {
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          GIT_PROJECT_ROOT: dirname(origin),
          GIT_HTTP_EXPORT_ALL: "1",
          PATH_INFO: url.pathname,
          QUERY_STRING: url.search.slice(1),
          REQUEST_METHOD: request.method,
          CONTENT_TYPE: request.headers.get("content-type") ?? "",
          HTTP_CONTENT_ENCODING: request.headers.get("content-encoding") ?? "",
          GIT_PROTOCOL: request.headers.get("git-protocol") ?? "",
          REMOTE_USER: pushing ? "x-access-token" : "",
          GITCLAW_TEST_WORKFLOWS: rights?.workflows ? "1" : "0",
        },
        stdin: new Uint8Array(await request.arrayBuffer()),
        stdout: "pipe",
        stderr: "pipe",
      });
      const [output, errors] = await Promise.all([
        new Response(child.stdout).arrayBuffer(),
        new Response(child.stderr).text(),
      ]);
      if ((await child.exited) !== 0) console.error(`git http-backend failed: ${errors}`);
      return cgiResponse(new Uint8Array(output));
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/${name}`,
    refusals: () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : []),
    stop: () => server.stop(true),
  };
}
