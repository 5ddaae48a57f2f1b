// A run's one comment when it cannot reply the normal way (the agent stage failed early, or the
// agent died and the cleanup step speaks for it): the progress comment becomes the notice when there
// is one, so a run still leaves one comment; the cleanup step then knows a reply exists.
import { runUrl, type ActionsEnv } from "../actions/env.ts";
import { markReplied, readProgress, type ProgressState } from "../actions/run-state.ts";
import type { GitHubApi } from "../github/api.ts";
import { progressMarker } from "../github/marker.ts";
import {
  createComment,
  findReviewComment,
  listComments,
  updateComment,
  updateReviewComment,
  type ReactionTarget,
} from "../github/operations.ts";

export async function postNotice(
  env: ActionsEnv,
  api: GitHubApi,
  target: Pick<ReactionTarget, "issueNumber" | "inline">,
  body: string,
  by: "agent" | "cleanup",
): Promise<void> {
  const progress = readProgress(env.runnerTemp) ?? (await findProgress(env, api, target));
  if (progress?.inline) await updateReviewComment(api, env, progress.commentId, body);
  else if (progress) await updateComment(api, env, progress.commentId, body);
  else await createComment(api, env, target.issueNumber, body);
  markReplied(env.runnerTemp, by);
}

/**
 * The run's progress comment when its id was never recorded (the agent died between creating it and
 * writing the id down), by this run's marker in its body: in the issue's comments, or for a run asked
 * in a review thread, in the pull request's review comments.
 */
async function findProgress(
  env: ActionsEnv,
  api: GitHubApi,
  target: Pick<ReactionTarget, "issueNumber" | "inline">,
): Promise<ProgressState | undefined> {
  const marker = progressMarker(runUrl(env));
  if (target.inline) {
    const commentId = await findReviewComment(api, env, target.issueNumber, marker);
    return commentId === undefined ? undefined : { commentId, inline: true };
  }
  const comment = (await listComments(api, env, target.issueNumber)).findLast((c) => c.body.includes(marker));
  return comment && { commentId: comment.id };
}
