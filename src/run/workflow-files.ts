// Workflow files: GitHub takes a pushed change under .github/workflows/ only from a token with the
// `workflows` permission, which the job's token never has, and refuses the whole push otherwise. So
// the agent's workflow changes are kept out of the push and delivered instead, as a patch committed
// under state/patches/ and shown in the reply with the command that applies it. With the input
// workflows_token they are pushed with that token, and delivered as a patch only if that push fails.
// Protected paths are undone before any of this: a change the agent may not make is not delivered.
import { closeSync, constants, mkdirSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import * as workflow from "../actions/log.ts";
import type { Git } from "../git/git.ts";
import { workingTreePatch } from "../git/patch.ts";
import { changedPathsUnder, isProtected, revertChanges, WORKFLOW_PATHS } from "../git/protected.ts";
import type { Change } from "../git/status.ts";
import { fence } from "../text/quote.ts";
import { PATCHES_DIR } from "../session/mapping.ts";
import type { RunContext } from "./types.ts";
import { callout, patchBlock } from "../github/markdown.ts";
import { formatBytes } from "../text/format.ts";

export interface WorkflowChanges {
  /** The workflow files the run changed. */
  paths: string[];
  /** Pushed with workflows_token, or held back and delivered as a patch. */
  pushed: boolean;
  /** When held back: the patch, and its file in the repository. */
  patch?: { file: string; text: string };
  /** When held back but no patch could be made of them (git refused what the working tree holds): why. */
  notSaved?: string;
  /** Why workflows_token could not push them, when it was tried. */
  failure?: string;
}

/** The workflow folders whose changes a run holds back: none with workflows_token, nor where they are protected. */
export function heldBackFolders(protectedPaths: readonly string[], withWorkflowsToken: boolean): string[] {
  return withWorkflowsToken ? [] : WORKFLOW_PATHS.filter((path) => !isProtected(path, protectedPaths));
}

/** The workflow files the working tree changed (or `changes` say it did), except the orchestrator's `own` files. */
export const changedWorkflowFiles = (
  git: Git,
  own: readonly string[],
  changes?: readonly Change[],
): Promise<string[]> => changedPathsUnder(git, WORKFLOW_PATHS, own, changes);

/**
 * Takes the changes to `paths` out of the working tree and writes them, redacted, as a patch to
 * state/patches/<issue>-<HEAD>.patch, which the caller commits with the rest.
 */
export async function holdBack(run: RunContext, git: Git, paths: string[], failure?: string): Promise<WorkflowChanges> {
  const made = await workingTreePatch(git, paths).then(
    (patch) => ({ text: run.redact(patch) }),
    (error: Error) => ({ notSaved: run.redact(error.message) }),
  );
  // Out of the working tree either way: the rest of the run's work is committed without them.
  await revertChanges(git, paths);
  if ("notSaved" in made) {
    workflow.error(
      `gitclaw: the changes to ${paths.join(", ")} are not pushed, nor saved as a patch: ${made.notSaved}`,
    );
    return { paths, pushed: false, notSaved: made.notSaved, ...(failure ? { failure: pushFailure(failure) } : {}) };
  }
  const { text } = made;
  const head = await git.must(["rev-parse", "--short=12", "HEAD"]);
  const file = `${PATCHES_DIR}/${run.trigger.issueNumber}-${head}.patch`;
  mkdirSync(join(git.cwd, PATCHES_DIR), { recursive: true });
  writeNoFollow(join(git.cwd, file), text);
  workflow.warning(`gitclaw: the changes to ${paths.join(", ")} are not pushed; they are delivered as ${file}`);
  return { paths, pushed: false, patch: { file, text }, ...(failure ? { failure: pushFailure(failure) } : {}) };
}

/** A failed push in one line, as the remote said it: the command and git's own closing lines left out. */
export function pushFailure(message: string): string {
  const said = message.includes(" failed: ") ? message.slice(message.indexOf(" failed: ") + 9) : message;
  const lines = said
    .split("\n")
    .map((line) => line.replace(/^remote:\s*/, "").trim())
    .filter((line) => line && !line.startsWith("error: failed to push"));
  return lines.join("; ") || said.trim();
}

/** Writes `path`, refusing to follow a symbolic link committed in its place. */
function writeNoFollow(path: string, text: string): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/**
 * The reply's note: pushed, or why not and how to apply the patch, with the patch itself collapsed.
 * `blob` links a file of the commit holding the patch; without it the patch was not committed.
 */
export function describeWorkflowChanges(
  changes: WorkflowChanges | undefined,
  where: { branch: string; blob?: (path: string) => string },
): string {
  if (!changes) return "";
  const files = changes.paths.map((path) => `\`${path}\``).join(", ");
  if (changes.pushed) return callout("NOTE", `The changes to ${files} were pushed with \`workflows_token\`.`);
  if (!changes.patch)
    return callout(
      "CAUTION",
      `The changes to ${files} were not pushed, and could not be saved as a patch either (${changes.notSaved}): they are lost.`,
    );
  const { file, text } = changes.patch;
  const why = changes.failure
    ? `\`workflows_token\` could not push them (${changes.failure})`
    : "the workflow's token cannot push workflow files (GitHub wants the `workflows` permission for them; " +
      "the input `workflows_token` can carry it)";
  const how = where.blob
    ? `They are committed as [a patch](${where.blob(file)}); to apply it, in a checkout of \`${where.branch}\` ` +
      "that has this run's commit:"
    : `The patch could not be committed; save it from below as \`${file}\` and apply it:`;
  const command = fence(`git apply ${file}`, "sh");
  const note = callout("NOTE", [`The changes to ${files} were not pushed: ${why}.`, how, "", command].join("\n"));
  const size = formatBytes(Buffer.byteLength(text));
  const link = where.blob ? `: [${file}](${where.blob(file)})` : "";
  const shown = patchBlock(text, `The patch (${file}, ${size})`, `The patch is ${size}, too long to show here${link}.`);
  return `${note}\n\n${shown}`;
}
