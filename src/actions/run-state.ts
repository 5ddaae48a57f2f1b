// What one step of the job tells the next, through small files under $RUNNER_TEMP: where the guard
// decided 👀 goes, the 👀 reaction to remove, the progress comment to finish, whether a reply was
// posted, the GitHub App token the agent stage minted (for the cleanup step to revoke, should the
// agent be killed before it could). Owner-only (0600) files, since tool commands may run on the same machine, each checked
// when read back. Checked by hand: the indicator reads them on the clock to 👀 (bench/indicator),
// and a schema library would be most of what it loads.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReactionTarget } from "../github/operations.ts";

/** The progress comment, and for a reply in a review thread, that it is one. */
export interface ProgressState {
  commentId: number;
  inline?: boolean;
}

export interface ReactionState extends ReactionTarget {
  reactionId: number;
  repo: string;
  removed?: boolean;
}

type Check<T> = (value: Record<string, unknown>) => value is Record<string, unknown> & T;

const isNumber = (value: unknown) => typeof value === "number" && Number.isFinite(value);
const isFlag = (value: unknown) => value === undefined || typeof value === "boolean";
const isTarget: Check<ReactionTarget> = (v): v is Record<string, unknown> & ReactionTarget =>
  isNumber(v.issueNumber) && (v.commentId === undefined || isNumber(v.commentId)) && isFlag(v.inline);
const isReaction: Check<ReactionState> = (v): v is Record<string, unknown> & ReactionState =>
  isTarget(v) &&
  isNumber(v.reactionId) &&
  typeof v.repo === "string" &&
  (v.removed === undefined || typeof v.removed === "boolean");
const isProgress: Check<ProgressState> = (v): v is Record<string, unknown> & ProgressState =>
  isNumber(v.commentId) && isFlag(v.inline);
const isReplied: Check<{ at: string; by: string }> = (v): v is Record<string, unknown> & { at: string; by: string } =>
  typeof v.at === "string" && (v.by === "agent" || v.by === "cleanup");

const isAppToken: Check<{ token: string }> = (v): v is Record<string, unknown> & { token: string } =>
  typeof v.token === "string";

const file = (runnerTemp: string, name: string) => join(runnerTemp, `gitclaw-${name}.json`);

function read<T>(runnerTemp: string, name: string, check: Check<T>): T | undefined {
  const path = file(runnerTemp, name);
  if (!existsSync(path)) return undefined;
  const value: unknown = JSON.parse(readFileSync(path, "utf8"));
  if (typeof value !== "object" || value === null || !check(value as Record<string, unknown>)) {
    throw new Error(`${path} is not what gitclaw wrote there`);
  }
  return value as T;
}

function write(runnerTemp: string, name: string, value: unknown): void {
  writeFileSync(file(runnerTemp, name), JSON.stringify(value), { mode: 0o600 });
}

export const readTarget = (runnerTemp: string) => read(runnerTemp, "target", isTarget);
export const writeTarget = (runnerTemp: string, target: ReactionTarget) => write(runnerTemp, "target", target);

export const readReaction = (runnerTemp: string) => read(runnerTemp, "reaction", isReaction);
export const writeReaction = (runnerTemp: string, state: ReactionState) => write(runnerTemp, "reaction", state);

export const readProgress = (runnerTemp: string) => read(runnerTemp, "progress", isProgress);
export const writeProgress = (runnerTemp: string, progress: ProgressState) => write(runnerTemp, "progress", progress);

/** A reply exists: the cleanup step then posts no failure comment. */
export const hasReplied = (runnerTemp: string) => read(runnerTemp, "replied", isReplied) !== undefined;
export const markReplied = (runnerTemp: string, by: "agent" | "cleanup") =>
  write(runnerTemp, "replied", { at: new Date().toISOString(), by });

/** The minted App token, until it is revoked; never where a tool command can read it (RUNNER_TEMP, 0600). */
export const readAppToken = (runnerTemp: string) => read(runnerTemp, "app-token", isAppToken)?.token;
export const writeAppToken = (runnerTemp: string, token: string) => write(runnerTemp, "app-token", { token });
export const forgetAppToken = (runnerTemp: string) => rmSync(file(runnerTemp, "app-token"), { force: true });
