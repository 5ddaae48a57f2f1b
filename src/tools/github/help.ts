// The github tool's arguments, op by op: the one place they are documented. Every model request
// carries the tool's description, so it lists them in one short line per op; `op: "help"` gives
// one op's details; and a call passing an argument its op does not take is refused with that list.
import type { Op } from "./policy.ts";

interface OpDoc {
  /** What the op does, when its name does not say it all. */
  does: string;
  /** The op's arguments besides `repo`, which every op takes. */
  args: Record<string, string>;
}

const SEARCH: OpDoc = {
  does: "Search GitHub; without repo:, org:, user: or owner: in the query it is limited to repo.",
  args: {
    query: "GitHub search syntax (required for search_code).",
    since: "Lower date bound (not search_code): 3d, 12h, 2w, 2mo, 1y (m = minutes, mo = months), YYYY-MM-DD or ISO.",
    until: "Upper date bound, same forms as since.",
    dateField: "search_issues, search_prs, search_repos: created (default) or updated.",
    limit: "Results (default 10, max 50).",
  },
};

export const OP_DOCS: Record<Op, OpDoc> = {
  repo_view: {
    does: "The repository: default branch, visibility, your permission.",
    args: { branch: "Also show this branch's head." },
  },
  issue_view: {
    does: "An issue (or PR) with its comments.",
    args: { issue: "Number or URL.", comments: "Include comments (default true)." },
  },
  pr_view: {
    does: "A pull request: state, branches, files, comments.",
    args: { pr: "Number or URL.", comments: "Include comments and review comments (default true)." },
  },
  pr_diff: {
    does: "A pull request's changes: the list of files, one file's diff, or all diffs.",
    args: { pr: "Number or URL.", path: "Show only this file's diff.", all: "The diff of every file." },
  },
  file_read: {
    does: "A file from GitHub (not the checkout).",
    args: {
      path: "Repository-relative path.",
      ref: "Branch, tag or commit (default: the default branch).",
      branch: "Same as ref.",
    },
  },
  search_issues: SEARCH,
  search_prs: SEARCH,
  search_code: SEARCH,
  search_commits: SEARCH,
  search_repos: SEARCH,
  run_watch: {
    does: "Waits for Actions runs to finish; failed jobs' log tails inline, full logs as an artifact.",
    args: {
      run: "Run id or URL (default: all runs of the current commit).",
      branch: "Watch the runs of this branch's head commit.",
      tail: "Log lines per failed job (default 15, max 200).",
    },
  },
  pr_create: {
    does: "Opens a pull request from a pushed branch.",
    args: {
      title: "Title (required unless fill).",
      body: "Description (Markdown).",
      base: "Base branch (default: the default branch).",
      head: "Head branch, already pushed (default: the current branch).",
      draft: "Open as a draft.",
      fill: "Title and body from the commits (not with title or body).",
      reviewer: "Logins to request reviews from (list).",
      assignee: "Logins to assign (list).",
      label: "Labels to add (list).",
    },
  },
  pr_checkout: {
    does: "Checks a PR out into a worktree of its own outside the workspace, on branch pr-<n>; work there by its path.",
    args: {
      pr: "Number, URL or head branch, or a list of them (default: the current branch's PR).",
      force: "Reset an existing pr-<n> branch to the PR head.",
    },
  },
  pr_push: {
    does: "Commits what changed in a pr-<n> worktree and pushes the branch to the PR.",
    args: {
      branch: "The local pr-<n> branch (default: the current one).",
      message: "Commit message (default: gitclaw: update PR #<n>).",
      forceWithLease: "Replace the remote branch if it is where the checkout saw it (destructive; denied by default).",
    },
  },
  comment: {
    does: "Comments on another issue or PR (your reply to this issue is posted for you).",
    args: { issue: "Number or URL.", pr: "Or a PR number or URL.", body: "The text (Markdown)." },
  },
  pr_review: {
    does: "One review of a PR, its inline comments on lines of the diff posted together; never approves.",
    args: {
      pr: "Number or URL.",
      event: "COMMENT (default) or REQUEST_CHANGES (needs body).",
      body: "The review's summary (Markdown).",
      inline:
        "List of {path, line, side, start_line, start_side, body, suggestion}: line is a line the diff shows, " +
        "counted in the PR's version (side RIGHT, default) or the base's (LEFT); start_line..line is a range " +
        "in one hunk; suggestion is replacement text for those lines, posted as a suggested change.",
    },
  },
  attach: {
    does:
      "Shows an image file (PNG, JPEG, GIF, WebP, up to 2 MB) in your reply: committed with the conversation, " +
      "placed where your final message writes ![what it shows](artifact://<n>), else at its end.",
    args: { path: "The image file in the workspace." },
  },
};

const REPO = "repo: owner/name (default: this repository).";

/** The tool's description: every op with its main arguments (help gives all), one line per class of op. */
export const GITHUB_DESCRIPTION = [
  "GitHub API, not the gh CLI: pass op and its arguments; every op also takes repo (owner/name, default: this one).",
  "Read: repo_view [branch]; issue_view issue; pr_view pr; pr_diff pr [path|all]; file_read path [ref]; " +
    "search_issues, search_prs, search_commits, search_repos, search_code: query [since until dateField limit]; " +
    "run_watch [run|branch tail]: wait for Actions runs, failed-job logs",
  "Write: pr_create title|fill [body base head draft reviewer assignee label]; pr_checkout [pr force]: PR in its " +
    "own worktree; pr_push [branch message forceWithLease]; comment issue|pr body; pr_review pr [event body " +
    "inline]: inline comments on diff lines; attach path: an image in your reply",
  "help [about: op]: an op in detail. A denied op names the policy's rule.",
].join("\n");

/** The model sees only `op`: the description lists the rest, and the zod schema still checks every call. */
export const GITHUB_MODEL_SCHEMA = {
  type: "object",
  properties: { op: { type: "string", description: "The operation, or help." } },
  required: ["op"],
};

function describe(op: Op): string {
  const args = Object.entries(OP_DOCS[op].args).map(([name, text]) => `- ${name}: ${text}`);
  return [`${op}: ${OP_DOCS[op].does}`, ...args, `- ${REPO}`].join("\n");
}

/** `op: "help"`: one op's arguments, or every op's. */
export function opHelp(about: Op | undefined): string {
  return about ? describe(about) : (Object.keys(OP_DOCS) as Op[]).map(describe).join("\n\n");
}

/** Arguments given that `op` does not take, with the message to refuse them; undefined when there are none. */
export function unexpectedArgs(op: Op | "help", given: object): string | undefined {
  const takes = op === "help" ? ["about"] : [...Object.keys(OP_DOCS[op].args), "repo"];
  const extra = Object.keys(given).filter((name) => name !== "op" && !takes.includes(name));
  if (extra.length === 0) return undefined;
  const which = extra.length === 1 ? `argument ${extra[0]}` : `arguments ${extra.join(", ")}`;
  const help = op === "help" ? "" : ` {"op": "help", "about": "${op}"} describes them.`;
  return `${op} does not take the ${which}; it takes ${takes.join(", ")}.${help}`;
}
