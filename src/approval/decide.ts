// Whether a pull request's head has the approvals `approvals.required` asks for: the decision alone,
// from what GitHub says (src/approval/approval.ts gathers it). An approval counts when it is of the
// current head (an APPROVED review whose commit_id is the head, or `/approve <sha>` naming it) by a
// person with write access who did not ask for the work. Bots, deleted accounts and gitclaw never count.
import type { Account, PullCommit, SubmittedReview } from "../github/approval-api.ts";
import { isBot } from "../gate/trust.ts";
import { plural } from "../text/format.ts";
import { approvedShas, namesCommit } from "./command.ts";

/** The commit status's context: the name a branch rule requires. */
export const APPROVAL_CONTEXT = "gitclaw/approval";
/** GitHub refuses a longer status description. */
const DESCRIPTION_LIMIT = 140;

export interface ApprovalComment {
  author?: Account;
  /** The comment's own prose: block quotes and code blanked (src/text/quoted.ts). */
  prose: string;
  /** Written by gitclaw (its reply marker): never an approval, whatever it quotes. */
  fromGitclaw: boolean;
}

export interface ApprovalDecision {
  state: "pending" | "success";
  description: string;
  /** Who approved the head and counts, in the order they approved. */
  approvers: string[];
}

/** The review states that decide: a later one of these replaces a person's earlier one. */
const DECIDING = ["APPROVED", "CHANGES_REQUESTED", "DISMISSED"];
const key = (login: string) => login.toLowerCase();

/** The logins a commit message credits with `Co-authored-by:` (GitHub's noreply address names the login). */
export function coAuthors(message: string): string[] {
  const found: string[] = [];
  for (const [, name, email] of message.matchAll(/^Co-authored-by:[ \t]*(.*?)[ \t]*<([^>\n]*)>[ \t]*$/gim)) {
    const login = /^\d+\+([^@]+)@users\.noreply\.github\.com$/i.exec(email!)?.[1];
    found.push(login ?? name!);
  }
  return found.filter(Boolean);
}

/**
 * Who asked for the work or wrote it, lower-cased: the author of the issue the pull request is for,
 * the pull request's author, the person each of gitclaw's commits credits as having asked, and the
 * people git's authors and committers are linked to. Only ever more people: a forged trailer can
 * stop someone's approval from counting, never make someone's count.
 */
export function requesters(input: { issueAuthor?: Account; pullAuthor?: string; commits: PullCommit[] }): Set<string> {
  const logins = [
    input.issueAuthor?.login,
    input.pullAuthor,
    ...input.commits.flatMap((commit) => [commit.author?.login, commit.committer?.login, ...coAuthors(commit.message)]),
  ];
  return new Set(logins.filter((login): login is string => !!login && login !== "ghost").map(key));
}

/**
 * The people who approved `head`, in order, before their permission is known: by review (each
 * person's latest deciding review on the head: a later request for changes or a dismissal takes the
 * approval back) or by `/approve <sha>`. Without deleted accounts, bots and `requesters`.
 */
export function approvalClaims(
  head: string,
  reviews: SubmittedReview[],
  comments: ApprovalComment[],
  excluded: ReadonlySet<string>,
): string[] {
  const latest = new Map<string, SubmittedReview>();
  for (const review of reviews)
    if (review.author && review.commitId === head && DECIDING.includes(review.state))
      latest.set(key(review.author.login), review);
  const approvers = [
    ...[...latest.values()].flatMap((review) => (review.state === "APPROVED" ? [review.author!] : [])),
    ...comments
      .filter((comment) => !comment.fromGitclaw && approvedShas(comment.prose).some((sha) => namesCommit(sha, head)))
      .flatMap((comment) => (comment.author ? [comment.author] : [])),
  ];
  const claimed = new Map<string, string>();
  for (const account of approvers)
    if (!isBot(account) && !excluded.has(key(account.login))) claimed.set(key(account.login), account.login);
  return [...claimed.values()];
}

/** The status for `head`: success once `required` of the claims come from people who may approve. */
export function decideApproval(
  head: string,
  required: number,
  claims: string[],
  mayApprove: (login: string) => boolean,
): ApprovalDecision {
  const approvers = claims.filter(mayApprove);
  const names = approvers.map((login) => `@${login}`).join(", ");
  if (approvers.length >= required)
    return { state: "success", description: withinLimit(`Approved by ${names}`), approvers };
  const short = head.slice(0, 7);
  const description = approvers.length
    ? `${approvers.length} of ${required} approvals of ${short}: ${names}`
    : `Needs ${plural(required, "approval")} of ${short} by someone with write access who did not ask for it`;
  return { state: "pending", description: withinLimit(description), approvers };
}

const withinLimit = (text: string) =>
  text.length <= DESCRIPTION_LIMIT ? text : `${text.slice(0, DESCRIPTION_LIMIT - 1)}…`;
