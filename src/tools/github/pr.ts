// pr_create: open a pull request from a pushed branch, with reviewers, assignees and labels.
// `fill` takes title and body from the branch's commits, as `gh pr create --fill` does.
import type { OpContext, PlannedCall } from "./context.ts";
import { requestOptions } from "./context.ts";
import { ToolFailure } from "./failure.ts";
import { describeGitHubError } from "./errors.ts";
import { currentBranch, localGit, type LocalGit } from "./local-git.ts";
import { explicitRepo, type GitHubArgs } from "./args.ts";
import { isBranchName, present, repoName } from "./validate.ts";
import { ValidationError } from "./failure.ts";

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

export function planPrCreate(args: GitHubArgs, context: OpContext): PlannedCall {
  const fill = args.fill ?? false;
  const title = present(args.title);
  if (fill && (title !== undefined || args.body !== undefined))
    throw new ValidationError("fill cannot be combined with title or body: fill takes both from the commits");
  if (!fill && !title)
    throw new ValidationError("pr_create needs title (or fill: true to take title and body from the commits)");
  const head = present(args.head);
  if (head) headBranchName(head);
  const base = present(args.base);
  if (base && !isBranchName(base)) throw new ValidationError(`invalid base: ${base}`);
  const reviewers = names(args.reviewer, "reviewer", LOGIN);
  const assignees = names(args.assignee, "assignee", LOGIN);
  const labels = names(args.label, "label");
  const repo = explicitRepo(args) ?? context.thisRepo;
  const { github, tool } = context;
  const request = requestOptions(context);

  return {
    target: repo,
    narrow: "the summary is unusually long",
    async run(out) {
      const git = localGit(tool.workspace, tool.env, context.gitAuthEnv, tool.redact);
      const headName = head ?? (await currentBranch(git));
      if (!headName)
        throw new ToolFailure(
          "the workspace is on a detached HEAD: pass head, the branch to open the pull request from.",
        );
      const baseName = base ?? (await github.rest.repos.get({ ...repo, ...request })).data.default_branch;
      const text = fill
        ? await fillFromCommits(git, baseName, headBranchName(headName))
        : { title: title!, body: args.body ?? "" };
      // Titles and bodies go public: known secrets are removed first.
      const { data: created } = await github.rest.pulls.create({
        ...repo,
        title: tool.redact(text.title),
        body: tool.redact(text.body),
        head: headName,
        base: baseName,
        draft: args.draft ?? false,
        ...request,
      });
      const notes: string[] = [];
      const issue = { ...repo, issue_number: created.number, ...request };
      // The pull request exists now: a failed follow-up is reported, not fatal.
      const followUps: Array<[string, boolean, () => Promise<unknown>]> = [
        [
          "request reviewers",
          reviewers.length > 0,
          () => github.rest.pulls.requestReviewers({ ...repo, pull_number: created.number, reviewers, ...request }),
        ],
        ["add labels", labels.length > 0, () => github.rest.issues.addLabels({ ...issue, labels })],
        ["add assignees", assignees.length > 0, () => github.rest.issues.addAssignees({ ...issue, assignees })],
      ];
      for (const [what, wanted, call] of followUps) {
        if (!wanted) continue;
        await call().catch((error: unknown) =>
          notes.push(`could not ${what}: ${describeGitHubError(error, "pr_create", repoName(repo), context.now())}`),
        );
      }
      const { data: pr } = await github.rest.pulls
        .get({ ...repo, pull_number: created.number, ...request })
        .catch(() => ({ data: created }));

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
    },
  };
}
