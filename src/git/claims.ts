// Who a commit the agent made may name. A tool command sets any author and committer it likes
// (`git commit --author='The Owner <…>'`, `GIT_COMMITTER_NAME=github-actions[bot]`) and writes any
// trailer (`Signed-off-by: The Owner <…>`, `Co-authored-by: …`), and GitHub shows each as that person's
// work. A commit gitclaw pushes names only gitclaw and the person who asked: anyone else the agent
// named stays in the message, as a trailer that says it is the agent's claim (`Agent-claimed-author:`,
// `Agent-claimed-signed-off-by:` …), which GitHub attributes to nobody.
import { BOT_IDENTITY, type Identity } from "./git.ts";

export interface CommitFacts {
  author: Identity;
  committer: Identity;
  message: string;
}

export interface OwnedCommit {
  /** The author the commit keeps: the agent's when it is one of `people`, else gitclaw. */
  author: Identity;
  message: string;
  /** Whether anything differs from the commit as the agent made it (its committer included). */
  changed: boolean;
}

/**
 * A `<Word>-by:` trailer line (Signed-off-by, Co-authored-by, Reviewed-by …), with its value; a claim
 * already kept as the agent's (`Agent-claimed-…-by:`) is not one, so taking commits again changes nothing.
 */
const PERSON_TRAILER = /^[ \t]*(?!agent-claimed-)([A-Za-z][A-Za-z-]*-by)[ \t]*:[ \t]*(.*?)[ \t]*$/i;

const asText = (who: Identity) => `${who.name} <${who.email}>`;

/** The requester's identity as the Co-authored-by trailer gitclaw writes names it. */
export function trailerIdentity(trailer: string | undefined): Identity | undefined {
  const match = trailer && /^Co-authored-by: (.+) <([^<>]+)>$/.exec(trailer);
  return match ? { name: match[1]!, email: match[2]! } : undefined;
}

/**
 * The commit as gitclaw may push it: `people` (gitclaw and the requester) are the only ones it may
 * name as author, committer or in a `-by:` trailer; the rest are moved into claim trailers. The
 * committer of a copy is always gitclaw.
 */
export function ownedCommit(facts: CommitFacts, people: readonly Identity[]): OwnedCommit {
  const known = new Set([BOT_IDENTITY, ...people].map((who) => asText(who).toLowerCase()));
  const isKnown = (text: string) => known.has(text.trim().toLowerCase());
  const claims: string[] = [];
  const authorKnown = isKnown(asText(facts.author));
  if (!authorKnown) claims.push(`Agent-claimed-author: ${asText(facts.author)}`);
  if (!isKnown(asText(facts.committer))) claims.push(`Agent-claimed-committer: ${asText(facts.committer)}`);
  let rewritten = 0;
  const lines = facts.message.split("\n").map((line) => {
    const trailer = PERSON_TRAILER.exec(line);
    if (!trailer || isKnown(trailer[2]!)) return line;
    rewritten++;
    return `Agent-claimed-${trailer[1]!.toLowerCase()}: ${trailer[2]}`;
  });
  const body = lines.join("\n").replace(/\s+$/, "");
  const gap = !body ? "" : hasTrailerBlock(body) ? "\n" : "\n\n";
  return {
    author: authorKnown ? facts.author : BOT_IDENTITY,
    message: claims.length ? `${body}${gap}${claims.join("\n")}\n` : lines.join("\n"),
    changed: claims.length > 0 || rewritten > 0,
  };
}

/** Whether the message's last paragraph is trailers already (claims then join it). */
function hasTrailerBlock(message: string): boolean {
  const last = message.split(/\n\s*\n/).at(-1) ?? "";
  return message.includes("\n\n") && last.split("\n").every((line) => /^[A-Za-z][\w-]*:\s/.test(line));
}
