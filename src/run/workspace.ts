// The checkout, read before any tool runs: where to push and what this run starts from (later,
// .git/config may hold whatever a tool wrote there without the sandbox, so the push never asks it
// again), the push credential from memory, credentials actions/checkout persisted removed, the branch
// (the run's target: src/run/target.ts), checked out at the commit the run starts from, and its index
// refreshed while the run sets up.
import type { Workspace } from "./types.ts";
import { toolEnvironment } from "../tool-env.ts";
import { checkoutCommit, remoteTip } from "../git/branch.ts";
import { removePersistedCredentials } from "../git/credentials.ts";
import { refreshIndex } from "../git/status.ts";
import { assertBranchName, createGit, GitError, tokenAuthEnv, type Git } from "../git/git.ts";
import type { RunContext } from "./types.ts";
import { pushBranch } from "./target.ts";
import type { TargetedRun } from "./types.ts";

export async function prepareWorkspace(run: TargetedRun): Promise<Workspace> {
  const checkout = await openCheckout(run);
  const { root, toolEnv, remote, git, plain } = checkout;
  const branch = await checkOutTarget(run, git, remote);
  const base = await plain.must(["rev-parse", "HEAD"]);
  const indexRefreshed = refreshIndex(plain);
  const { workflowsToken } = run.env;
  const workflowsGit = workflowsToken
    ? createGit(root, { env: toolEnv, authEnv: tokenAuthEnv(remote, workflowsToken), redact: run.redact })
    : undefined;
  return {
    root,
    git,
    remote,
    base,
    branch,
    authEnv: checkout.authEnv,
    toolEnv,
    indexRefreshed,
    ...(workflowsGit ? { workflowsGit } : {}),
  };
}

/**
 * The checkout as it is, on no branch, at `base`: a task job's (src/stages/task.ts), whose commits
 * leave as a patch series, never as a push.
 */
export async function prepareWorkspaceAt(run: CheckoutRun, base: string): Promise<Workspace> {
  const { root, toolEnv, remote, git, plain, authEnv } = await openCheckout(run);
  const head = await plain.must(["rev-parse", "HEAD"]);
  if (head !== base) throw new GitError(`the checkout is at ${head}, not at the base ${base}`);
  const indexRefreshed = refreshIndex(plain);
  return { root, git, remote, base, branch: "", authEnv, toolEnv, indexRefreshed };
}

type CheckoutRun = Pick<RunContext, "env" | "processEnv" | "redact" | "log">;

/** Where to push, the push credential from memory, and credentials actions/checkout persisted removed. */
async function openCheckout(run: CheckoutRun) {
  const root = run.env.workspace;
  const toolEnv = toolEnvironment(run.processEnv);
  const plain = createGit(root, { env: toolEnv, redact: run.redact });
  const remote = await plain.must(["remote", "get-url", "origin"]);
  const authEnv = tokenAuthEnv(remote, run.env.token);
  const git = createGit(root, { env: toolEnv, authEnv, redact: run.redact });
  for (const removed of await removePersistedCredentials(git))
    run.log(`gitclaw: removed a persisted credential (${removed}) so tools cannot read it.`);
  return { root, toolEnv, plain, remote, authEnv, git };
}

/** The run's branch, checked out at the commit it starts from; the checkout's own when the target names none. */
async function checkOutTarget(run: TargetedRun, git: Git, remote: string): Promise<string> {
  const wanted = run.target.branch;
  if (!wanted) return assertBranchName(git, ...(await pushBranch(run)));
  const branch = await assertBranchName(git, wanted.name, wanted.source);
  const start = wanted.startAt ?? (await remoteTip(git, remote, branch));
  if (start) await checkoutCommit(git, remote, { branch, sha: start, depth: wanted.depth });
  else await git.must(["checkout", "-q", "-B", branch]);
  run.log(`gitclaw: working on ${branch}${start ? ` from ${start.slice(0, 12)}` : ", a new branch"}`);
  return branch;
}
