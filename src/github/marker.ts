// The hidden marker every comment gitclaw writes ends with: posted with a PAT or an App token its
// comments start workflows like a person's, and the marker is how gitclaw knows its own.
export const REPLY_MARKER = "<!-- gitclaw:reply -->";

/** A comment body as gitclaw posts it: ending with the marker, added once. */
export const withReplyMarker = (body: string): string =>
  body.includes(REPLY_MARKER) ? body : `${body}\n${REPLY_MARKER}`;

/**
 * The marker of a run's progress comment, naming the run by its link: should the run die between
 * creating the comment and recording its id, the cleanup step finds the comment by it.
 */
export const progressMarker = (runUrl: string): string => `<!-- gitclaw:progress ${runUrl} -->`;

/**
 * The marker in the body of a pull request gitclaw opened for an issue (delivery "pull-request"):
 * the guard reads it from the payload to treat the pull request as that issue's conversation. A
 * claim only: anyone who can edit the body, or open a pull request from a fork, can write it, so the
 * guard and the agent stage believe it only when the API says the head is the repository's own
 * branch `gitclaw/issue-<n>` (src/gate/claim.ts, src/run/pull-request.ts).
 */
export const pullRequestMarker = (issueNumber: number): string => `<!-- gitclaw:pull-request issue=${issueNumber} -->`;

/** The issue a pull request's body claims it was opened for, by the marker above. */
export function markedIssue(body: string): number | undefined {
  const found = /<!-- gitclaw:pull-request issue=(\d+) -->/.exec(body)?.[1];
  return found ? Number(found) : undefined;
}
