// `commit`: a sub-agent's commits, made for it (tool commands cannot write .git/ when sandboxed):
// every change of its worktree as the bot, with the run's trailers, refused when one touches a
// protected path. Only committed work reaches the parent.
import { z } from "zod";
import { withTrailers, type CommitPlan } from "../../git/commit-message.ts";
import type { Git } from "../../git/git.ts";
import { commitAll } from "../../git/land.ts";
import { isProtected } from "../../git/protected.ts";
import { scrubChangedFiles } from "../../git/scrub.ts";
import { changedPaths, touchedPaths } from "../../git/status.ts";
import { plural } from "../../text/format.ts";
import { fail, ok, type Tool } from "../../tools/types.ts";

const Args = z.strictObject({ message: z.string().trim().min(1) });

export interface CommitToolOptions {
  git: Git;
  protectedPaths: readonly string[];
  trailers: { runUrl?: string; coAuthor?: CommitPlan["coAuthor"] };
}

export function createCommitTool(options: CommitToolOptions): Tool<typeof Args> {
  return {
    name: "commit",
    description:
      "Commit every change in your worktree as one commit with this message (a subject line, a blank line, then a body if needed).",
    parameters: Args,
    async execute(args, context) {
      const changes = touchedPaths(await changedPaths(options.git));
      if (changes.length === 0) return fail("Nothing to commit: the worktree has no changes.");
      const refused = changes.filter((path) => isProtected(path, options.protectedPaths));
      if (refused.length)
        return fail(
          `Not committed: ${refused.join(", ")} ${refused.length === 1 ? "is a protected path" : "are protected paths"}. Undo those changes and commit again.`,
        );
      await scrubChangedFiles(options.git, changes, context.passedSecrets ?? []);
      const sha = await commitAll(options.git, withTrailers(args.message, options.trailers));
      if (!sha) return fail("Nothing to commit: the worktree has no changes.");
      const subject = args.message.split("\n")[0]!;
      return ok(`Committed ${sha.slice(0, 12)} (${plural(changes.length, "file")}): ${subject}`, { sha });
    },
  };
}
