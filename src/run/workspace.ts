// The checkout, read before any tool runs: where to push and what this run starts from (later,
// .git/config may hold whatever a tool wrote there without the sandbox, so the push never asks it
// again), the push credential from memory, credentials actions/checkout persisted removed, the branch.
import { toolEnvironment } from "../tool-env.ts";
import { removePersistedCredentials } from "../git/credentials.ts";
import { assertBranchName, createGit, tokenAuthEnv, type Git } from "../git/git.ts";
import { getDefaultBranch } from "../github/operations.ts";
import type { RunContext } from "./context.ts";

export interface Workspace {
  root: string;
  /** Git with the push credential for remote commands. */
  git: Git;
  remote: string;
  /** The commit the run started from: base..HEAD is the run's work. */
  base: string;
  branch: string;
  authEnv: Record<string, string>;
  /** Git whose pushes carry the workflows token (workflows_token), when one is set. */
  workflowsGit?: Git;
  /** The secret-free environment of tool processes and of git. */
  toolEnv: Record<string, string>;
}

export async function prepareWorkspace(run: RunContext): Promise<Workspace> {
  const root = run.env.workspace;
  const toolEnv = toolEnvironment(run.processEnv);
  const plain = createGit(root, { env: toolEnv, redact: run.redact });
  const remote = await plain.must(["remote", "get-url", "origin"]);
  const base = await plain.must(["rev-parse", "HEAD"]);
  const authEnv = tokenAuthEnv(remote, run.env.token);
  const git = createGit(root, { env: toolEnv, authEnv, redact: run.redact });
  for (const removed of await removePersistedCredentials(git))
    run.log(`gitclaw: removed a persisted credential (${removed}) so tools cannot read it.`);
  const branch = await assertBranchName(git, ...(await targetBranch(run)));
  const { workflowsToken } = run.env;
  const workflowsGit = workflowsToken
    ? createGit(root, { env: toolEnv, authEnv: tokenAuthEnv(remote, workflowsToken), redact: run.redact })
    : undefined;
  return { root, git, remote, base, branch, authEnv, toolEnv, ...(workflowsGit ? { workflowsGit } : {}) };
}

/** The branch to push to, and where that came from (for a message if it is not a branch name). */
async function targetBranch(run: RunContext): Promise<[string, string]> {
  if (run.config.git.branch) return [run.config.git.branch, "git.branch in .github/gitclaw.json"];
  if (run.trigger.defaultBranch) return [run.trigger.defaultBranch, "the event's repository.default_branch"];
  return [await getDefaultBranch(run.api, run.repo), "the repository's default branch"];
}
