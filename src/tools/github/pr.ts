// pr_create: open a pull request from a pushed branch, with reviewers, assignees and labels.
// `fill` takes title and body from the branch's commits, as `gh pr create --fill` does.
import type { OpContext, PlannedCall, PullRequest } from "./context.ts";
import { requestOptions } from "./context.ts";
import { ToolFailure } from "../../errors.ts";
import { publishAgentBranch } from "./publish.ts";
import { describeGitHubError } from "./errors.ts";
import { currentBranch, localGit, type LocalGit } from "../../git/local-git.ts";
import { explicitRepo, type GitHubArgs } from "./args.ts";
import { isBranchName, present, repoName, type RepoRef } from "./validate.ts";
import type { BoundedText } from "./output.ts";
import { ValidationError } from "../../errors.ts";
import { neutralise } from "../../text/neutralise.ts";

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

function names(values: string[] | undefined, what: string, pattern?: RegExp): string[] {
  const list = [...new Set((values ?? []).map((value) => value.trim().replace(/^@/, "")).filter(Boolean))];
  const bad = pattern ? list.filter((value) => !pattern.test(value)) : [];
  if (bad.length > 0) throw new ValidationError(`invalid ${what}: ${bad.join(", ")}`);
  return list;
}

/** `branch` or `owner:branch` (a fork's branch). */
function headBranchName(head: string): string {
  const branch = head.includes(":") ? head.slice(head.indexOf(":") + 1) : head;
  if (!isBranchName(branch)) throw new ValidationError(`invalid head: ${head}. Pass a branch name or owner:branch.`);
  return branch;
}

async function firstExisting(git: LocalGit, refs: string[]): Promise<string | undefined> {
  for (const ref of refs)
    if ((await git.run(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])).exitCode === 0) return ref;
  return undefined;
}

const humanize = (branch: string) => {
  const words = branch.replace(/^.*\//, "").replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** One commit: its subject and body. Several: the branch name and a list of subjects. */
async function fillFromCommits(git: LocalGit, base: string, head: string): Promise<{ title: string; body: string }> {
  const baseRef = await firstExisting(git, [`refs/remotes/origin/${base}`, `refs/heads/${base}`]);
  const headRef = await firstExisting(git, [`refs/heads/${head}`, `refs/remotes/origin/${head}`]);
  if (!baseRef || !headRef)
    throw new ToolFailure(
      `fill needs ${!baseRef ? `the base branch ${base}` : `the head branch ${head}`} in the local repository; fetch it, or pass title and body.`,
    );
  const log = await git.must(["log", "--reverse", "--format=%s%x1f%b%x1e", `${baseRef}..${headRef}`]);
  const commits = log
    .split("\x1e")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [subject = "", body = ""] = entry.split("\x1f");
      return { subject: subject.trim(), body: body.trim() };
    });
  if (commits.length === 0)
    throw new ToolFailure(`no commits between ${base} and ${head}: nothing to fill the pull request from.`);
  if (commits.length === 1) return { title: commits[0]!.subject, body: commits[0]!.body };
  return { title: humanize(head), body: commits.map((commit) => `- ${commit.subject}`).join("\n") };
}

/** pr_create's arguments, checked before any request. */
interface PrCreatePlan {
  /** The title and body given; undefined with fill, which takes them from the branch's commits. */
  text: { title: string; body: string } | undefined;
  head: string | undefined;
  base: string | undefined;
  reviewers: string[];
  assignees: string[];
  labels: string[];
  repo: RepoRef;
  draft: boolean;
}

export function planPrCreate(args: GitHubArgs, context: OpContext): PlannedCall {
  const plan = readPrCreatePlan(args, context);
  const { github, tool } = context;
  const request = requestOptions(context);
  return {
    target: plan.repo,
    narrow: "the summary is unusually long",
    async run(out) {
      const git = localGit(tool.workspace, tool.env, context.gitAuthEnv, tool.redact);
      const { head, base } = await resolveBranches(context, git, plan);
      const published = head.includes(":") ? undefined : await publishAgentBranch(context, git, head, base);
      const text = plan.text ?? (await fillFromCommits(git, base, headBranchName(head)));
      // Titles and bodies go public: known secrets are removed first, and they close no issue but the
      // run's own, skip no check and mention nobody.
      const inert = (value: string) => neutralise(tool.redact(value), { allowedIssue: context.commit.issue });
      const { data: created } = await github.rest.pulls.create({
        ...plan.repo,
        title: inert(text.title),
        body: inert(text.body),
        head,
        base,
        draft: plan.draft,
        ...request,
      });
      const notes = [...(published ? [published] : []), ...(await addFollowUps(context, plan, created.number))];
      const { data: pr } = await github.rest.pulls
        .get({ ...plan.repo, pull_number: created.number, ...request })
        .catch(() => ({ data: created }));
      return reportCreated(out, plan.repo, pr, notes);
    },
  };
}

function readPrCreatePlan(args: GitHubArgs, context: OpContext): PrCreatePlan {
  const text = givenText(args);
  const head = present(args.head);
  if (head) headBranchName(head);
  const base = present(args.base);
  if (base && !isBranchName(base)) throw new ValidationError(`invalid base: ${base}`);
  return {
    text,
    head,
    base,
    reviewers: names(args.reviewer, "reviewer", LOGIN),
    assignees: names(args.assignee, "assignee", LOGIN),
    labels: names(args.label, "label"),
    repo: explicitRepo(args) ?? context.thisRepo,
    draft: args.draft ?? false,
  };
}

/** Title and body as given, or undefined when fill takes both from the commits. */
function givenText(args: GitHubArgs): { title: string; body: string } | undefined {
  const title = present(args.title);
  if (args.fill) {
    if (title !== undefined || args.body !== undefined)
      throw new ValidationError("fill cannot be combined with title or body: fill takes both from the commits");
    return undefined;
  }
  if (!title)
    throw new ValidationError("pr_create needs title (or fill: true to take title and body from the commits)");
  return { title, body: args.body ?? "" };
}

/** The branch to open the pull request from (the workspace's unless given) and the one to merge into. */
async function resolveBranches(
  context: OpContext,
  git: LocalGit,
  plan: PrCreatePlan,
): Promise<{ head: string; base: string }> {
  const head = plan.head ?? (await currentBranch(git));
  if (!head)
    throw new ToolFailure("the workspace is on a detached HEAD: pass head, the branch to open the pull request from.");
  const base =
    plan.base ??
    (await context.github.rest.repos.get({ ...plan.repo, ...requestOptions(context) })).data.default_branch;
  return { head, base };
}

/** Reviewers, labels and assignees. The pull request exists now: a failed follow-up is reported, not fatal. */
async function addFollowUps(context: OpContext, plan: PrCreatePlan, number: number): Promise<string[]> {
  const { github } = context;
  const { repo, reviewers, labels, assignees } = plan;
  const request = requestOptions(context);
  const issue = { ...repo, issue_number: number, ...request };
  const followUps: Array<[string, boolean, () => Promise<unknown>]> = [
    [
      "request reviewers",
      reviewers.length > 0,
      () => github.rest.pulls.requestReviewers({ ...repo, pull_number: number, reviewers, ...request }),
    ],
    ["add labels", labels.length > 0, () => github.rest.issues.addLabels({ ...issue, labels })],
    ["add assignees", assignees.length > 0, () => github.rest.issues.addAssignees({ ...issue, assignees })],
  ];
  const notes: string[] = [];
  for (const [what, wanted, call] of followUps) {
    if (!wanted) continue;
    await call().catch((error: unknown) =>
      notes.push(`could not ${what}: ${describeGitHubError(error, "pr_create", repoName(repo), context.now())}`),
    );
  }
  return notes;
}

function reportCreated(out: BoundedText, repo: RepoRef, pr: PullRequest, notes: string[]): Record<string, unknown> {
  out.line(`# Created Pull Request #${pr.number}: ${pr.title}`);
  out.line(`- ${pr.html_url}`);
  out.line(
    `- ${pr.state}${pr.draft ? " (draft)" : ""} · ${pr.base.ref} ← ${pr.head.label} · by @${pr.user.login} · created ${pr.created_at}`,
  );
  const labelNames = pr.labels.map((label) => label.name);
  if (labelNames.length) out.line(`- labels: ${labelNames.join(", ")}`);
  if (pr.requested_reviewers?.length)
    out.line(`- review requested: ${pr.requested_reviewers.map((user) => `@${user.login}`).join(", ")}`);
  if (pr.assignees?.length) out.line(`- assignees: ${pr.assignees.map((user) => `@${user.login}`).join(", ")}`);
  for (const note of notes) out.line(`- ⚠ ${note}`);
  if (pr.body?.trim()) {
    out.line();
    out.line(pr.body.trim());
  }
  return {
    repo: repoName(repo),
    number: pr.number,
    url: pr.html_url,
    head: pr.head.ref,
    base: pr.base.ref,
    warnings: notes.length,
  };
}
