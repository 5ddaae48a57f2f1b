// The github tool's arguments: one flat schema for every op (the model is shown a compact form,
// help.ts), and what a call says about the repository it is for. Ops import this, never the tool.
import { z } from "zod";
import { OPS } from "./policy.ts";
import { parseRepo, present, type RepoRef } from "./validate.ts";

const id = z.union([z.number(), z.string()]);
const side = z.enum(["LEFT", "RIGHT"]);

/** One inline comment of pr_review, in GitHub's own field names (help.ts describes them). */
export const InlineComment = z.strictObject({
  path: z.string(),
  line: z.int().positive(),
  side: side.optional(),
  start_line: z.int().positive().optional(),
  start_side: side.optional(),
  body: z.string().optional(),
  suggestion: z.string().optional(),
});
export type InlineComment = z.infer<typeof InlineComment>;

// Validation only: the model is shown GITHUB_MODEL_SCHEMA and the argument list of help.ts.
// Loose: arguments no op takes stay visible, so the op can name them (help.ts, unexpectedArgs).
export const githubParameters = z.looseObject({
  op: z.enum([...OPS, "help"]),
  about: z.enum(OPS).optional(),
  repo: z.string().optional(),
  issue: id.optional(),
  pr: z.union([id, z.array(id)]).optional(),
  branch: z.string().optional(),
  path: z.string().optional(),
  ref: z.string().optional(),
  comments: z.boolean().optional(),
  all: z.boolean().optional(),
  force: z.boolean().optional(),
  forceWithLease: z.boolean().optional(),
  message: z.string().optional(),
  title: z.string().optional(),
  body: z.string().optional(),
  base: z.string().optional(),
  head: z.string().optional(),
  draft: z.boolean().optional(),
  fill: z.boolean().optional(),
  reviewer: z.array(z.string()).optional(),
  assignee: z.array(z.string()).optional(),
  label: z.array(z.string()).optional(),
  query: z.string().optional(),
  since: z.string().optional(),
  until: z.string().optional(),
  dateField: z.enum(["created", "updated"]).optional(),
  limit: z.number().optional(),
  run: id.optional(),
  tail: z.number().optional(),
  // APPROVE is accepted here only so that pr_review can refuse it with its reason.
  event: z.enum(["COMMENT", "REQUEST_CHANGES", "APPROVE"]).optional(),
  inline: z.array(InlineComment).optional(),
});
export type GitHubArgs = z.infer<typeof githubParameters>;

/** The repository a call names with `repo`, if any (else the op's default applies). */
export function explicitRepo(args: GitHubArgs): RepoRef | undefined {
  const repo = present(args.repo);
  return repo ? parseRepo(repo) : undefined;
}
