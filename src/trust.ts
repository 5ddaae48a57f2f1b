// Who may drive the agent. Dependency-free: the guard runs it before `bun install`, and the agent
// runs it again itself (defence in depth). Every uncertainty resolves to "no".
import type { RestLite } from "./github/rest-lite.ts";

export const PERMISSION_LEVELS = ["none", "read", "triage", "write", "maintain", "admin"] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** Hidden marker at the end of every comment gitclaw posts, so its own comments never trigger it. */
export const REPLY_MARKER = "<!-- gitclaw:reply -->";

/** A comment body as gitclaw posts it: ending with the marker, added once. */
export const withReplyMarker = (body: string): string => (body.includes(REPLY_MARKER) ? body : `${body}\n${REPLY_MARKER}`);

export interface TrustPolicy {
  minPermission: PermissionLevel;
  /** Exact bot logins allowed to drive the agent. A login merely ending in `[bot]` is not trusted. */
  trustedBots: string[];
}

export const DEFAULT_TRUST: TrustPolicy = { minPermission: "write", trustedBots: [] };

export interface TrustDecision {
  allowed: boolean;
  permission: PermissionLevel;
  reason: string;
}

const rank = (level: PermissionLevel) => PERMISSION_LEVELS.indexOf(level);

export function isBot(actor: { login: string; type: string }): boolean {
  return actor.type === "Bot" || actor.login.endsWith("[bot]");
}

/**
 * The collaborator-permission API answers `permission` (admin/write/read/none) and, on newer
 * servers, `role_name` (admin/maintain/write/triage/read). Prefer the finer role name.
 */
export function permissionFromApi(data: unknown): PermissionLevel {
  if (typeof data !== "object" || data === null) return "none";
  const { role_name, permission } = data as { role_name?: unknown; permission?: unknown };
  for (const value of [role_name, permission]) {
    if (typeof value === "string" && (PERMISSION_LEVELS as readonly string[]).includes(value)) return value as PermissionLevel;
  }
  return "none";
}

export async function lookUpPermission(rest: RestLite, repo: { owner: string; repo: string }, login: string): Promise<PermissionLevel> {
  const path = `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}/collaborators/${encodeURIComponent(login)}/permission`;
  const response = await rest.request("GET", path);
  if (response.status === 404) return "none";
  if (response.status !== 200) {
    const message = (response.data as { message?: string } | null)?.message ?? "";
    throw new Error(`the collaborator-permission API answered ${response.status} ${message}`.trim());
  }
  return permissionFromApi(response.data);
}

/** Decides for one actor; the permission lookup is only made for actors that could pass. */
export async function decideTrust(
  actor: { login: string; type: string },
  policy: TrustPolicy,
  lookup: (login: string) => Promise<PermissionLevel>,
): Promise<TrustDecision> {
  if (isBot(actor) && !policy.trustedBots.includes(actor.login)) {
    return { allowed: false, permission: "none", reason: `${actor.login} is a bot and not listed in trust.trustedBots` };
  }
  let permission: PermissionLevel;
  try {
    permission = await lookup(actor.login);
  } catch (error) {
    return { allowed: false, permission: "none", reason: `could not check ${actor.login}'s permission (${(error as Error).message}); failing closed` };
  }
  if (rank(permission) < rank(policy.minPermission)) {
    return { allowed: false, permission, reason: `${actor.login} has ${permission} permission; ${policy.minPermission} or higher is required` };
  }
  return { allowed: true, permission, reason: `${actor.login} has ${permission} permission` };
}

/** Reads the `trust` section of the config by hand (the guard cannot use zod); anything odd throws. */
export function trustPolicyFrom(config: unknown): TrustPolicy {
  if (config === undefined) return DEFAULT_TRUST;
  if (typeof config !== "object" || config === null) throw new Error("the config file must hold a JSON object");
  const trust = (config as { trust?: unknown }).trust;
  if (trust === undefined) return DEFAULT_TRUST;
  if (typeof trust !== "object" || trust === null) throw new Error(`"trust" must be an object`);
  const { minPermission = DEFAULT_TRUST.minPermission, trustedBots = [] } = trust as Record<string, unknown>;
  if (typeof minPermission !== "string" || !(PERMISSION_LEVELS as readonly string[]).includes(minPermission) || rank(minPermission as PermissionLevel) < rank("triage")) {
    throw new Error(`"trust.minPermission" is ${JSON.stringify(minPermission)}: expected one of triage, write, maintain, admin`);
  }
  if (!Array.isArray(trustedBots) || !trustedBots.every((b) => typeof b === "string")) {
    throw new Error(`"trust.trustedBots" must be a list of exact bot logins, e.g. ["renovate[bot]"]`);
  }
  return { minPermission: minPermission as PermissionLevel, trustedBots };
}

/** Whether a login may instruct the agent, asked once per login and remembered (comments repeat authors). */
export function trustChecker(policy: TrustPolicy, lookup: (login: string) => Promise<PermissionLevel>): (login: string) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  return (login) => {
    let decided = known.get(login);
    if (!decided) known.set(login, (decided = decideTrust({ login, type: "User" }, policy, lookup).then((d) => d.allowed)));
    return decided;
  };
}
