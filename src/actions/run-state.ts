// What one step of the job tells the next, through small files under $RUNNER_TEMP: the 👀 reaction
// to remove, the progress comment to finish, whether a reply was posted. Owner-only (0600) files,
// since tool commands may run on the same machine; read back through a schema like any input.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

export const ReactionState = z.object({
  reactionId: z.number(),
  issueNumber: z.number(),
  /** Set when the reaction is on the triggering comment rather than the issue. */
  commentId: z.number().optional(),
  repo: z.string(),
  removed: z.boolean().optional(),
});
export type ReactionState = z.infer<typeof ReactionState>;
const ProgressState = z.object({ commentId: z.number() });
const RepliedState = z.object({ at: z.string(), by: z.enum(["agent", "cleanup"]) });

const file = (runnerTemp: string, name: string) => join(runnerTemp, `gitclaw-${name}.json`);

function read<T>(runnerTemp: string, name: string, schema: z.ZodType<T>): T | undefined {
  const path = file(runnerTemp, name);
  if (!existsSync(path)) return undefined;
  const parsed = schema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success) throw new Error(`${path} is not what gitclaw wrote there: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

function write(runnerTemp: string, name: string, value: unknown): void {
  writeFileSync(file(runnerTemp, name), JSON.stringify(value), { mode: 0o600 });
}

export const readReaction = (runnerTemp: string) => read(runnerTemp, "reaction", ReactionState);
export const writeReaction = (runnerTemp: string, state: ReactionState) => write(runnerTemp, "reaction", state);

export const readProgressCommentId = (runnerTemp: string) => read(runnerTemp, "progress", ProgressState)?.commentId;
export const writeProgressCommentId = (runnerTemp: string, commentId: number) => write(runnerTemp, "progress", { commentId });

/** A reply exists: the cleanup step then posts no failure comment. */
export const hasReplied = (runnerTemp: string) => read(runnerTemp, "replied", RepliedState) !== undefined;
export const markReplied = (runnerTemp: string, by: "agent" | "cleanup") => write(runnerTemp, "replied", { at: new Date().toISOString(), by });
