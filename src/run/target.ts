// What a run works on, decided before anything is checked out: which conversation it continues
// (state/issues/<n>.json), where it answers (the issue or pull request of the event, or the review
// thread of an inline comment), and which branch its work goes to:
// - an issue, delivery "push": git.branch or the default branch, the checkout the workflow made;
// - an issue, delivery "pull-request": gitclaw/issue-<n>, continued where it exists, with a draft PR;
// - a pull request of this repository: its head branch, from the commit the event saw;
//   gitclaw's own gitclaw/issue-<n> continues issue n's conversation;
// - a fork's pull request: nothing of it is pushed; the checkout stays, the conversation goes there
//   (src/run/fork.ts).
import type { WorkTarget } from "./types.ts";
import type { RunContext } from "./types.ts";
import { promptRunTarget } from "./prompt-run.ts";
import { issueBranch } from "../git/branch-names.ts";
import { resolvePullRequest } from "./pull-request.ts";
import { issueThread, reviewThread, type ReplyThread } from "../github/thread.ts";
import { getDefaultBranch } from "../github/operations.ts";
import { findPullRequest } from "../github/pulls.ts";
import { type BranchRules, obstaclesLine, pushObstacles, readBranchRules } from "../github/rules.ts";

export async function chooseTarget(run: RunContext): Promise<WorkTarget> {
  const { trigger, api, repo } = run;
  if (trigger.prompt && !trigger.prompt.issue) return promptRunTarget(run, trigger.prompt);
  if (!trigger.pullRequest) {
    const thread = issueThread(api, repo, trigger.issueNumber);
    const base = { conversationIssue: trigger.issueNumber, threadNumber: trigger.issueNumber, thread };
    const pushing = run.config.delivery === "push" ? await pushRules(run) : undefined;
    const { redirected } = pushing ?? {};
    if (pushing && !redirected) return { ...base, delivers: false, ...signing(pushing.rules) };
    const name = issueBranch(trigger.issueNumber);
    const source = redirected ? `the rules of ${redirected.from}` : 'delivery "pull-request"';
    const rules = [pushing?.rules, await readBranchRules(api, repo, name)];
    return {
      ...base,
      branch: { name, depth: 1, source },
      delivers: true,
      ...(redirected ? { redirected } : {}),
      ...signing(...rules),
    };
  }
  const pull = await resolvePullRequest(api, repo, trigger);
  const thread = answerThread(run, pull.number);
  const common = { threadNumber: pull.number, thread, pull };
  if (pull.fork) return { ...common, conversationIssue: pull.number, delivers: false };
  return {
    ...common,
    ...signing(await readBranchRules(api, repo, pull.head.ref)),
    conversationIssue: pull.forIssue ?? pull.number,
    branch: {
      name: pull.head.ref,
      startAt: pull.startSha,
      depth: pull.commits + 1,
      source: `the head of #${pull.number}`,
    },
    delivers: pull.forIssue !== undefined,
  };
}

/** An inline comment is answered in its review thread (replies go to the thread's first comment); anything else on the pull request. */
function answerThread(run: RunContext, pull: number): ReplyThread {
  const { trigger, api, repo } = run;
  if (trigger.inline && trigger.comment)
    return reviewThread(api, repo, pull, trigger.inline.inReplyTo ?? trigger.comment.id);
  return issueThread(api, repo, pull);
}

/** The branch delivery "push" pushes to, and where that came from (for a message if it is not a branch name). */
export async function pushBranch(run: RunContext): Promise<[string, string]> {
  if (run.config.git.branch) return [run.config.git.branch, "git.branch in .github/gitclaw.json"];
  if (run.trigger.defaultBranch) return [run.trigger.defaultBranch, "the event's repository.default_branch"];
  return [await getDefaultBranch(run.api, run.repo), "the repository's default branch"];
}

/**
 * Read before anything is pushed: when the push branch's rules refuse gitclaw's pushes, why. Where
 * the rules cannot be fully read (classic protection needs admin), an open pull request from the
 * issue's branch says an earlier push was refused: the work continues there.
 */
async function pushRules(run: RunContext): Promise<{ rules: BranchRules; redirected?: WorkTarget["redirected"] }> {
  const [branch] = await pushBranch(run);
  const rules = await readBranchRules(run.api, run.repo, branch);
  // Signatures are no obstacle: where the rules require them, gitclaw lands through the API, which signs.
  const obstacles = pushObstacles(rules, { signedCommits: true });
  if (obstacles.length) {
    run.log(`gitclaw: ${obstaclesLine(rules, obstacles)} The work goes to a pull request.`);
    return { rules, redirected: { from: branch, why: obstaclesLine(rules, obstacles) } };
  }
  if (!rules.unreadable && !rules.protectionUnknown) return { rules };
  const open = await findPullRequest(run.api, run.repo, issueBranch(run.trigger.issueNumber)).catch(() => undefined);
  run.log(`gitclaw: the rules of ${branch} are not all readable${open ? `; #${open} holds this issue's work` : ""}`);
  if (open === undefined) return { rules };
  const why = `\`${branch}\` refused gitclaw's push before; this issue's work continues on #${open}.`;
  return { rules, redirected: { from: branch, why } };
}

/** `signs` when any of the branches' rules require signed commits. */
function signing(...rules: (BranchRules | undefined)[]): Pick<WorkTarget, "signs"> {
  return rules.some((r) => r?.requiresSignatures) ? { signs: true } : {};
}
