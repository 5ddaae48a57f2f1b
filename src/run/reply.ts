// The reply: what the run did or why it stopped (never empty, always how to continue), the notes a
// person must know (protected paths refused, workflow changes delivered as a patch, unpushed PR work,
// where the work went), the steps, and a footer with the run's figures and links. It replaces the
// progress comment when there is one.
import type { LoopResult } from "../agent/loop.ts";
import type { PushOutcome } from "../git/land.ts";
import { approx, clearedNote, formatCost, formatDuration, formatTokens } from "./format.ts";
import type { ProgressComment } from "./progress.ts";
import { replyBodies } from "../github/comment-bodies.ts";
import { repoRelative } from "../session/mapping.ts";
import type { OpenConversation } from "./conversation.ts";
import { readySignal } from "./deliver.ts";
import { placeAttachments, runAttachments } from "./attachments.ts";
import type { Landing } from "./land.ts";
import type { TargetedRun } from "./types.ts";
import { describeWorkflowChanges } from "./workflow-files.ts";
import type { Workspace } from "./types.ts";
import { callout } from "../github/markdown.ts";
import { plural } from "../text/format.ts";

export interface RunStats {
  durationMs: number;
  result: LoopResult;
  model: string;
  runUrl: string;
  sessionUrl?: string;
  commitUrl?: string;
  /** The issue's or pull request's cost across its runs, this one included (src/run/cost-caps.ts). */
  total?: string;
  /** Other models the run's tasks ran with, each with the custom agents that used it (src/run/tasks.ts). */
  taskModels?: string[];
  /** The validation commands' time (src/validate/). */
  validation?: string;
}

export function footer(stats: RunStats): string {
  const { result } = stats;
  const u = result.usage;
  const parts = [
    formatDuration(stats.durationMs),
    plural(result.turns, "turn"),
    plural(result.toolCalls, "tool call"),
    `${approx(u)}${formatTokens(u.input + u.cacheRead + u.cacheWrite)} in (${formatTokens(u.cacheRead)} cached) / ${approx(u)}${formatTokens(u.output)} out${thinkingPart(result)}${u.estimated ? " (estimated in part)" : ""}`,
    ...(result.cleared ? [clearedNote(result.cleared)] : []),
    formatCost(u.cost.total),
    ...(stats.total ? [stats.total] : []),
    ...(stats.validation ? [stats.validation] : []),
    [modelsPart(stats), ...(stats.taskModels ?? [])].join(" + "),
    `[run](${stats.runUrl})`,
    ...(stats.sessionUrl ? [`[session](${stats.sessionUrl})`] : []),
    ...(stats.commitUrl ? [`[commit](${stats.commitUrl})`] : []),
  ];
  return `<sub>${parts.join(" · ")}</sub>`;
}

/** The thinking within the output tokens, estimated from its text (providers count it as output, not apart). */
function thinkingPart(result: LoopResult): string {
  return result.thinkingTokens ? ` (~${formatTokens(result.thinkingTokens)} thinking)` : "";
}

/** The model that answered; after a fallback, each model with its cost, in the order they answered. */
function modelsPart(stats: RunStats): string {
  const fallback = stats.result.fallback;
  if (!fallback) return `\`${stats.model}\``;
  return fallback.models.map((m) => `\`${m.model}\` ${formatCost(m.usage.cost.total)}`).join(" → ");
}

/** The fallback model took over: which, from which turn, and why; the next run starts on the first again. */
export function fallbackNote(result: LoopResult): string {
  const { fallback } = result;
  if (!fallback) return "";
  const [first, second] = fallback.models;
  return callout(
    "NOTE",
    `\`${second.model}\` took over after turn ${fallback.afterTurn}: ${fallback.reason} after its retries (\`fallbackModel\`). The next run starts on \`${first.model}\` again.`,
  );
}

/** The reply text for an outcome: never empty, always says how to continue when the run stopped early. */
export function replyText(
  result: LoopResult,
  stats: { durationMs: number; runUrl: string; maxTurns: number; maxMinutes: number },
): string {
  const said = result.text.trim();
  if (result.outcome === "done")
    return said || `gitclaw finished without a text reply. See the [run](${stats.runUrl}) for what it did.`;
  return [said, stopNote(result, stats)].filter(Boolean).join("\n\n");
}

/** Why the run stopped before it was done, and how to go on. */
function stopNote(result: LoopResult, stats: { durationMs: number; maxTurns: number; maxMinutes: number }): string {
  switch (result.outcome) {
    case "done":
      return "";
    case "cut_off":
      return cutOffNote(result);
    case "max_turns":
      return callout(
        "NOTE",
        `Stopped at the turn budget (${stats.maxTurns} turns). Comment to continue where it left off.`,
      );
    case "budget": {
      const b = result.budget!;
      const amount =
        b.name !== "maxOutputTokens"
          ? `$${b.used.toFixed(2)} of $${b.limit.toFixed(2)}`
          : `${b.used} of ${b.limit} output tokens`;
      const raise = "Comment to continue, or raise it in .github/gitclaw.json.";
      return callout("NOTE", `Stopped at the budget \`budgets.${b.name}\` (${amount}). ${raise}`);
    }
    case "deadline":
      return callout(
        "NOTE",
        `Stopped at the time budget (${stats.maxMinutes} minutes). Comment to continue where it left off.`,
      );
    case "aborted": {
      const after = `${formatDuration(stats.durationMs)}, ${plural(result.turns, "turn")}`;
      return callout("WARNING", `Cancelled after ${after}. Everything done so far is saved; comment to continue.`);
    }
    case "error": {
      const why = result.errorMessage ?? "unknown error";
      // A message that ends its own sentence ("…access the url?") gets no second stop.
      const stop = /[.?!]$/.test(why) ? "" : ".";
      return callout("CAUTION", `The run failed: ${why}${stop} Everything done so far is saved; comment to try again.`);
    }
  }
}

/** An answer that stopped at the output limit: said plainly, with the limit and how to go on. */
function cutOffNote(result: LoopResult): string {
  const { output, limit } = result.cutOff ?? { output: 0, limit: 0 };
  const tokens = `${approx(result.usage)}${plural(output, "token")}`;
  return callout(
    "WARNING",
    `This answer is incomplete: the model stopped at its output limit after ${tokens} (the call was allowed ${limit}: \`budgets.maxOutputTokensPerCall\`, or less where the context window left less room; a model's own limit can be lower). Comment \`continue\` to have it go on from where it stopped; for longer answers, raise \`budgets.maxOutputTokensPerCall\` in .github/gitclaw.json.`,
  );
}

export function describePush(
  push: PushOutcome | undefined,
  error: string | undefined,
  links: { compare: (branch: string) => string; sessionSaved?: boolean; diverted?: string },
): string {
  if (error && links.sessionSaved)
    return callout(
      "WARNING",
      `The changes could not be pushed: ${error}\nThe conversation was saved on its own; the changes are not on any branch.`,
    );
  if (error) return callout("WARNING", `The changes and the session could not be pushed: ${error}`);
  if (push && !push.landed && links.diverted)
    return callout(
      "NOTE",
      `${links.diverted} The work went to \`${push.branch}\`: [compare](${links.compare(push.branch)}).`,
    );
  if (push && !push.landed && push.refused)
    return callout(
      "NOTE",
      `The push was refused: ${push.refused.replace(/([^.!?])$/, "$1.")} The work went to \`${push.branch}\` instead: [compare](${links.compare(push.branch)}).`,
    );
  if (push && !push.landed) {
    return callout(
      "WARNING",
      `${push.reason}. The changes were kept on branch \`${push.branch}\` instead: [compare](${links.compare(push.branch)}).`,
    );
  }
  return "";
}

/** What the reply is made of, besides the run's own outcome. */
export interface ReplyFacts {
  result: LoopResult;
  conversation: OpenConversation;
  landing: Landing;
  /** Pull request worktrees discarded with work never pushed. */
  unpushed: string[];
  /** Sub-agent tasks: what was stopped or aborted at the end, and what remains to apply (src/run/tasks.ts). */
  taskNotes?: string[];
  /** Other models the tasks ran with, for the footer (src/run/tasks.ts). */
  taskModels?: string[];
  progress: ProgressComment;
  /** What happened on the pull request (src/run/deliver.ts), or to a fork's patch (src/run/fork.ts): Markdown paragraphs. */
  notes: string[];
  /** The reply's first line, before the answer: a run whose tool commands were not confined says so (src/egress/audit.ts). */
  lead?: string;
  /** The footer's total across the conversation's runs. */
  total?: string;
  /** What the checks before delivery found (src/validate/): notes at the top, notes with the rest, the footer's part. */
  checks?: { top: string[]; notes: string[]; footer?: string };
}

/** Posts the reply: the progress comment becomes its first part, or it is posted as new comments. */
export async function reply(run: TargetedRun, workspace: Workspace, facts: ReplyFacts): Promise<void> {
  const { text, footerText } = composeReply(run, workspace, facts);
  const [first, ...rest] = replyBodies(run.redact(text), run.redact(footerText));
  const { thread, threadNumber } = run.target;
  if (!(await facts.progress.finish(first!))) await thread.post(first!);
  for (const body of rest) await thread.post(body);
  run.onReplied();
  run.log(
    `gitclaw: replied on #${threadNumber}${thread.inline ? " in the review thread" : ""} (${facts.result.outcome})`,
  );
}

function composeReply(run: TargetedRun, workspace: Workspace, facts: ReplyFacts): { text: string; footerText: string } {
  const { env, config } = run;
  const { landing, conversation, unpushed } = facts;
  const web = `${env.serverUrl}/${env.owner}/${env.repo}`;
  const attachments = runAttachments(conversation.session.entries, conversation.promptId);
  const where = { root: workspace.root, web, sha: landing.sessionSha };
  const text = placeAttachments(readySignal(facts.result.text).text, attachments, where);
  const result = { ...facts.result, text };
  const durationMs = run.now() - run.started;
  const refused = landing.reverted.map((p) => `\`${p}\``).join(", ");
  const notes = [
    ...conversation.notices.map((n) => callout("NOTE", `${n}`)),
    ...(refused ? [callout("WARNING", `Changes to protected paths were not committed: ${refused}.`)] : []),
    ...unsavedNotes(landing),
    describeWorkflowChanges(landing.workflows, {
      branch: workspace.branch,
      ...(landing.sessionSha ? { blob: (path: string) => `${web}/blob/${landing.sessionSha}/${path}` } : {}),
    }),
    ...(unpushed.length
      ? [
          callout(
            "WARNING",
            `Pull request worktrees were discarded with work never pushed (pr_push): ${unpushed.join("; ")}.`,
          ),
        ]
      : []),
    ...(facts.taskNotes ?? []).map((note) => callout("NOTE", note)),
    describePush(landing.push, landing.pushError, {
      compare: (b) => `${web}/compare/${workspace.branch}...${b}?expand=1`,
      sessionSaved: landing.sessionSha !== undefined,
      ...(landing.diverted ? { diverted: landing.diverted } : {}),
    }),
    ...(facts.checks?.notes ?? []),
    ...facts.notes,
    ...(landing.stateSha ? [stateNote(run, landing.stateSha, web)] : []),
    ...(landing.conversationArtifact ? [artifactNote(run, landing.conversationArtifact)] : []),
    facts.progress.stepsDetails(),
  ].filter(Boolean);
  const limits = {
    durationMs,
    runUrl: run.link,
    maxTurns: config.budgets.maxTurns,
    maxMinutes: config.budgets.maxMinutes,
  };
  const session = repoRelative(workspace.root, conversation.session.path);
  const footerText = footer({
    durationMs,
    result,
    model: `${run.resolved.provider}/${run.resolved.modelId}`,
    runUrl: run.link,
    sessionUrl: landing.sessionSha ? `${web}/blob/${landing.sessionSha}/${session}` : undefined,
    commitUrl: landing.push ? `${web}/commit/${landing.push.sha}` : undefined,
    total: facts.total,
    taskModels: facts.taskModels,
    ...(facts.checks?.footer ? { validation: facts.checks.footer } : {}),
  });
  const top = facts.checks?.top ?? [];
  const parts = [facts.lead, ...top, replyText(result, limits), fallbackNote(result), ...notes];
  return { text: parts.filter(Boolean).join("\n\n"), footerText };
}

/** Where the conversation lives when the work's branch cannot hold it, and how the next run finds it. */
function stateNote(run: TargetedRun, sha: string, web: string): string {
  const branch = run.config.state.branch;
  return callout(
    "NOTE",
    `The conversation is kept on [\`${branch}\`](${web}/tree/${sha}/state) (\`state.branch\`), since gitclaw cannot push to the default branch; the next run of #${run.target.conversationIssue} resumes from there.`,
  );
}

/** Where the conversation is when no branch took it, and how the next run finds it. */
function artifactNote(run: TargetedRun, name: string): string {
  const issue = run.target.conversationIssue;
  return callout(
    "WARNING",
    `No branch took this run's push, not even \`${run.config.state.branch}\`: the conversation (and the work, as \`gitclaw-work.patch\`) is saved as the artifact \`${name}\` of [this run](${run.link}). The next run of #${issue} downloads the newest artifact of that name and resumes from it; to keep conversations in git, exempt \`${run.config.state.branch}\` from the rules that refuse it.`,
  );
}

/** What of the run's work is not in the push, and why: left out of commits, or not committed at all. */
function unsavedNotes(landing: Landing): string[] {
  const names = (paths: string[]) => paths.map((path) => `\`${path}\``).join(", ");
  const notes: string[] = [];
  if (landing.leftOutOfCommits.length)
    notes.push(
      callout(
        "WARNING",
        `Commits made during the run (a task's patch, a command) changed protected paths: ${names(landing.leftOutOfCommits)}. Those changes were left out of the pushed commits.`,
      ),
    );
  if (landing.notCommitted)
    notes.push(
      callout(
        "CAUTION",
        `The run's changes could not be committed (${landing.notCommitted}), so they are not saved: only the conversation was.`,
      ),
    );
  if (landing.notStaged?.length) {
    const lines = landing.notStaged.map(({ path, reason }) => `- \`${path}\`: ${reason}`);
    notes.push(callout("CAUTION", `These changes could not be committed and are not saved:\n${lines.join("\n")}`));
  }
  return notes;
}
