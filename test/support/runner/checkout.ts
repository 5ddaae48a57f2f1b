// actions/checkout as the workflow configures it: a fresh repository fetching one ref from origin
// (shallow unless fetch-depth is 0), a local branch of that name, and the token persisted in
// .git/config only when persist-credentials is on (its default), as the real action does it.
import { mkdirSync } from "node:fs";
import { execa } from "execa";

export interface CheckoutOptions {
  /** The bare repository standing in for github.com/<owner>/<repo>, or an http(s) URL serving it. */
  origin: string;
  workspace: string;
  ref: string;
  /** 0: all history; n: the last n commits (actions/checkout's default is 1). */
  fetchDepth: number;
  persistCredentials: boolean;
  token: string;
  serverUrl: string;
}

export async function checkout(options: CheckoutOptions): Promise<void> {
  mkdirSync(options.workspace, { recursive: true });
  // Without identity or global config, as on a runner.
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: "/nonexistent",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
  };
  const git = (...args: string[]) => execa("git", args, { cwd: options.workspace, env, extendEnv: false });
  await git("init", "-q");
  // file:// so that a shallow fetch is a real one, as over https.
  const url = /^https?:\/\//.test(options.origin) ? options.origin : `file://${options.origin}`;
  await git("remote", "add", "origin", url);
  if (options.persistCredentials) {
    const basic = Buffer.from(`x-access-token:${options.token}`).toString("base64");
    await git("config", "--local", `http.${options.serverUrl}/.extraheader`, `AUTHORIZATION: basic ${basic}`);
  }
  const depth = options.fetchDepth > 0 ? [`--depth=${options.fetchDepth}`] : [];
  // A commit sha is fetched as itself and checked out detached, as the action does with `ref: <sha>`.
  const sha = /^[0-9a-f]{40}$/.test(options.ref);
  const refspecs = sha
    ? [`+${options.ref}:refs/remotes/origin/HEAD`]
    : options.fetchDepth > 0
      ? [`+refs/heads/${options.ref}:refs/remotes/origin/${options.ref}`]
      : ["+refs/heads/*:refs/remotes/origin/*", "+refs/tags/*:refs/tags/*"];
  await git(
    "-c",
    "protocol.version=2",
    "fetch",
    "-q",
    "--no-tags",
    "--prune",
    "--no-recurse-submodules",
    ...depth,
    "origin",
    ...refspecs,
  );
  if (sha) await git("checkout", "-q", "--force", options.ref);
  else await git("checkout", "-q", "--force", "-B", options.ref, `refs/remotes/origin/${options.ref}`);
}
