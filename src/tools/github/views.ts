// Read ops on one object: repository, issue, pull request, pull request diff, file. Each renders a
// compact Markdown summary into the bounded output and fetches further pages only while it has room.
import { quoteAsData } from "../../text/quote.ts";
import type { OpContext, PlannedCall } from "./context.ts";
import { requestOptions } from "./context.ts";
import { ToolFailure } from "../../errors.ts";
import { explicitRepo, type GitHubArgs } from "./args.ts";
import { minimizedComments, minimizedNote, minimizedReviewComments } from "./minimized.ts";
import type { BoundedText } from "./output.ts";
import { parseIssueIdentifier, parsePrIdentifier, present, repoName, type RepoRef } from "./validate.ts";
import { ValidationError } from "../../errors.ts";
import { loginOf } from "../../github/ghost.ts";

/** pr_view shows at most this many changed files; pr_diff lists them all. */
const PR_VIEW_FILES = 50;
/** GitHub's files endpoint stops here. */
const MAX_PR_FILES = 3000;
const PAGE = 100;

const login = (user: { login: string } | null | undefined) => `@${loginOf(user)}`;
const labelNames = (labels: Array<string | { name?: string }>) =>
  labels.map((label) => (typeof label === "string" ? label : label.name)).filter(Boolean);
const joined = (items: Array<string | undefined>) => items.filter(Boolean).join(" · ");

/** A body people wrote, quoted: a `### @someone` line inside it cannot pass for a comment of its own. */
const quoted = (body: string | null | undefined) => (body?.trim() ? quoteAsData(body.trim()) : "_(empty)_");

function section(out: BoundedText, title: string, body: string | null | undefined): void {
  out.line();
  out.line(`## ${title}`);
  out.line(quoted(body));
}

/** The conversation comments, minimized ones left out and counted; returns how many were left out. */
async function writeIssueComments(
  context: OpContext,
  repo: RepoRef,
  issueNumber: number,
  total: number,
  out: BoundedText,
): Promise<number> {
  const minimized = await minimizedComments(context, repo, issueNumber);
  const hidden = "hidden" in minimized ? minimized.hidden : new Map<string, string>();
  out.line();
  out.line(`## Comments (${total})`);
  const note = minimizedNote(minimized);
  if (note) out.line(note);
  const pages = context.github.paginate.iterator(context.github.rest.issues.listComments, {
    ...repo,
    issue_number: issueNumber,
    per_page: PAGE,
    ...requestOptions(context),
  });
  for await (const { data } of pages) {
    for (const comment of data) {
      if (hidden.has(comment.node_id)) continue;
      out.line();
      if (!out.line(`### ${login(comment.user)} · ${comment.created_at}`) || !out.line(quoted(comment.body)))
        return hidden.size;
    }
  }
  return hidden.size;
}

/**
 * Writes a pull request's review comments, leaving out minimized ones (asked page by page, so the
 * note comes last); returns how many it left out.
 */
async function writeReviewComments(
  context: OpContext,
  pull: RepoRef & { pull_number: number },
  total: number,
  out: BoundedText,
): Promise<number> {
  out.line();
  out.line(`## Review comments (${total})`);
  const hidden = new Map<string, string>();
  let unknown: string | undefined;
  const pages = context.github.paginate.iterator(context.github.rest.pulls.listReviewComments, {
    ...pull,
    per_page: PAGE,
    ...requestOptions(context),
  });
  reading: for await (const { data } of pages) {
    if (unknown === undefined) {
      const minimized = await minimizedReviewComments(
        context,
        data.map((comment) => comment.node_id),
      );
      if ("error" in minimized) unknown = minimized.error;
      else for (const [id, reason] of minimized.hidden) hidden.set(id, reason);
    }
    for (const comment of data) {
      if (hidden.has(comment.node_id)) continue;
      out.line();
      if (
        !out.line(
          `### ${login(comment.user)} on ${comment.path}${comment.line ? `:${comment.line}` : ""} · ${comment.created_at}`,
        ) ||
        !out.line(quoted(comment.body))
      )
        break reading;
    }
  }
  // Both notes when a later page could not be checked: the earlier pages' hidden ones stay hidden.
  const notes = [
    minimizedNote({ hidden }, "review comment"),
    unknown && minimizedNote({ error: unknown }, "review comment"),
  ].filter(Boolean);
  if (notes.length) out.line();
  for (const note of notes) out.line(note!);
  return hidden.size;
}

export function planRepoView(args: GitHubArgs, context: OpContext): PlannedCall {
  const repo = explicitRepo(args) ?? context.thisRepo;
  const branch = present(args.branch);
  return {
    target: repo,
    narrow: "the repository summary is unusually long",
    async run(out) {
      const { data } = await context.github.rest.repos.get({ ...repo, ...requestOptions(context) });
      const permissions = data.permissions;
      const permission =
        permissions && (["admin", "maintain", "push", "triage", "pull"] as const).find((level) => permissions[level]);
      out.line(`# ${data.full_name}`);
      if (data.description) out.line(data.description);
      out.line();
      out.line(`- URL: ${data.html_url}`);
      out.line(`- Default branch: ${data.default_branch}`);
      if (branch) {
        const { data: found } = await context.github.rest.repos.getBranch({
          ...repo,
          branch,
          ...requestOptions(context),
        });
        out.line(`- Branch: ${found.name} at ${found.commit.sha.slice(0, 12)}${found.protected ? " (protected)" : ""}`);
      }
      out.line(
        `- ${joined([data.visibility ?? (data.private ? "private" : "public"), permission && `your permission: ${permission}`, data.language ?? undefined])}`,
      );
      out.line(
        `- ★ ${data.stargazers_count} · forks ${data.forks_count} · open issues ${data.open_issues_count}${data.archived ? " · archived" : ""}${data.fork ? ` · fork of ${data.parent?.full_name ?? "?"}` : ""}`,
      );
      out.line(`- Updated ${data.updated_at}${data.pushed_at ? ` · pushed ${data.pushed_at}` : ""}`);
      if (data.homepage) out.line(`- Homepage: ${data.homepage}`);
      if (data.topics?.length) out.line(`- Topics: ${data.topics.join(", ")}`);
      return { repo: data.full_name, url: data.html_url, defaultBranch: data.default_branch };
    },
  };
}

export function planIssueView(args: GitHubArgs, context: OpContext): PlannedCall {
  if (args.issue === undefined) throw new ValidationError("issue_view needs issue: a number or an issue URL");
  const explicit = explicitRepo(args);
  const id = parseIssueIdentifier(args.issue, context.host, explicit);
  const repo = id.repo ?? explicit ?? context.thisRepo;
  const withComments = args.comments ?? true;
  return {
    target: repo,
    narrow: "pass comments: false, or read the issue in parts",
    async run(out) {
      const { data } = await context.github.rest.issues.get({
        ...repo,
        issue_number: id.number,
        ...requestOptions(context),
      });
      out.line(`# Issue #${data.number}: ${data.title}`);
      if (data.pull_request) out.line(`_This is a pull request: pr_view and pr_diff show its changes._`);
      out.line(
        `- ${joined([data.state + (data.state_reason ? ` (${data.state_reason})` : ""), `by ${login(data.user)}`, `created ${data.created_at}`, `updated ${data.updated_at}`])}`,
      );
      const labels = labelNames(data.labels);
      if (labels.length || data.assignees?.length)
        out.line(
          `- ${joined([labels.length ? `labels: ${labels.join(", ")}` : undefined, data.assignees?.length ? `assignees: ${data.assignees.map(login).join(", ")}` : undefined])}`,
        );
      out.line(`- ${data.html_url}`);
      section(out, "Body", data.body);
      const minimizedHidden = withComments
        ? await writeIssueComments(context, repo, data.number, data.comments, out)
        : 0;
      return { repo: repoName(repo), number: data.number, url: data.html_url, state: data.state, minimizedHidden };
    },
  };
}

/** The pull request a pr/repo pair names; pr_view, pr_diff and pr_review need a number or URL. */
export function prNumber(args: GitHubArgs, context: OpContext, op: string): { repo: RepoRef; number: number } {
  if (args.pr === undefined || Array.isArray(args.pr))
    throw new ValidationError(`${op} needs pr: one PR number or URL`);
  const explicit = explicitRepo(args);
  const id = parsePrIdentifier(args.pr, context.host, explicit);
  if (id.kind === "branch")
    throw new ValidationError(
      `${op} needs a PR number or URL, not a branch name (${id.branch}); search_prs finds a branch's PR.`,
    );
  return { repo: id.repo ?? explicit ?? context.thisRepo, number: id.number };
}

export function planPrView(args: GitHubArgs, context: OpContext): PlannedCall {
  const { repo, number } = prNumber(args, context, "pr_view");
  const withComments = args.comments ?? true;
  return {
    target: repo,
    narrow: "pass comments: false, or use pr_diff for the changes",
    async run(out) {
      const options = { ...repo, pull_number: number, ...requestOptions(context) };
      const { data: pr } = await context.github.rest.pulls.get(options);
      const state = pr.merged ? "merged" : pr.state + (pr.draft ? " (draft)" : "");
      out.line(`# PR #${pr.number}: ${pr.title}`);
      out.line(`- ${joined([state, `by ${login(pr.user)}`, `created ${pr.created_at}`, `updated ${pr.updated_at}`])}`);
      out.line(
        `- ${pr.base.ref} ← ${pr.head.label} at ${pr.head.sha.slice(0, 12)}${pr.maintainer_can_modify ? " (maintainers can push)" : ""}`,
      );
      out.line(
        `- ${pr.commits} commits · +${pr.additions} −${pr.deletions} in ${pr.changed_files} files${pr.mergeable === null ? "" : ` · ${pr.mergeable ? "mergeable" : "not mergeable"} (${pr.mergeable_state})`}`,
      );
      const labels = labelNames(pr.labels);
      const reviewers = (pr.requested_reviewers ?? []).map(login);
      if (labels.length || reviewers.length)
        out.line(
          `- ${joined([labels.length ? `labels: ${labels.join(", ")}` : undefined, reviewers.length ? `review requested: ${reviewers.join(", ")}` : undefined])}`,
        );
      out.line(`- ${pr.html_url}`);
      section(out, "Body", pr.body);

      const { data: files } = await context.github.rest.pulls.listFiles({ ...options, per_page: PR_VIEW_FILES });
      out.line();
      out.line(
        `## Files (${pr.changed_files}${pr.changed_files > files.length ? `, first ${files.length}; pr_diff lists all` : ""})`,
      );
      for (const file of files) out.line(`- ${file.filename} (${file.status}, +${file.additions} −${file.deletions})`);

      let minimizedHidden =
        withComments && !out.full ? await writeIssueComments(context, repo, number, pr.comments, out) : 0;
      if (withComments && !out.full)
        minimizedHidden += await writeReviewComments(
          context,
          { ...repo, pull_number: number },
          pr.review_comments,
          out,
        );
      return {
        repo: repoName(repo),
        number: pr.number,
        url: pr.html_url,
        state,
        headSha: pr.head.sha,
        minimizedHidden,
      };
    },
  };
}

/** A unified diff section for one file, from the files endpoint's patch. */
function fileDiff(file: { filename: string; previous_filename?: string; status: string; patch?: string }): string {
  const before = file.status === "added" ? "/dev/null" : `a/${file.previous_filename ?? file.filename}`;
  const after = file.status === "removed" ? "/dev/null" : `b/${file.filename}`;
  const body = file.patch ?? "(no textual patch: binary or too large)";
  return `diff --git a/${file.previous_filename ?? file.filename} b/${file.filename}\n--- ${before}\n+++ ${after}\n${body}\n`;
}

export function planPrDiff(args: GitHubArgs, context: OpContext): PlannedCall {
  const { repo, number } = prNumber(args, context, "pr_diff");
  const path = present(args.path);
  if (path && args.all) throw new ValidationError("pr_diff takes path (one file) or all: true (every file), not both");
  const mode = path ? "file" : args.all ? "all" : "list";
  return {
    target: repo,
    narrow: mode === "list" ? "the file list is complete up to here" : "pass path to see one file's diff",
    async run(out) {
      const options = { ...repo, pull_number: number, ...requestOptions(context) };
      const { data: pr } = await context.github.rest.pulls.get(options);
      if (mode === "all" && pr.changed_files > MAX_PR_FILES) {
        throw new ToolFailure(
          `PR #${number} changes ${pr.changed_files} files; GitHub lists at most ${MAX_PR_FILES}. Pass path to see one file.`,
        );
      }
      out.line(
        `# PR #${pr.number} diff: ${pr.base.ref} ← ${pr.head.label} (${pr.changed_files} files, +${pr.additions} −${pr.deletions})`,
      );
      let found = false;
      let index = 0;
      for await (const { data } of context.github.paginate.iterator(context.github.rest.pulls.listFiles, {
        ...options,
        per_page: PAGE,
      })) {
        for (const file of data) {
          index++;
          if (mode === "list")
            out.line(
              `${index}. ${file.filename} (${file.status}, +${file.additions} −${file.deletions})${file.patch === undefined ? " [no patch]" : ""}`,
            );
          else if (mode === "all") out.push(fileDiff(file));
          else if (file.filename === path || file.previous_filename === path) {
            out.push(fileDiff(file));
            found = true;
          }
          if (out.full) break;
        }
        if (out.full || found) break;
      }
      if (mode === "file" && !found)
        throw new ToolFailure(`PR #${number} does not change ${path}; pr_diff without path lists the changed files.`);
      return { repo: repoName(repo), number, mode, url: pr.html_url };
    },
  };
}

const isBinary = (bytes: Buffer) => bytes.subarray(0, 8192).includes(0);

export function planFileRead(args: GitHubArgs, context: OpContext): PlannedCall {
  const path = present(args.path);
  if (!path) throw new ValidationError("file_read needs path: a repository-relative file path");
  if (
    path.startsWith("/") ||
    path.startsWith("~") ||
    /^[A-Za-z]:[\\/]/.test(path) ||
    path.split(/[\\/]/).includes("..")
  ) {
    throw new ValidationError(`path must be repository-relative: ${path}`);
  }
  const repo = explicitRepo(args) ?? context.thisRepo;
  const ref = present(args.ref) ?? present(args.branch);
  const where = `${repoName(repo)}@${ref ?? "default branch"}:${path}`;
  return {
    target: repo,
    narrow: "read a smaller file, or check out the repository and use read with offset/limit",
    errorPrefix: `GitHub file read failed for '${where}'`,
    async run(out) {
      const { data } = await context.github.rest.repos.getContent({
        ...repo,
        path,
        ...(ref ? { ref } : {}),
        ...requestOptions(context),
      });
      if (Array.isArray(data)) {
        out.line(`# ${where} (directory, ${data.length} entries)`);
        for (const entry of data)
          out.line(
            `- ${entry.type === "dir" ? `${entry.name}/` : entry.name}${entry.type === "file" ? ` (${entry.size} B)` : ""}`,
          );
        return { repo: repoName(repo), path, type: "dir" };
      }
      if (data.type !== "file") {
        const target =
          "target" in data
            ? ` → ${String(data.target)}`
            : "submodule_git_url" in data
              ? ` → ${String(data.submodule_git_url)}`
              : "";
        out.line(`# ${where} is a ${data.type}${target}`);
        return { repo: repoName(repo), path, type: data.type };
      }
      if (data.encoding !== "base64")
        throw new ToolFailure(`the file is ${data.size} bytes, too large for the contents API (1 MB).`);
      const bytes = Buffer.from(data.content, "base64");
      if (isBinary(bytes)) {
        out.line(`# ${where}: binary file, ${data.size} bytes (not shown)`);
        return { repo: repoName(repo), path, type: "binary", size: data.size };
      }
      out.push(bytes.toString("utf8"));
      return { repo: repoName(repo), path, type: "file", size: data.size, sha: data.sha };
    },
  };
}
