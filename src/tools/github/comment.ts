// The comment op: one comment on an issue or pull request. The agent's reply to the issue it works
// on is still posted by the pipeline; this is for talking on other threads (e.g. a PR it opened).
import type { OpContext, PlannedCall } from "./context.ts";
import { requestOptions } from "./context.ts";
import { explicitRepo, type GitHubArgs } from "./args.ts";
import { parseIssueIdentifier, repoName } from "./validate.ts";
import { ValidationError } from "../../errors.ts";
import { COMMENT_LIMIT } from "../../github/markdown.ts";

export function planComment(args: GitHubArgs, context: OpContext): PlannedCall {
  const subject = args.issue ?? (Array.isArray(args.pr) ? undefined : args.pr);
  if (subject === undefined)
    throw new ValidationError("comment needs issue (or pr): the number or URL of the thread to comment on");
  if (args.issue !== undefined && args.pr !== undefined)
    throw new ValidationError("comment takes issue or pr, not both");
  const body = args.body?.trim();
  if (!body) throw new ValidationError("comment needs a non-empty body");
  if ([...body].length > COMMENT_LIMIT)
    throw new ValidationError(`comment body is ${[...body].length} characters; GitHub allows ${COMMENT_LIMIT}`);
  const explicit = explicitRepo(args);
  const id = parseIssueIdentifier(subject, context.host, explicit);
  const repo = id.repo ?? explicit ?? context.thisRepo;
  return {
    target: repo,
    narrow: "the confirmation is unusually long",
    async run(out) {
      // Whatever the model writes goes public: known secrets are removed first.
      const { data } = await context.github.rest.issues.createComment({
        ...repo,
        issue_number: id.number,
        body: context.tool.redact(body),
        ...requestOptions(context),
      });
      out.line(`# Commented on ${repoName(repo)}#${id.number}`);
      out.line(`- ${data.html_url}`);
      return { repo: repoName(repo), number: id.number, commentId: data.id, url: data.html_url };
    },
  };
}
