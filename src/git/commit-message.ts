// The messages of the commits gitclaw makes: what the run was about, the run that made it, and a
// co-author trailer for the person who asked, so the commit shows up on their profile too.

export interface CommitPlan {
  issueNumber: number;
  title: string;
  runUrl: string;
  coAuthor?: { login: string; id: number };
}

export function commitMessage(plan: CommitPlan): string {
  const title = plan.title.replace(/\s+/g, " ").trim().slice(0, 60);
  return withTrailers(`gitclaw: issue #${plan.issueNumber}${title ? ` — ${title}` : ""}`, plan);
}

/** A bot commit's message: the run that made it and, when a person asked for it, their co-author trailer. */
export function withTrailers(message: string, plan: { runUrl?: string; coAuthor?: CommitPlan["coAuthor"] }): string {
  const lines = [message.trim()];
  if (plan.runUrl) lines.push("", `Run: ${plan.runUrl}`);
  if (plan.coAuthor)
    lines.push(
      "",
      `Co-authored-by: ${plan.coAuthor.login} <${plan.coAuthor.id}+${plan.coAuthor.login}@users.noreply.github.com>`,
    );
  return lines.join("\n");
}
