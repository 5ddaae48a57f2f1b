// Whether a pull request is gitclaw's own, as its body's marker claims (src/github/marker.ts): there
// every comment continues an issue's conversation and starts a run without the handle. Anyone who
// can edit a body, or open a pull request from a fork, can write the marker, so it is believed only
// when GitHub says the head is this repository's gitclaw/issue-<n> for the issue it names: only
// people with write access, and gitclaw, make branches here. The marker stays the cheap pre-check
// (the workflow's prefilter reads it): without it, no request is made.
import type { Trigger } from "../actions/event.ts";
import type { GitHubApi } from "../github/api.ts";
import type { Repo } from "../github/operations.ts";
import { getPullRequest } from "../github/pulls.ts";
import { issueOfHead } from "../git/branch-names.ts";

export interface CheckedClaim {
  /** The trigger, without the claim when it is not believed. */
  trigger: Trigger;
  /** Why the claim is not believed, for the refusal's reason. */
  disbelieved?: string;
}

export async function checkClaim(trigger: Trigger, api: GitHubApi, repo: Repo): Promise<CheckedClaim> {
  const pull = trigger.pullRequest;
  const claimed = pull?.claimsIssue;
  if (pull === undefined || claimed === undefined) return { trigger };
  const claim = `#${pull.number} claims to be gitclaw's pull request for #${claimed}`;
  let head: { repo: string | undefined; ref: string };
  try {
    // A review event's payload is GitHub's own account of the head; an issue comment's has none.
    head = pull.head
      ? { repo: pull.head.repo, ref: pull.head.ref }
      : (await getPullRequest(api, repo, pull.number)).head;
  } catch (error) {
    return disbelieve(trigger, `${claim}, and its head could not be checked (${(error as Error).message})`);
  }
  if (issueOfHead(head, `${repo.owner}/${repo.repo}`) === claimed) return { trigger };
  return disbelieve(trigger, `${claim}, but its head is ${head.repo ?? "a deleted repository"}:${head.ref}`);
}

function disbelieve(trigger: Trigger, why: string): CheckedClaim {
  return {
    trigger: { ...trigger, pullRequest: { ...trigger.pullRequest!, claimsIssue: undefined } },
    disbelieved: why,
  };
}
