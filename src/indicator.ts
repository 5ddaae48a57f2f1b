// The indicator step: 👀 on the issue or the triggering comment, recorded for the cleanup.
// Dependency-free (runs before `bun install`) and never fails the job.
import { readEventBasics } from "./actions/event-basics.ts";
import type { ActionsEnv } from "./actions/env.ts";
import { createRestLite, type RestLite } from "./github/rest-lite.ts";
import { writeReaction, type ReactionState } from "./actions/run-state.ts";

export async function addIndicator(env: ActionsEnv, rest: RestLite = createRestLite(env)): Promise<ReactionState> {
  const event = readEventBasics(env.eventName, env.eventPath);
  const base = `/repos/${env.owner}/${env.repo}/issues`;
  const path = event.comment ? `${base}/comments/${event.comment.id}/reactions` : `${base}/${event.issueNumber}/reactions`;
  const response = await rest.request("POST", path, { content: "eyes" });
  const id = (response.data as { id?: unknown } | null)?.id;
  if ((response.status !== 200 && response.status !== 201) || typeof id !== "number") {
    throw new Error(`adding 👀 failed: ${response.status} ${JSON.stringify(response.data)}`);
  }
  const state: ReactionState = {
    reactionId: id,
    target: event.comment ? "comment" : "issue",
    issueNumber: event.issueNumber,
    ...(event.comment ? { commentId: event.comment.id } : {}),
    repo: `${env.owner}/${env.repo}`,
  };
  writeReaction(env.runnerTemp, state);
  return state;
}
