// The agent stage's token when the workflow gives a GitHub App (inputs app_id and app_private_key):
// minted before anything else runs, masked in the log the moment it exists, and from then on the
// stage's token for everything it does on GitHub (pushes and pull requests then start workflows as
// a person's do). It is recorded (0600, RUNNER_TEMP) for the cleanup step, and revoked when the
// stage ends, however it ends: done, failed, or cancelled (the signal ends the run, then this). If
// the stage is killed before that, the cleanup step revokes it (src/stages/cleanup.ts).
import * as workflow from "../actions/log.ts";
import type { ActionsEnv } from "../actions/env.ts";
import { forgetAppToken, readAppToken, writeAppToken } from "../actions/run-state.ts";
import { AppTokenError, mintInstallationToken, revokeInstallationToken } from "../github/app-token.ts";

export interface StageToken {
  /** The environment the stage runs with: the App's token in place of the job's, when there is an App. */
  env: ActionsEnv;
  /** Revokes the App's token, if one was minted; never throws. */
  release(): Promise<void>;
}

/** A PEM spans lines: the log masks each of them too, as GitHub advises for multi-line secrets. */
function maskKey(privateKey: string): void {
  for (const line of privateKey.replace(/\\n/g, "\n").split("\n"))
    if (line.trim().length >= 8 && !line.startsWith("-----")) workflow.setSecret(line.trim());
}

export async function startAppToken(
  env: ActionsEnv,
  processEnv: Record<string, string | undefined>,
): Promise<StageToken> {
  const appId = processEnv.GITCLAW_APP_ID?.trim();
  const privateKey = processEnv.GITCLAW_APP_PRIVATE_KEY?.trim();
  if (!appId && !privateKey) return { env, release: async () => {} };
  if (!appId || !privateKey)
    throw new AppTokenError(
      `the GitHub App inputs go together: ${appId ? "app_private_key" : "app_id"} is empty while ${appId ? "app_id" : "app_private_key"} is set`,
    );
  maskKey(privateKey);
  const repo = { owner: env.owner, repo: env.repo };
  const minted = await mintInstallationToken({ apiUrl: env.apiUrl, repo, appId, privateKey });
  workflow.setSecret(minted.token);
  try {
    writeAppToken(env.runnerTemp, minted.token);
  } catch (error) {
    workflow.warning(
      `gitclaw: the cleanup step cannot revoke the App token if this step is killed: ${(error as Error).message}`,
    );
  }
  const granted = Object.entries(minted.permissions).map(([name, level]) => `${name}: ${level}`);
  workflow.info(`gitclaw: using the GitHub App ${appId}'s token for ${env.owner}/${env.repo} (${granted.join(", ")})`);
  return {
    env: { ...env, token: minted.token, appToken: true },
    release: async () => void (await revokeAppToken(env, minted.token)),
  };
}

/** Revokes the App token (by default the recorded one, if any): the agent stage's last act, or the cleanup step's backstop. */
export async function revokeAppToken(
  env: Pick<ActionsEnv, "apiUrl" | "runnerTemp">,
  token = readAppToken(env.runnerTemp),
): Promise<boolean> {
  if (!token) return false;
  const revoked = await revokeInstallationToken(env.apiUrl, token).catch(() => false);
  if (revoked) forgetAppToken(env.runnerTemp);
  workflow.info(
    revoked
      ? "gitclaw: revoked the GitHub App token"
      : "gitclaw: could not revoke the GitHub App token now; it expires within the hour",
  );
  return revoked;
}
