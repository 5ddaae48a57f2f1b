// The pull request a run is about, as it is when the run starts: which commit to work from (the head
// the event saw; a push since is noticed), whether its head is a fork's, and whether it is gitclaw's
// own branch for an issue, whose conversation it then continues. The marker in a pull request's body
// is only a claim (anyone who can edit the body can write it): the branch decides, since only people
// with write access, and gitclaw, create branches in the repository.
import type { PullRequestWork } from "./types.ts";
import { issueOfHead } from "../git/branch-names.ts";
import type { Trigger } from "../actions/event.ts";
import type { GitHubApi } from "../github/api.ts";
import type { Repo } from "../github/operations.ts";
import { getPullRequest } from "../github/pulls.ts";
import { ActionableError } from "../errors.ts";

/** A pull request the run cannot work on, said as what to do instead. */
export class PullRequestError extends ActionableError {
  override name = "PullRequestError";
}

export async function resolvePullRequest(api: GitHubApi, repo: Repo, trigger: Trigger): Promise<PullRequestWork> {
  const number = trigger.pullRequest!.number;
  const pr = await getPullRequest(api, repo, number);
  if (!pr.open)
    throw new PullRequestError(
      `#${number} is closed; gitclaw works on open pull requests. Open an issue for follow-up work.`,
    );
  if (pr.head.repo === undefined)
    throw new PullRequestError(`the repository #${number} comes from was deleted, so its head cannot be fetched.`);
  const startSha = trigger.ci?.headSha ?? trigger.pullRequest!.head?.sha ?? pr.head.sha;
  const repository = `${repo.owner}/${repo.repo}`;
  const own = issueOfHead(pr.head, repository);
  return {
    ...pr,
    startSha,
    ...(pr.head.sha !== startSha ? { movedTo: pr.head.sha } : {}),
    fork: pr.head.repo.toLowerCase() !== repository.toLowerCase(),
    ...(own !== undefined ? { forIssue: own } : {}),
  };
}
