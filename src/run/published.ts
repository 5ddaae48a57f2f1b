// The reply's account of every branch the run published and the commits on it: the landing (the
// default branch, the pull request's head, or the side branch it fell back to) and each branch
// pr_create published for the agent (src/tools/github/publish.ts). A run whose only commit is its
// own conversation's says nothing here: its footer links that commit.
import type { AgentRepo } from "../git/agent/repository.ts";
import type { Git } from "../git/git.ts";
import { callout } from "../github/markdown.ts";
import { plural } from "../text/format.ts";
import type { Landing } from "./land.ts";

/** More commits than this on one branch are counted, not listed. */
const LISTED_COMMITS = 10;

/** One Markdown paragraph, or "" when the run published nothing but its conversation's commit. */
export async function publishedNote(
  git: Git,
  base: string,
  landing: Landing,
  agentRepo: AgentRepo | undefined,
): Promise<string> {
  const branches = [...(agentRepo?.published ?? [])].map(([name, { tip, commits }]) =>
    branchLine(name, tip, commits, "published for pr_create"),
  );
  const { push } = landing;
  const landed = push ? await landedCommits(git, base) : [];
  if (branches.length === 0 && landed.length <= 1) return "";
  const lines = [...(push ? [branchLine(push.branch, push.sha, landed, "the run's work")] : []), ...branches];
  return callout("NOTE", `Published by this run:\n${lines.map((line) => `- ${line}`).join("\n")}`);
}

/** The run's own commits, oldest first (their replayed copies, if any, carry the same subjects). */
async function landedCommits(git: Git, base: string): Promise<string[]> {
  const log = await git.run(["log", "--reverse", "--format=%h %s", `${base}..HEAD`]);
  return log.exitCode === 0 ? log.stdout.split("\n").filter(Boolean) : [];
}

function branchLine(branch: string, tip: string, commits: readonly string[], what: string): string {
  const shown = commits.slice(0, LISTED_COMMITS).map((commit) => code(commit.slice(commit.indexOf(" ") + 1)));
  const more = commits.length - shown.length;
  return `${code(branch)} at ${code(tip.slice(0, 12))} (${what}, ${plural(commits.length, "commit")}): ${shown.join(", ")}${more ? `, and ${more} more` : ""}`;
}

/** Inline code that no text can close early. */
const code = (text: string) => `\`${text.replaceAll("`", "'")}\``;
