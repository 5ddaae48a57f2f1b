// A run's one comment when it cannot reply the normal way (the agent stage failed early, or the
// agent died and the cleanup step speaks for it): the progress comment becomes the notice when there
// is one, so a run still leaves one comment; the cleanup step then knows a reply exists.
import type { ActionsEnv } from "../actions/env.ts";
import { markReplied, readProgress } from "../actions/run-state.ts";
import type { GitHubApi } from "../github/api.ts";
import { createComment, updateComment, updateReviewComment } from "../github/operations.ts";

export async function postNotice(
  env: ActionsEnv,
  api: GitHubApi,
  issueNumber: number,
  body: string,
  by: "agent" | "cleanup",
): Promise<void> {
  const progress = readProgress(env.runnerTemp);
  if (progress?.inline) await updateReviewComment(api, env, progress.commentId, body);
  else if (progress) await updateComment(api, env, progress.commentId, body);
  else await createComment(api, env, issueNumber, body);
  markReplied(env.runnerTemp, by);
}
