// A bare repository served over git's smart HTTP as github.com serves one, on 127.0.0.1: anyone may
// fetch (a public repository); a push needs a known token, sent as git sends it with gitclaw's
// credential (basic auth, `x-access-token:<token>`), and is recorded with the token that made it
// (GitHub starts workflows for a push by who pushed: ./ci-runner.ts), and a push whose new commits create, change or
// delete a file under .github/workflows/, on any ref (branches, refs/gitclaw/…, tags), is refused
// whole unless its token has the `workflows` permission, with GitHub's own message. `git http-backend`
// does the protocol; the origin's pre-receive hook (test/support/origin/pre-receive.ts) the refusal,
// as it enforces the repository's rules (test/support/origin-rules.ts).
import { chmodSync, copyFileSync, existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { installOriginHook } from "./origin-rules.ts";

export interface GitHttpServer {
  /** The repository's URL, for `git remote` and the checkout. */
  url: string;
  /** The pushes refused for changing workflow files, with GitHub's message. */
  refusals(): string[];
  /** Every ref update pushed, in order, with the token that pushed it. */
  pushes(): readonly Push[];
  stop(): void;
}

/** What a token may do: every known token may push; `workflows` also lets it change workflow files. */
export type TokenRights = Record<string, { workflows: boolean }>;
/** The rights of a token looked up as it comes (an installation token minted during the test). */
export type RightsOf = (token: string) => { workflows: boolean } | undefined;

export interface Push {
  token: string;
  ref: string;
  old: string;
  new: string;
}

export interface GitHttpOptions {
  /** Called after each accepted push with its ref updates. */
  onPush?: (updates: Push[]) => void | Promise<void>;
}

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

export function serveGitOverHttp(
  origin: string,
  tokens: TokenRights | RightsOf,
  options: GitHttpOptions = {},
): GitHttpServer {
  installOriginHook(origin);
  const postReceive = join(origin, "hooks", "post-receive");
  copyFileSync(join(import.meta.dirname, "origin", "post-receive.sh"), postReceive);
  chmodSync(postReceive, 0o755);
  const rightsOf: RightsOf = typeof tokens === "function" ? tokens : (token) => tokens[token];
  const log = join(origin, "refusals.log");
  const pushLog = join(origin, "pushes.log");
  const pushes: Push[] = [];
  let requests = 0;
  const name = basename(origin);
  async function recordPushes(id: string, token: string): Promise<void> {
    const lines = existsSync(pushLog) ? readFileSync(pushLog, "utf8").split("\n") : [];
    const updates = lines
      .map((line) => line.split(" "))
      .filter(([pushId]) => pushId === id)
      .map(([, old, updated, ref]) => ({ token, ref: ref!, old: old!, new: updated! }));
    pushes.push(...updates);
    if (updates.length) await options.onPush?.(updates);
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const pushing =
        url.searchParams.get("service") === "git-receive-pack" || url.pathname.endsWith("/git-receive-pack");
      const token = tokenOf(request.headers.get("authorization"));
      const rights = token === undefined ? undefined : rightsOf(token);
      const id = String(++requests);
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
          GITCLAW_TEST_PUSH: id,
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
      if (pushing && token !== undefined) await recordPushes(id, token);
      return cgiResponse(new Uint8Array(output));
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/${name}`,
    pushes: () => pushes,
    refusals: () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : []),
    stop: () => server.stop(true),
  };
}
