// The messages of the commits gitclaw makes: what the run was about, the run that made it, and a
// co-author trailer for the person who asked, so the commit shows up on their profile too. The title
// is people's text (an outsider's issue title), the message of a sub-agent's or pr_push's commit the
// model's: neutralised, neither closes an issue, skips a check or mentions anyone.
import { neutralise } from "../text/neutralise.ts";

export interface CommitPlan {
  issueNumber: number;
  /** What issueNumber names (default an issue). */
  kind?: "issue" | "pull request";
  title: string;
  runUrl: string;
  coAuthor?: { login: string; id: number };
  /** More trailer lines, e.g. `Gitclaw-CI-Fix: …` (src/run/ci.ts). */
  trailers?: string[];
}

export function commitMessage(plan: CommitPlan): string {
  // Neutralised whole (a reference cut short is not found), and once cut (cutting can make one: `#1a` → `#1`).
  const title = neutralise(neutralise(plan.title.replace(/\s+/g, " ").trim()).slice(0, 60));
  return withTrailers(`gitclaw: ${plan.kind ?? "issue"} #${plan.issueNumber}${title ? ` — ${title}` : ""}`, plan);
}

/**
 * A bot commit's message, neutralised: the run that made it and, when a person asked for it, their
 * co-author trailer, with any other trailers in the same last paragraph (where git reads trailers).
 */
export function withTrailers(
  message: string,
  plan: { runUrl?: string; coAuthor?: CommitPlan["coAuthor"]; trailers?: string[] },
): string {
  const lines = [neutralise(message.trim())];
  if (plan.runUrl) lines.push("", `Run: ${plan.runUrl}`);
  const { coAuthor } = plan;
  const trailers = [...(plan.trailers ?? []), ...(coAuthor ? [coAuthorTrailer(coAuthor)] : [])];
  if (trailers.length) lines.push("", ...trailers);
  return lines.join("\n");
}

/** The trailer crediting the person who asked. */
export const coAuthorTrailer = (coAuthor: NonNullable<CommitPlan["coAuthor"]>): string =>
  `Co-authored-by: ${coAuthor.login} <${coAuthor.id}+${coAuthor.login}@users.noreply.github.com>`;

/** Whether a paragraph is all trailers (`Key: value` lines), where git reads them. */
const isTrailerBlock = (paragraph: string) => paragraph.split("\n").every((line) => /^[A-Za-z0-9-]+: \S/.test(line));

/**
 * `message` with `trailers` added where git reads trailers: to its last paragraph when that holds
 * trailers already, else as a new one. A trailer the message already has is not repeated.
 */
export function addTrailers(message: string, trailers: readonly string[]): string {
  const body = message.replace(/\s+$/, "");
  const has = new Set(body.split("\n").map((line) => line.trim().toLowerCase()));
  const fresh = [...new Set(trailers)].filter((trailer) => !has.has(trailer.toLowerCase()));
  if (fresh.length === 0) return message;
  const paragraphs = body.split(/\n{2,}/);
  const joiner = paragraphs.length > 1 && isTrailerBlock(paragraphs.at(-1)!) ? "\n" : "\n\n";
  return `${body}${joiner}${fresh.join("\n")}\n`;
}
