// The phases of a prompt run (src/gate/prompt-run.ts) that differ from an issue's: without the
// input issue it works on state/runs/<key>.json's conversation (continued with the input continue;
// in PR mode on the job's branch gitclaw/run-<key>),
// answers in the job summary and the step's outputs (a thread that keeps what it is given), and
// commits as "a run of <workflow>"; its prompt is the input prompt or a file read at the default
// branch's commit, never the working tree, which the event's ref may have changed.
import { runBranch } from "../git/branch-names.ts";
import type { PromptRunRequest } from "../actions/event.ts";
import { ConfigError } from "../config/config.ts";
import type { ReplyThread } from "../github/thread.ts";
import { CUSTOM } from "../session/custom.ts";
import { checkStateFolders, sessionsDir } from "../session/mapping.ts";
import { readRunMapping, runSessionPath, runMappingFile } from "../session/run-mapping.ts";
import { SessionFile } from "../session/session-file.ts";
import type { RunContext } from "./types.ts";
import type { Conversation } from "./types.ts";
import type { PromptComment } from "./types.ts";
import { defaultBranchAt } from "./repository-instructions.ts";
import type { TargetedRun, WorkTarget } from "./types.ts";
import type { Workspace } from "./types.ts";

/** Where a prompt run without an issue works: its own conversation, the job summary, and delivery's branch. */
export function promptRunTarget(run: RunContext, request: PromptRunRequest): WorkTarget {
  const base = { conversationIssue: 0, threadNumber: 0, thread: summaryThread(), delivers: false, runKey: request.key };
  if (run.config.delivery === "push") return base;
  // The job's own branch, as an issue has gitclaw/issue-<n>: its conversation (state/runs/) lives
  // there, so the job's next run continues both.
  const name = runBranch(request.key);
  return { ...base, branch: { name, depth: 1, source: 'delivery "pull-request" for a run without an issue' } };
}

/** A reply thread that posts nowhere: it keeps the last body of each comment, for the job summary. */
export interface SummaryThread extends ReplyThread {
  readonly bodies: string[];
}

export function summaryThread(): SummaryThread {
  const bodies: string[] = [];
  return {
    inline: false,
    bodies,
    post: async (body) => bodies.push(body),
    edit: async (id, body) => {
      bodies[id - 1] = body;
    },
  };
}

/** The job's conversation: continued when asked and mapped, else a new one (a damaged mapping is said, not resumed). */
export function openRunConversation(root: string, request: PromptRunRequest, options: { cwd: string }): Conversation {
  checkStateFolders(root);
  const notices: string[] = [];
  if (request.continues) {
    try {
      const mapping = readRunMapping(root, request.key);
      if (mapping) return { session: SessionFile.load(runSessionPath(root, mapping)), mode: "resume", notices };
      notices.push(`There was no earlier conversation of this job (${runMappingFile(request.key)}) to continue.`);
    } catch (error) {
      notices.push(`${(error as Error).message} Started a new session instead.`);
    }
  }
  const session = SessionFile.create(sessionsDir(root), options);
  session.appendCustom(CUSTOM.promptRun, { runKey: request.key, workflow: request.workflow });
  return { session, mode: "new", notices };
}

/** The prompt as one part of the user message: its author is the workflow's, who may instruct. */
export async function promptPart(run: TargetedRun, workspace: Workspace, schemaNote?: string): Promise<PromptComment> {
  const request = run.trigger.prompt!;
  const body = request.text ?? (await readAtDefaultBranch(run, workspace, request.file!, "prompt_file"));
  return {
    id: 0,
    login: `workflow ${JSON.stringify(request.workflow)}`,
    body,
    createdAt: run.trigger.triggeredAt,
    trusted: true,
    action: `wrote the prompt of ${run.trigger.eventName} run ${run.env.runId}`,
    ...(schemaNote ? { context: schemaNote } : {}),
  };
}

/** A file of the repository as the default branch has it (an input names it: `input` says which). */
export async function readAtDefaultBranch(
  run: TargetedRun,
  workspace: Workspace,
  path: string,
  input: string,
): Promise<string> {
  if (!/^(?![/\\])(?!(?:.*\/)?\.\.(?:\/|$))[^\0\\:]+$/.test(path))
    throw new ConfigError(
      `the action input ${input} is ${JSON.stringify(path)}: expected a file's path from the repository root`,
    );
  const { branch, commit } = await defaultBranchAt(run, workspace);
  const shown = await workspace.git.run(["show", `${commit}:${path}`]);
  if (shown.exitCode !== 0)
    throw new ConfigError(
      `the action input ${input} names ${path}, which is not a file on ${branch} (${commit.slice(0, 12)})`,
    );
  run.log(`gitclaw: ${input} ${path} read from ${branch} at ${commit.slice(0, 12)}`);
  return shown.stdout;
}

/**
 * The job summary's part for a prompt run's answer: without an issue, the reply as it would
 * have been posted; with one, the agent's final message (the reply is on the issue).
 */
export function answerSection(run: Pick<TargetedRun, "trigger" | "target">, finalMessage: string): string {
  if (!run.trigger.prompt) return "";
  const bodies = (run.target.thread as Partial<SummaryThread>).bodies ?? [finalMessage];
  return ["", "### Answer", "", ...bodies, ""].join("\n");
}

/** What the commit and the log call the run's conversation. */
export const conversationName = (target: WorkTarget) =>
  target.runKey ? `the run ${target.runKey}` : `#${target.conversationIssue}`;
