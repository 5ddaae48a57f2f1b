// The workflow's `if: always()` step. When the agent was killed outright (runner lost, SIGKILL,
// install failed) nobody replied: post one failure comment with the run link, and remove 👀.
// Dependency-free, because it must work even when `bun install` is what failed.
import { readEventBasics } from "./actions/event-basics.ts";
import { runUrl, type ActionsEnv } from "./actions/env.ts";
import { createRestLite, type RestLite } from "./github/rest-lite.ts";
import { hasReplied, markReplied, readProgressCommentId, readReaction, writeReaction } from "./actions/run-state.ts";
import { withReplyMarker } from "./trust.ts";

export interface BackstopResult {
  postedFailure: boolean;
  removedReaction: boolean;
}

export async function runBackstop(env: ActionsEnv, jobStatus: string, rest: RestLite = createRestLite(env)): Promise<BackstopResult> {
  const result: BackstopResult = { postedFailure: false, removedReaction: false };
  const base = `/repos/${env.owner}/${env.repo}/issues`;

  const state = readReaction(env.runnerTemp);
  if (state && !state.removed) {
    const path = state.target === "comment" ? `${base}/comments/${state.commentId}/reactions/${state.reactionId}` : `${base}/${state.issueNumber}/reactions/${state.reactionId}`;
    const response = await rest.request("DELETE", path);
    // 404: already gone, which is what we want.
    result.removedReaction = response.status === 204 || response.status === 404;
    if (result.removedReaction) writeReaction(env.runnerTemp, { ...state, removed: true });
  }

  if (!hasReplied(env.runnerTemp)) {
    const { issueNumber } = readEventBasics(env.eventName, env.eventPath);
    const why = jobStatus === "cancelled" ? "was cancelled" : jobStatus === "success" ? "ended" : "failed";
    const body = withReplyMarker(`gitclaw stopped before it could reply: the job ${why}. See the [run](${runUrl(env)}) for what happened; comment again to retry.`);
    // The progress comment, when there is one, becomes the notice: still one comment per run.
    const commentId = readProgressCommentId(env.runnerTemp);
    const response = commentId
      ? await rest.request("PATCH", `${base}/comments/${commentId}`, { body })
      : await rest.request("POST", `${base}/${issueNumber}/comments`, { body });
    if (response.status !== 200 && response.status !== 201) throw new Error(`posting the failure comment failed: ${response.status} ${JSON.stringify(response.data)}`);
    markReplied(env.runnerTemp, "backstop");
    result.postedFailure = true;
  }
  return result;
}
