// The local sandbox's hold on the user's repository: .gitclaw-local/ kept out of `git add` through
// .git/info/exclude (never the user's .gitignore), the throwaway remote brought up to the repository's
// HEAD on every run (so committed work is seen), and the workflow the run follows.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { parseConfig } from "../../src/config/config.ts";
import { WORKFLOW_FILE } from "../../src/config/paths.ts";
import { renderWorkflow } from "../../src/cli/workflow.ts";

const SANDBOX_PATTERN = "/.gitclaw-local/";
/** Who the throwaway remote's merge commits are by: git has no identity of the user's to borrow here. */
const LOCAL_IDENTITY = {
  GIT_AUTHOR_NAME: "gitclaw local",
  GIT_AUTHOR_EMAIL: "local@gitclaw.invalid",
  GIT_COMMITTER_NAME: "gitclaw local",
  GIT_COMMITTER_EMAIL: "local@gitclaw.invalid",
};

/** Adds .gitclaw-local/ to the repository's own exclude file, once: its nested clones are never staged. */
export async function ignoreSandbox(repo: string): Promise<void> {
  const path = await gitIn(repo, ["rev-parse", "--path-format=absolute", "--git-path", "info/exclude"]);
  const text = existsSync(path) ? readFileSync(path, "utf8") : "";
  if (text.split("\n").some((line) => line.trim() === SANDBOX_PATTERN)) return;
  mkdirSync(dirname(path), { recursive: true });
  appendFileSync(path, `${text && !text.endsWith("\n") ? "\n" : ""}# gitclaw local's sandbox\n${SANDBOX_PATTERN}\n`);
}

/**
 * Brings the throwaway remote's branch up to the repository's HEAD: fast-forwarded when the run's
 * work is behind it, merged with it when both moved on (the runs' commits and sessions are kept).
 * Returns what it did when that was more than nothing.
 */
export async function followHead(origin: string, repo: string): Promise<string | undefined> {
  await gitIn(origin, ["fetch", "-q", repo, "+HEAD:refs/gitclaw-local/head"]);
  const branch = await gitIn(origin, ["symbolic-ref", "--short", "HEAD"]);
  const [ours, theirs] = [`refs/heads/${branch}`, "refs/gitclaw-local/head"];
  if (await isAncestor(origin, theirs, ours)) return undefined;
  if (await isAncestor(origin, ours, theirs)) {
    await gitIn(origin, ["update-ref", ours, theirs]);
    return `brought the throwaway remote's ${branch} up to this checkout's HEAD`;
  }
  const tree = await execa("git", ["merge-tree", "--write-tree", ours, theirs], { cwd: origin, reject: false });
  if (tree.exitCode !== 0)
    return `this checkout's HEAD conflicts with the earlier runs' work on the throwaway remote, which keeps its ${branch}: delete ${origin} to start again from HEAD`;
  const message = "gitclaw local: this checkout's HEAD";
  const commit = await execa(
    "git",
    ["commit-tree", tree.stdout.split("\n")[0]!, "-p", ours, "-p", theirs, "-m", message],
    {
      cwd: origin,
      env: LOCAL_IDENTITY,
    },
  );
  await gitIn(origin, ["update-ref", ours, commit.stdout.trim()]);
  return `merged this checkout's HEAD into the throwaway remote's ${branch}`;
}

/**
 * The workflow the run follows: the repository's own gitclaw workflow when it has one, else the one
 * `gitclaw init` would write (with the model and trigger the environment or .github/gitclaw.json name).
 */
export function localWorkflow(repo: string, home: string): string {
  const own = join(repo, WORKFLOW_FILE);
  if (existsSync(own)) return own;
  const defaults = parseConfig({});
  const path = join(home, "gitclaw.yml");
  const key: [string, string] = ["anthropic_api_key", "${{ secrets.ANTHROPIC_API_KEY }}"];
  writeFileSync(path, renderWorkflow({ model: defaults.model, trigger: defaults.trigger }, [key]));
  return path;
}

const isAncestor = async (cwd: string, a: string, b: string) =>
  (await execa("git", ["merge-base", "--is-ancestor", a, b], { cwd, reject: false })).exitCode === 0;

const gitIn = async (cwd: string, args: string[]) => (await execa("git", args, { cwd })).stdout.trim();
