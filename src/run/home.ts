// The conversation's home when the branch the work goes to is not where it can live: when the push
// branch's rules send the work to a pull request, or the push was refused, the session and the issue's
// mapping also go to the state branch (`state.branch`, default gitclaw/state, made on first use,
// holding only state/), and every later run of the issue resumes from there when the state branch's
// mapping is newer than the checkout's. A pull request's merge brings the conversation back to the
// default branch as it does today.
import { IssueMapping, mappingFile, readMapping } from "../session/mapping.ts";
import { fetchCommit, remoteTip } from "../git/branch.ts";
import { landPaths } from "../git/land.ts";
import type { TargetedRun } from "./target.ts";
import type { Workspace } from "./workspace.ts";

/** Whether the run's conversation is an issue's that the state branch may hold (not a fork's, not a prompt run's). */
const issueConversation = (run: TargetedRun) => !run.target.runKey && !run.target.pull?.fork;

/**
 * Brings the issue's conversation from the state branch into the checkout when it is newer there:
 * its mapping, its session file and the session's artifacts folder. Returns the notice for the log.
 */
export async function restoreConversation(run: TargetedRun, workspace: Workspace): Promise<string | undefined> {
  const branch = run.config.state.branch;
  if (!issueConversation(run) || workspace.branch === branch) return undefined;
  const { git, remote, root } = workspace;
  const tip = await remoteTip(git, remote, branch).catch(() => undefined);
  if (!tip) return undefined;
  await fetchCommit(git, remote, tip, 1);
  const issue = run.target.conversationIssue;
  const file = mappingFile(issue);
  const shown = await git.run(["show", `${tip}:${file}`]);
  const theirs = shown.exitCode === 0 ? IssueMapping.safeParse(safeJson(shown.stdout)).data : undefined;
  if (!theirs || !/^state\/sessions\/[^/]+\.jsonl$/.test(theirs.sessionPath)) return undefined;
  const ours = (() => {
    try {
      return readMapping(root, issue);
    } catch {
      return undefined;
    }
  })();
  if (ours && Date.parse(ours.updatedAt) >= Date.parse(theirs.updatedAt)) return undefined;
  const folder = theirs.sessionPath.replace(/\.jsonl$/, "");
  const id = sessionId((await git.run(["show", `${tip}:${theirs.sessionPath}`])).stdout);
  const artifacts = id ? [`state/sessions/${id}`] : [];
  const listed = await git.must(["ls-tree", "-r", "--name-only", tip, "--", file, theirs.sessionPath, ...artifacts]);
  await git.must(["checkout", tip, "--", ...listed.split("\n").filter(Boolean)]);
  run.log(`gitclaw: resuming issue #${issue}'s conversation from ${branch} (${folder}.jsonl)`);
  return branch;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A session file's id, from its header line. */
function sessionId(text: string): string | undefined {
  const id = (safeJson(text.split("\n", 1)[0] ?? "") as { id?: unknown } | undefined)?.id;
  return typeof id === "string" && /^[\w-]+$/.test(id) ? id : undefined;
}

/**
 * The session and mapping, as committed in `sha`, onto the state branch (made on first use). Resolves
 * to the commit there, or undefined (with a warning in the log) when the state branch refused them too.
 */
export async function landOnStateBranch(
  run: TargetedRun,
  workspace: Workspace,
  { sha, paths }: { sha: string; paths: string[] },
): Promise<string | undefined> {
  const branch = run.config.state.branch;
  const message = `gitclaw: conversation of #${run.target.conversationIssue}`;
  const target = { remote: workspace.remote, branch, attempts: run.config.git.pushAttempts, create: true };
  const landed = await landPaths(workspace.git, { ...target, sha, paths, message }).catch((error: Error) => {
    run.log(`gitclaw: the state branch ${branch} did not take the conversation: ${run.redact(error.message)}`);
    return undefined;
  });
  if (landed && !landed.landed) {
    run.log(`gitclaw: the state branch ${branch} refused the conversation (${landed.reason})`);
    return undefined;
  }
  if (landed) run.log(`gitclaw: the conversation is on ${branch} as ${landed.sha.slice(0, 12)}`);
  return landed?.sha;
}
