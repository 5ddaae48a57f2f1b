// The comment form of an approval: `/approve <sha>`, naming the head it approves (a full sha or an
// abbreviated one of at least 7 digits), so an approval written before a push never carries over to
// what was pushed after it. Read in the comment's own prose only (block quotes and code blanked by
// the caller, src/text/quoted.ts): a quoted or shown `/approve` is nobody's approval.

/** The command in a text; the sha is lower-cased. */
const COMMAND = /(?:^|\s)\/approve[ \t]+([0-9a-f]{7,40})(?![0-9a-z])/gim;

/** A line that is nothing but the command (or blank): a comment of only these asks the agent for nothing. */
const COMMAND_LINE = /^[ \t]*(?:\/approve[ \t]+[0-9a-f]{7,40}[ \t]*)?$/i;

/** Whether a text names the command at all: the cheap test before the Markdown is read. */
export const mentionsApprove = (text: string): boolean => /(?:^|\s)\/approve\b/i.test(text);

/** The shas a text approves with the command. */
export function approvedShas(prose: string): string[] {
  return [...prose.matchAll(COMMAND)].map((match) => match[1]!.toLowerCase());
}

/** Whether `sha` (as written) names the commit `head`. */
export const namesCommit = (sha: string, head: string): boolean => head.toLowerCase().startsWith(sha.toLowerCase());

/** Whether a text holds the command and nothing else: an approval, not a request to the agent. */
export function onlyApproves(text: string): boolean {
  return approvedShas(text).length > 0 && text.split("\n").every((line) => COMMAND_LINE.test(line));
}
