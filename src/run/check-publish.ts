// The checks before delivery, once the work is pushed: the `gitclaw validation` check run with each
// command's result on the commit the work is on, and what the self-review still finds as a review on
// the pull request the work went to. Either failing is a note in the reply, never a failed run.
import * as workflow from "../actions/log.ts";
import { completeCheckRun, createCheckRun } from "../github/checks.ts";
import { callout } from "../github/markdown.ts";
import { createReview, findPullRequest } from "../github/pulls.ts";
import { checkOutputOf, VALIDATION_CHECK } from "../validate/report.ts";
import { pullRequestReviewBody } from "../validate/self-review.ts";
import type { WorkChecked } from "../validate/validate.ts";
import type { Landing } from "./land.ts";
import type { TargetedRun, Workspace } from "./types.ts";

/** Once the work is pushed: the check run, and the self-review on the pull request it went to. */
export async function afterPush(
  run: TargetedRun,
  workspace: Workspace,
  checked: WorkChecked,
  landing: Landing,
): Promise<string[]> {
  return [
    ...(await validationCheck(run, workspace, checked, landing)),
    ...(await selfReviewOnPullRequest(run, workspace, checked, landing)),
  ];
}

/** The `gitclaw validation` check run on the pushed commit; a note when it could not be made. */
async function validationCheck(
  run: TargetedRun,
  workspace: Workspace,
  checked: WorkChecked,
  landing: Landing,
): Promise<string[]> {
  const { validation } = checked;
  const pushed = landing.push?.sha;
  if (!validation || !pushed) return [];
  try {
    const id = await createCheckRun(run.api, run.repo, {
      name: VALIDATION_CHECK,
      headSha: await checkedHead(workspace, pushed),
      detailsUrl: run.link,
      title: "Validation",
    });
    const { conclusion, output } = checkOutputOf(validation);
    await completeCheckRun(run.api, run.repo, id, {
      conclusion,
      output: { ...output, title: run.redact(output.title), summary: run.redact(output.summary) },
    });
    return [];
  } catch (error) {
    const why = run.redact((error as Error).message);
    workflow.warning(`gitclaw: could not create the ${VALIDATION_CHECK} check run: ${why}`);
    return [
      callout(
        "WARNING",
        `Could not create the \`${VALIDATION_CHECK}\` check run (${why}): the workflow needs \`checks: write\`.`,
      ),
    ];
  }
}

/** The commit the check goes on: the checkout's head when it holds the pushed work (the delivery's own commit after it, linking the pull request), else the pushed commit. */
async function checkedHead(workspace: Workspace, pushed: string): Promise<string> {
  const head = await workspace.git.must(["rev-parse", "HEAD"]);
  const holds = await workspace.git.run(["merge-base", "--is-ancestor", pushed, head]);
  return holds.exitCode === 0 ? head : pushed;
}

/**
 * What the self-review still finds, as a review on the pull request the work went to (the run's own,
 * or the one gitclaw's branch for the issue has); a note when it could not be posted.
 */
async function selfReviewOnPullRequest(
  run: TargetedRun,
  workspace: Workspace,
  checked: WorkChecked,
  landing: Landing,
): Promise<string[]> {
  const { review } = checked;
  const push = landing.push;
  if (!review?.findings.length || !push) return [];
  try {
    const onIssueBranch = run.target.delivers || landing.diverted !== undefined || (!push.landed && push.refused);
    const pull = run.target.pull?.fork
      ? undefined
      : (run.target.pull?.number ??
        (onIssueBranch ? await findPullRequest(run.api, run.repo, push.branch) : undefined));
    if (pull === undefined) return [];
    const body = run.redact(pullRequestReviewBody(review));
    await createReview(run.api, run.repo, pull, {
      commitId: await checkedHead(workspace, push.sha),
      event: "COMMENT",
      body,
      comments: [],
    });
    return [];
  } catch (error) {
    const why = run.redact((error as Error).message);
    workflow.warning(`gitclaw: could not post the self-review on the pull request: ${why}`);
    return [callout("WARNING", `Could not post the self-review on the pull request: ${why}`)];
  }
}
