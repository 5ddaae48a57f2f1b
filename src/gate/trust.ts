// Who may drive the agent: the guard decides, and the agent stage again itself (defence in depth).
// Every uncertainty resolves to "no". The policy is the configuration's `trust` section (src/config/config.ts).
import type { Config } from "../config/config.ts";
import { isGhost } from "../github/ghost.ts";
import { PERMISSION_LEVELS, type PermissionLevel } from "../github/operations.ts";

export type TrustPolicy = Config["trust"];

export interface TrustDecision {
  allowed: boolean;
  permission: PermissionLevel;
  reason: string;
}

const rank = (level: PermissionLevel) => PERMISSION_LEVELS.indexOf(level);

export function isBot(actor: { login: string; type: string }): boolean {
  return actor.type === "Bot" || actor.login.endsWith("[bot]");
}

/** Decides for one actor; the permission lookup is only made for actors that could pass. */
export async function decideTrust(
  actor: { login: string; type: string },
  policy: TrustPolicy,
  lookup: (login: string) => Promise<PermissionLevel>,
): Promise<TrustDecision> {
  if (isGhost(actor.login))
    return { allowed: false, permission: "none", reason: `${actor.login} is a deleted account, never a writer` };
  if (isBot(actor) && !policy.trustedBots.includes(actor.login)) {
    return {
      allowed: false,
      permission: "none",
      reason: `${actor.login} is a bot and not listed in trust.trustedBots`,
    };
  }
  let permission: PermissionLevel;
  try {
    permission = await lookup(actor.login);
  } catch (error) {
    return {
      allowed: false,
      permission: "none",
      reason: `could not check ${actor.login}'s permission (${(error as Error).message}); failing closed`,
    };
  }
  if (rank(permission) < rank(policy.minPermission)) {
    return {
      allowed: false,
      permission,
      reason: `${actor.login} has ${permission} permission; ${policy.minPermission} or higher is required`,
    };
  }
  return { allowed: true, permission, reason: `${actor.login} has ${permission} permission` };
}

/** Whether a login may instruct the agent, asked once per login and remembered (comments repeat authors). */
export function trustChecker(
  policy: TrustPolicy,
  lookup: (login: string) => Promise<PermissionLevel>,
): (login: string) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  return (login) => {
    let decided = known.get(login);
    if (!decided)
      known.set(login, (decided = decideTrust({ login, type: "User" }, policy, lookup).then((d) => d.allowed)));
    return decided;
  };
}
