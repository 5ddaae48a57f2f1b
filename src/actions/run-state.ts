// What one step of the job tells the next, through small files under $RUNNER_TEMP: the 👀 reaction
// to remove, the progress comment to finish, whether a reply was posted. Owner-only (0600) files,
// since tool commands may run on the same machine. Dependency-free: the indicator and the backstop
// use it before or without `bun install`.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface ReactionState {
  reactionId: number;
  target: "issue" | "comment";
  issueNumber: number;
  commentId?: number;
  repo: string;
  removed?: boolean;
}

const file = (runnerTemp: string, name: string) => join(runnerTemp, `gitclaw-${name}.json`);

function read<T>(runnerTemp: string, name: string): T | undefined {
  const path = file(runnerTemp, name);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : undefined;
}

function write(runnerTemp: string, name: string, value: unknown): void {
  writeFileSync(file(runnerTemp, name), JSON.stringify(value), { mode: 0o600 });
}

export const readReaction = (runnerTemp: string) => read<ReactionState>(runnerTemp, "reaction");
export const writeReaction = (runnerTemp: string, state: ReactionState) => write(runnerTemp, "reaction", state);

export const readProgressCommentId = (runnerTemp: string) => read<{ commentId: number }>(runnerTemp, "progress")?.commentId;
export const writeProgressCommentId = (runnerTemp: string, commentId: number) => write(runnerTemp, "progress", { commentId });

/** A reply exists: the backstop step then posts no failure comment. */
export const hasReplied = (runnerTemp: string) => read(runnerTemp, "replied") !== undefined;
export const markReplied = (runnerTemp: string, by: "agent" | "backstop") => write(runnerTemp, "replied", { at: new Date().toISOString(), by });
