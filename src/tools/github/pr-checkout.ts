// pr_checkout and pr_push. A pull request is checked out as local branch pr-<n> in its own git
// worktree in the run's worktree directory, outside the workspace (src/git/worktree.ts), fetched from
// origin or from a fork-<owner> remote. Where to push back is kept in the branch's git config, so
// pr_push needs no API call: the keys are those of pi's github tool, so both can share a checkout.
// pr_push first commits what tool commands changed in the worktree, as the bot.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { BOT_IDENTITY } from "../../git/git.ts";
import { committedPathsUnder, withPatterns } from "../../git/protected.ts";
import { withTrailers } from "../../git/commit-message.ts";
import type { OpContext, PlannedCall, PullRequest } from "./context.ts";
import { requestOptions } from "./context.ts";
import { ToolFailure } from "../../errors.ts";
import { describeGitHubError } from "./errors.ts";
import {
  configValue,
  currentBranch,
  gitCommonDir,
  isShallow,
  localGit,
  withRepoLock,
  type LocalGit,
} from "../../git/local-git.ts";
import { explicitRepo, type GitHubArgs } from "./args.ts";
import {
  isBranchName,
  parseGitHubUrl,
  parsePrIdentifier,
  parseRepo,
  present,
  repoName,
  sameRepo,
  type PrIdentifier,
  type RepoRef,
} from "./validate.ts";
import { ValidationError } from "../../errors.ts";
import {
  commitWorktree,
  existingWorktree,
  listWorktrees,
  worktreeBase,
  worktreeGit,
  type WorktreeCommit,
} from "../../git/worktree.ts";
import { plural } from "../../text/format.ts";
import { openWorktreeRepo, takeWorktreeRepo } from "./worktree-git.ts";

/** pr_checkout's batch limit: each PR is a fetch and a worktree. */
const MAX_CHECKOUTS = 10;

const KEY = {
  headRef: "ompPrHeadRef",
  url: "ompPrUrl",
  cross: "ompPrIsCrossRepository",
  maintainerCanModify: "ompPrMaintainerCanModify",
  headRepo: "gitclawPrHeadRepo",
};

interface Checkout {
  number: number;
  title: string;
  url: string;
  branch: string;
  worktreePath: string;
  remote: string;
  remoteBranch: string;
  headSha: string;
  crossRepository: boolean;
  reused: boolean;
}

async function resolvePull(
  context: OpContext,
  repo: RepoRef,
  id: PrIdentifier | undefined,
  git: LocalGit,
): Promise<PullRequest> {
  const { github } = context;
  const request = requestOptions(context);
  let branch: string;
  if (id?.kind === "number") return (await github.rest.pulls.get({ ...repo, pull_number: id.number, ...request })).data;
  if (id?.kind === "branch") branch = id.branch;
  else {
    const current = await currentBranch(git);
    if (!current)
      throw new ToolFailure("the workspace is on a detached HEAD: pass pr, a PR number, URL or branch name.");
    const own = /^pr-(\d+)$/.exec(current);
    if (own) return (await github.rest.pulls.get({ ...repo, pull_number: Number(own[1]), ...request })).data;
    branch = current;
  }
  const { data } = await github.rest.pulls.list({
    ...repo,
    head: `${repo.owner}:${branch}`,
    state: "open",
    per_page: 1,
    ...request,
  });
  if (!data[0]) throw new ToolFailure(`no open pull request in ${repoName(repo)} has head branch ${branch}.`);
  return (await github.rest.pulls.get({ ...repo, pull_number: data[0].number, ...request })).data;
}

/** `origin` for this repository's own branches; otherwise a remote for the head repository, reused by URL. */
async function remoteFor(git: LocalGit, pr: PullRequest, thisRepo: RepoRef): Promise<string> {
  const headRepo = pr.head.repo;
  if (!headRepo) throw new ToolFailure(`PR #${pr.number}'s head repository was deleted; it cannot be checked out.`);
  if (sameRepo(parseRepo(headRepo.full_name), thisRepo)) return "origin";
  const url = headRepo.clone_url;
  const remotes = (await git.must(["remote"])).split("\n").filter(Boolean);
  for (const remote of remotes) if ((await configValue(git, `remote.${remote}.url`)) === url) return remote;
  const base = `fork-${headRepo.owner.login}`;
  let name = base;
  for (let n = 2; remotes.includes(name); n++) name = `${base}-${n}`;
  await git.must(["remote", "add", name, url]);
  return name;
}

/** Checks `pr` out as branch pr-<n> in a worktree under `base` (the run's worktree directory). */
async function checkoutOne(
  context: OpContext,
  git: LocalGit,
  pr: PullRequest,
  place: { base: string; repo: RepoRef },
  force: boolean,
): Promise<Checkout> {
  const branch = `pr-${pr.number}`;
  const target = join(place.base, `${place.repo.owner}-${place.repo.repo}`, branch);
  const remote = await remoteFor(git, pr, context.thisRepo);
  const headSha = await fetchHead(git, pr, remote);
  const registered = await existingWorktree(git, branch, place.base, force, context.tool);
  const moved = await pointBranch(git, { branch, headSha, registered, force }, context.tool);
  const crossRepository = remote !== "origin";
  await recordBranchConfig(git, branch, pr, remote);
  if (!registered) await addWorktree(git, branch, target, force);
  const path = registered ?? target;
  await openWorktreeRepo(context, await worktreeGit(git, path, context.tool.env, context.tool.redact), path, moved);
  return {
    number: pr.number,
    title: pr.title,
    url: pr.html_url,
    branch,
    worktreePath: path,
    remote,
    remoteBranch: pr.head.ref,
    headSha,
    crossRepository,
    reused: registered !== undefined,
  };
}

/** Fetches the pull request's head into its remote-tracking ref; its sha. */
async function fetchHead(git: LocalGit, pr: PullRequest, remote: string): Promise<string> {
  const tracking = `refs/remotes/${remote}/${pr.head.ref}`;
  // In a shallow checkout (the workflow's), a plain fetch would bring the branch's history down to
  // its first commit: the PR's own commits and the one they start from are what working on it,
  // pushing it and reading its log need.
  const depth = (await isShallow(git)) ? [`--depth=${pr.commits + 1}`] : [];
  await git.must(["fetch", "--no-tags", ...depth, remote, `+refs/heads/${pr.head.ref}:${tracking}`], { remote: true });
  return git.must(["rev-parse", tracking]);
}

/** Makes the local branch point at the head: created, left, or (with force) reset; whether it was made or moved. */
async function pointBranch(
  git: LocalGit,
  at: { branch: string; headSha: string; registered: string | undefined; force: boolean },
  tool: OpContext["tool"],
): Promise<boolean> {
  const { branch, headSha, registered } = at;
  const existing = await git.run(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`]);
  const existingSha = existing.stdout.trim();
  if (existing.exitCode !== 0) {
    await git.must(["branch", "--no-track", branch, headSha]);
    return true;
  }
  if (existingSha === headSha) return false;
  if (!at.force)
    throw new ToolFailure(
      `local branch ${branch} already exists at ${existingSha.slice(0, 12)}; pass force=true to reset it`,
    );
  // A branch checked out in a worktree cannot be moved with `git branch --force`.
  if (registered)
    await (await worktreeGit(git, registered, tool.env, tool.redact)).must(["reset", "--hard", "--quiet", headSha], {
      groupWritable: true,
    });
  else await git.must(["branch", "--force", "--no-track", branch, headSha]);
  return true;
}

/** Where the branch pushes, and the pull request's facts pr_push reads back. */
async function recordBranchConfig(git: LocalGit, branch: string, pr: PullRequest, remote: string): Promise<void> {
  const config: Array<[string, string]> = [
    ["remote", remote],
    ["merge", `refs/heads/${pr.head.ref}`],
    ["pushRemote", remote],
    [KEY.headRef, pr.head.ref],
    [KEY.url, pr.html_url],
    [KEY.cross, String(remote !== "origin")],
    [KEY.maintainerCanModify, String(pr.maintainer_can_modify)],
    [KEY.headRepo, pr.head.repo!.full_name],
  ];
  for (const [key, value] of config) await git.must(["config", `branch.${branch}.${key}`, value]);
}

async function addWorktree(git: LocalGit, branch: string, target: string, force: boolean): Promise<void> {
  // Only the agent writes the repository's directory: no tool command can rename a worktree or plant one there.
  mkdirSync(dirname(target), { recursive: true, mode: 0o750 });
  if (existsSync(target)) {
    if (!force)
      throw new ToolFailure(`${target} exists but is not the worktree of ${branch}; pass force=true to replace it.`);
    rmSync(target, { recursive: true, force: true });
  }
  await git.must(["worktree", "add", "--quiet", target, branch], { groupWritable: true });
}

function writeCheckout(out: { line(text?: string): boolean }, checkout: Checkout): void {
  out.line(`# PR #${checkout.number}: ${checkout.title}`);
  out.line(`- Worktree: ${checkout.worktreePath}${checkout.reused ? " (reused)" : ""}`);
  out.line(
    `- Branch: ${checkout.branch} at ${checkout.headSha.slice(0, 12)}, pushes to ${checkout.remote}/${checkout.remoteBranch}${checkout.crossRepository ? " (fork)" : ""}`,
  );
  out.line(`- ${checkout.url}`);
}

export function planPrCheckout(args: GitHubArgs, context: OpContext): PlannedCall {
  const { raw, ids, repo } = requestedPulls(args, context);
  const force = args.force ?? false;
  const base = worktreeBase(context.tool.worktreesDir);
  return {
    target: repo,
    narrow: "check out fewer PRs at once",
    async run(out) {
      const git = localGit(context.tool.workspace, context.tool.env, context.gitAuthEnv, context.tool.redact);
      const lockKey = await gitCommonDir(git);
      // Resolved in parallel; git mutations queue on the repository lock.
      const settled = await Promise.allSettled(
        ids.map(async (id) => {
          const pr = await resolvePull(context, repo, id, git).catch((error: unknown) => {
            throw error instanceof ToolFailure
              ? error
              : new ToolFailure(describeGitHubError(error, "pr_checkout", repoName(repo), context.now()));
          });
          return withRepoLock(lockKey, () => checkoutOne(context, git, pr, { base, repo }, force));
        }),
      );
      const checkouts = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      const reasons = settled.flatMap((result, index) =>
        result.status === "rejected"
          ? [{ pr: String(raw[index] ?? "current branch"), message: (result.reason as Error).message }]
          : [],
      );
      const failures = reasons.map(({ pr, message }) => `${pr}: ${message}`);
      if (checkouts.length === 0) throw new ToolFailure(ids.length === 1 ? reasons[0]!.message : failures.join("\n"));
      writeCheckouts(out, ids.length, checkouts, failures);
      const { branch, worktreePath, remote, remoteBranch, headSha } = checkouts[0]!;
      return { repo: repoName(repo), branch, worktreePath, remote, remoteBranch, headSha, checkouts, failures };
    },
  };
}

/** The pull requests asked for (none: the current branch's), all in one repository. */
function requestedPulls(args: GitHubArgs, context: OpContext) {
  const explicit = explicitRepo(args);
  const raw = args.pr === undefined ? [undefined] : Array.isArray(args.pr) ? args.pr : [args.pr];
  if (raw.length === 0) throw new ValidationError("pr is an empty list: pass PR numbers, URLs or branch names");
  if (raw.length > MAX_CHECKOUTS) throw new ValidationError(`pr_checkout takes at most ${MAX_CHECKOUTS} PRs at once`);
  const ids = raw.map((value) => (value === undefined ? undefined : parsePrIdentifier(value, context.host, explicit)));
  const urlRepos = ids.flatMap((id) => (id?.kind === "number" && id.repo ? [id.repo] : []));
  const repo = explicit ?? urlRepos[0] ?? context.thisRepo;
  if (urlRepos.some((other) => !sameRepo(other, repo)))
    throw new ValidationError("all PRs of one pr_checkout must be in the same repository");
  return { raw, ids, repo };
}

function writeCheckouts(
  out: { line(text?: string): boolean },
  asked: number,
  checkouts: Checkout[],
  failures: string[],
): void {
  if (asked > 1)
    out.line(
      `# ${asked} Pull Request Worktrees (${checkouts.length} checked out${failures.length ? `, ${failures.length} failed` : ""})`,
    );
  for (const [index, checkout] of checkouts.entries()) {
    if (index > 0 || asked > 1) out.line(index > 0 ? "\n---\n" : "");
    writeCheckout(out, checkout);
  }
  for (const failure of failures) out.line(`\n---\n\n⚠ ${failure}`);
  out.line();
  out.line(
    "Work in the worktree by its absolute path: read, write and edit take paths under it, bash takes it as cwd. pr_push commits your changes there as gitclaw[bot] and pushes the pr-<n> branch back to the pull request.",
  );
}

type PendingCommit = WorktreeCommit & { worktree: string; subject: string };

const describeCommit = (commit: PendingCommit) =>
  `${plural(commit.files, "changed file")} as ${BOT_IDENTITY.name} (${commit.sha.slice(0, 12)} "${commit.subject}")`;

/**
 * Commits what is uncommitted in the worktree of `branch`, if it has one besides the workspace:
 * under the sandbox, tool commands cannot commit there themselves.
 */
async function commitPending(
  context: OpContext,
  git: LocalGit,
  branch: string,
  message: string | undefined,
): Promise<PendingCommit | undefined> {
  await git.must(["worktree", "prune"]);
  const worktree = (await listWorktrees(git)).find((found) => !found.main && found.branch === `refs/heads/${branch}`);
  if (!worktree) return undefined;
  const { tool } = context;
  const number = /^pr-(\d+)$/.exec(branch)?.[1];
  const subject = tool.redact(message ?? `gitclaw: update ${number ? `PR #${number}` : branch}`);
  const wt = await worktreeGit(git, worktree.path, tool.env, tool.redact);
  await takeWorktreeRepo(context, wt, worktree.path);
  const commit = await commitWorktree(
    wt,
    withTrailers(subject, context.commit),
    context.protectedPaths,
    tool.passedSecrets,
  );
  return commit && { ...commit, worktree: worktree.path, subject: subject.split("\n")[0]! };
}

/** What pr_push pushes where: the branch, and its pull request's head as pr_checkout wrote it in the git config. */
interface PushPlan {
  branch: string;
  headRef: string;
  remote: string;
  prUrl: string | undefined;
  /** The repository the push writes to: the PR's head repository (a fork for cross-repository PRs). */
  target: RepoRef | undefined;
  forceWithLease: boolean;
  message: string | undefined;
}

export async function planPrPush(args: GitHubArgs, context: OpContext): Promise<PlannedCall> {
  const git = localGit(context.tool.workspace, context.tool.env, context.gitAuthEnv, context.tool.redact);
  const plan = await readPushPlan(git, args, context.host);
  return {
    target: plan.target,
    narrow: "the summary is unusually long",
    async run(out) {
      const lockKey = await gitCommonDir(git);
      return withRepoLock(lockKey, async () => {
        // After the policy allowed the push: a denied push leaves the worktree as it was.
        const committed = await commitPending(context, git, plan.branch, plan.message);
        const sha = await git.must(["rev-parse", `refs/heads/${plan.branch}`]);
        await pushBranch(context, git, plan, committed);
        const remoteUrl = context.tool.redact((await configValue(git, `remote.${plan.remote}.url`)) ?? "?");
        return reportPush(out, plan, { sha, remoteUrl, committed });
      });
    },
  };
}

async function readPushPlan(git: LocalGit, args: GitHubArgs, host: string): Promise<PushPlan> {
  const branch = present(args.branch) ?? (await currentBranch(git));
  if (!branch) throw new ValidationError("the workspace is on a detached HEAD: pass branch, e.g. pr-12");
  if (!isBranchName(branch)) throw new ValidationError(`invalid branch: ${branch}`);
  const setting = (key: string) => configValue(git, `branch.${branch}.${key}`);
  const headRef = await setting(KEY.headRef);
  if (!headRef)
    throw new ToolFailure(`branch ${branch} has no PR push metadata; check it out via op: pr_checkout first`);
  const remote = (await setting("pushRemote")) ?? (await setting("remote"));
  if (!remote)
    throw new ToolFailure(
      `branch ${branch} has no push remote in its git config; check it out again via op: pr_checkout`,
    );
  const prUrl = await setting(KEY.url);
  const headRepo = await setting(KEY.headRepo);
  const cross = (await setting(KEY.cross)) === "true";
  const target = headRepo ? parseRepo(headRepo) : !cross && prUrl ? parseGitHubUrl(prUrl, host)?.repo : undefined;
  const forceWithLease = args.forceWithLease ?? false;
  return { branch, headRef, remote, prUrl, target, forceWithLease, message: present(args.message) };
}

/** Pushes the branch to the PR's head; a refusal says what was committed and, for a moved head, what to do. */
async function pushBranch(context: OpContext, git: LocalGit, plan: PushPlan, committed?: PendingCommit): Promise<void> {
  const { branch, headRef, remote, forceWithLease } = plan;
  const tracking = await git.run(["rev-parse", "--verify", "--quiet", `refs/remotes/${remote}/${headRef}`]);
  // An explicit lease: the push only replaces the head the last fetch saw.
  const lease =
    tracking.exitCode === 0
      ? `--force-with-lease=refs/heads/${headRef}:${tracking.stdout.trim()}`
      : "--force-with-lease";
  if (tracking.exitCode === 0) await refuseCommittedProtected(context, git, tracking.stdout.trim(), plan);
  const pushed = await git.run(
    ["push", "--porcelain", ...(forceWithLease ? [lease] : []), remote, `refs/heads/${branch}:refs/heads/${headRef}`],
    { remote: true },
  );
  if (pushed.exitCode === 0) return;
  const why = context.tool.redact((pushed.stderr || pushed.stdout).trim());
  const hint =
    /non-fast-forward|fetch first|rejected/.test(why) && !forceWithLease
      ? " The PR head moved: re-run pr_checkout with force=true (it resets the branch to the new head, dropping local commits) and redo the change, or pass forceWithLease: true to replace it."
      : "";
  const kept = committed ? `Committed ${describeCommit(committed)} on ${branch}, but ` : "";
  throw new ToolFailure(`${kept}git push to ${remote} ${headRef} failed: ${why}${hint}`);
}

/**
 * What the branch's own commits (since the head pr_checkout fetched) changed, whoever made them, judged
 * by the protected-path matcher as the worktree's changes are: a hit refuses the push, naming the paths.
 */
async function refuseCommittedProtected(context: OpContext, git: LocalGit, head: string, plan: PushPlan) {
  const hits = await committedPathsUnder(git, head, `refs/heads/${plan.branch}`, context.protectedPaths);
  if (hits.length === 0) return;
  throw new ToolFailure(
    `refusing to push ${plan.branch}: its commits change protected paths: ${withPatterns(hits, context.protectedPaths).join(", ")}. Drop those commits (pr_checkout with force=true starts again from the pull request's head) and push again.`,
  );
}

function reportPush(
  out: { line(text?: string): boolean },
  plan: PushPlan,
  pushed: { sha: string; remoteUrl: string; committed: PendingCommit | undefined },
): Record<string, unknown> {
  const { branch, remote, headRef, prUrl, forceWithLease } = plan;
  const { sha, committed } = pushed;
  out.line(`# Pushed Pull Request Branch`);
  if (committed) out.line(`- Committed ${describeCommit(committed)} from ${committed.worktree}`);
  out.line(`- Local branch: ${branch} at ${sha.slice(0, 12)}`);
  out.line(`- Remote: ${remote} (${pushed.remoteUrl}), branch ${headRef}`);
  if (prUrl) out.line(`- Pull request: ${prUrl}`);
  out.line(`- Force with lease: ${forceWithLease ? "yes" : "no"}`);
  const commit = committed && { sha: committed.sha, files: committed.files, worktreePath: committed.worktree };
  return {
    branch,
    remote,
    remoteBranch: headRef,
    headSha: sha,
    url: prUrl,
    forceWithLease,
    ...(commit ? { commit } : {}),
  };
}
