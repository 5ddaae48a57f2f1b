// The cleanup step (`if: always()`): revokes a GitHub App token the agent stage could not, takes 👀
// away and, when the agent stage died before it could reply (runner lost, killed, cancelled too
// late), posts the one failure notice with the run link.
import { runUrl, type ActionsEnv } from "../actions/env.ts";
import { hasReplied, readTarget } from "../actions/run-state.ts";
import { fetchApi, type GitHubApi } from "../github/api.ts";
import { revokeAppToken } from "./app-token.ts";
import { removeIndicator } from "./indicator.ts";
import { postNotice } from "./notice.ts";

export interface CleanupResult {
  postedFailure: boolean;
  removedReaction: boolean;
  /** A GitHub App token the agent stage left unrevoked, revoked here. */
  revokedAppToken: boolean;
}

export async function runCleanup(
  env: ActionsEnv,
  jobStatus: string,
  api: GitHubApi = fetchApi(env),
): Promise<CleanupResult> {
  // Killed before it could revoke its GitHub App token, the agent stage left it for this step.
  const revokedAppToken = await revokeAppToken(env).catch(() => false);
  const removedReaction = await removeIndicator(env, api);
  if (hasReplied(env.runnerTemp)) return { postedFailure: false, removedReaction, revokedAppToken };
  // The issue the guard decided on: the event was read and judged there, once.
  const target = readTarget(env.runnerTemp);
  if (!target)
    throw new Error("the guard recorded no issue for this run, so there is nowhere to post the failure notice");
  const why = jobStatus === "cancelled" ? "was cancelled" : jobStatus === "success" ? "ended" : "failed";
  const body = `gitclaw stopped before it could reply: the job ${why}. See the [run](${runUrl(env)}) for what happened; comment again to retry.`;
  await postNotice(env, api, target, body, "cleanup");
  return { postedFailure: true, removedReaction, revokedAppToken };
}
