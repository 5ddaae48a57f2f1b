// The conversation's home when the branch the work goes to is not where it can live: when the push
// branch's rules send the work to a pull request, or the push was refused, the session and the issue's
// mapping also go to the state branch (`state.branch`, default gitclaw/state, made on first use,
// holding only state/), and every later run of the issue resumes from there when the state branch's
// mapping is newer than the checkout's. A pull request's merge brings the conversation back to the
// default branch as it does today. Where no branch takes a push at all, the conversation is saved as
// an artifact of the run (`gitclaw-conversation-<n>`), which the next run of the issue downloads.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { setOutput } from "../actions/env.ts";
import { downloadArtifact, findNewestArtifact } from "../github/runs.ts";
import { IssueMapping, mappingFile, readMapping } from "../session/mapping.ts";
import { readZip } from "../tasks/zip.ts";
import { fetchCommit, remoteTip } from "../git/branch.ts";
import { landingOptions } from "./signed-land.ts";
import { landPaths } from "../git/land.ts";
import type { TargetedRun } from "./types.ts";
import type { Workspace } from "./types.ts";

/** Whether the run's conversation is an issue's that the state branch may hold (not a fork's, not a prompt run's). */
const issueConversation = (run: TargetedRun) => !run.target.runKey && !run.target.pull?.fork;

/**
 * Brings the issue's conversation into the checkout when it is newer elsewhere: on the state branch
 * (its mapping, session file and the session's artifacts folder), else in the newest artifact a run
 * left when no branch took its push. Resolves to whether the state branch holds the conversation
 * (then this run's turns go there too).
 */
export async function restoreConversation(run: TargetedRun, workspace: Workspace): Promise<boolean> {
  if (!issueConversation(run)) return false;
  const held = await restoreFromStateBranch(run, workspace).catch((error: Error) => {
    run.log(`gitclaw: could not read the state branch: ${run.redact(error.message)}`);
    return "none" as const;
  });
  if (held !== "none") return true;
  // An artifact exists only where no branch took a push: rules in the way, or nothing of the issue here.
  if (!run.target.redirected && ourMapping(run, workspace)) return false;
  await restoreFromArtifact(run, workspace).catch((error: Error) =>
    run.log(`gitclaw: could not read the conversation's artifact: ${run.redact(error.message)}`),
  );
  return false;
}

/** The checkout's mapping of the issue, or undefined (a broken one is reported where it is opened). */
function ourMapping(run: TargetedRun, workspace: Workspace): IssueMapping | undefined {
  try {
    return readMapping(workspace.root, run.target.conversationIssue);
  } catch {
    return undefined;
  }
}

/** Whether `theirs` is a mapping newer than the checkout's, naming a session directly in state/sessions/. */
function newer(run: TargetedRun, workspace: Workspace, theirs: unknown): theirs is IssueMapping {
  const parsed = IssueMapping.safeParse(theirs);
  if (!parsed.success || !/^state\/sessions\/[^/]+\.jsonl$/.test(parsed.data.sessionPath)) return false;
  if (parsed.data.issueNumber !== run.target.conversationIssue) return false;
  const ours = ourMapping(run, workspace);
  return !ours || Date.parse(ours.updatedAt) < Date.parse(parsed.data.updatedAt);
}

/** Whether the state branch holds the issue's conversation, and whether it was taken from there (newer). */
async function restoreFromStateBranch(run: TargetedRun, workspace: Workspace): Promise<"none" | "held" | "taken"> {
  const branch = run.config.state.branch;
  if (workspace.branch === branch) return "none";
  const { git, remote } = workspace;
  const tip = await remoteTip(git, remote, branch).catch(() => undefined);
  if (!tip) return "none";
  await fetchCommit(git, remote, tip, 1);
  const file = mappingFile(run.target.conversationIssue);
  const shown = await git.run(["show", `${tip}:${file}`]);
  if (shown.exitCode !== 0) return "none";
  const theirs = safeJson(shown.stdout);
  if (!newer(run, workspace, theirs)) return "held";
  const id = sessionId((await git.run(["show", `${tip}:${theirs.sessionPath}`])).stdout);
  const artifacts = id ? [`state/sessions/${id}`] : [];
  const listed = await git.must(["ls-tree", "-r", "--name-only", tip, "--", file, theirs.sessionPath, ...artifacts]);
  await git.must(["checkout", tip, "--", ...listed.split("\n").filter(Boolean)]);
  run.log(
    `gitclaw: resuming issue #${run.target.conversationIssue}'s conversation from ${branch} (${theirs.sessionPath})`,
  );
  return "taken";
}

/** The name of the artifact an issue's conversation is saved as when no branch takes it. */
export const conversationArtifact = (issue: number) => `gitclaw-conversation-${issue}`;

async function restoreFromArtifact(run: TargetedRun, workspace: Workspace): Promise<void> {
  const issue = run.target.conversationIssue;
  const found = await findNewestArtifact(run.api, run.repo, conversationArtifact(issue));
  if (!found) return;
  const files = readZip(await downloadArtifact(run.api, run.repo, found.id));
  const theirs = safeJson(new TextDecoder().decode(files.get(mappingFile(issue)) ?? new Uint8Array()));
  if (!newer(run, workspace, theirs)) return;
  const id = sessionId(new TextDecoder().decode(files.get(theirs.sessionPath) ?? new Uint8Array()));
  const own = (name: string) =>
    name === mappingFile(issue) ||
    name === theirs.sessionPath ||
    (id !== undefined && name.startsWith(`state/sessions/${id}/`));
  for (const [name, bytes] of files) {
    if (!own(name) || name.split("/").some((part) => part === ".." || part === "")) continue;
    mkdirSync(dirname(join(workspace.root, name)), { recursive: true });
    writeFileSync(join(workspace.root, name), bytes);
  }
  run.log(
    `gitclaw: resuming issue #${issue}'s conversation from the artifact ${conversationArtifact(issue)} (${found.id})`,
  );
}

/**
 * When no branch took the run's push, not even the state branch: the conversation's files (and the
 * run's work as a patch) are put where the action's next step uploads them as an artifact. Returns its name.
 */
export async function saveAsArtifact(
  run: TargetedRun,
  workspace: Workspace,
  { head, paths }: { head: string; paths: string[] },
): Promise<string | undefined> {
  if (!issueConversation(run)) return undefined;
  const dir = join(run.env.runnerTemp, ARTIFACT_DIR);
  for (const path of paths) cpSync(join(workspace.root, path), join(dir, path), { recursive: true });
  const patch = await workspace.git.run(["format-patch", "--stdout", `${workspace.base}..${head}`]);
  if (patch.exitCode === 0 && patch.stdout) writeFileSync(join(dir, "gitclaw-work.patch"), patch.stdout);
  const name = conversationArtifact(run.target.conversationIssue);
  setOutput(run.env, "conversation_artifact", name);
  run.log(`gitclaw: no branch took the push: the conversation is saved as the artifact ${name}`);
  return name;
}

/** Where the action's upload step takes the artifact from, under RUNNER_TEMP (action.yml). */
const ARTIFACT_DIR = "gitclaw-conversation";

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
  const publish = landingOptions(run, workspace);
  const landed = await landPaths(workspace.git, { ...target, ...publish, sha, paths, message }).catch(
    (error: Error) => {
      run.log(`gitclaw: the state branch ${branch} did not take the conversation: ${run.redact(error.message)}`);
      return undefined;
    },
  );
  if (landed && !landed.landed) {
    run.log(`gitclaw: the state branch ${branch} refused the conversation (${landed.reason})`);
    return undefined;
  }
  if (landed) run.log(`gitclaw: the conversation is on ${branch} as ${landed.sha.slice(0, 12)}`);
  return landed?.sha;
}
