// The indicator: 👀 on the issue or the triggering comment as the instant "working" signal, recorded
// in $RUNNER_TEMP for whoever takes it away (the agent stage when done, else the cleanup step).
import type { ActionsEnv } from "../actions/env.ts";
import { readReaction, readTarget, writeReaction, type ReactionState } from "../actions/run-state.ts";
import { fetchApi, type GitHubApi } from "../github/api.ts";
import { addReaction, removeReaction } from "../github/operations.ts";

/** 👀 where the guard said; the event was read and judged there, once. */
export async function addIndicator(env: ActionsEnv, api: GitHubApi = fetchApi(env)): Promise<ReactionState> {
  const target = readTarget(env.runnerTemp);
  if (!target) throw new Error("the guard recorded no issue or comment for 👀 (run the guard step first)");
  const reactionId = await addReaction(api, env, target, "eyes");
  const state: ReactionState = { reactionId, ...target, repo: `${env.owner}/${env.repo}` };
  writeReaction(env.runnerTemp, state);
  return state;
}

/** Takes 👀 away again, once: by the agent stage when it is done, or by the cleanup step. */
export async function removeIndicator(env: ActionsEnv, api: GitHubApi): Promise<boolean> {
  const state = readReaction(env.runnerTemp);
  if (!state || state.removed) return false;
  await removeReaction(api, env, state, state.reactionId);
  writeReaction(env.runnerTemp, { ...state, removed: true });
  return true;
}
