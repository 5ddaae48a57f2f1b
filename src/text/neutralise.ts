// Text gitclaw writes into its own commit messages, pull request titles and bodies may quote people
// (an outsider's issue title above all). By GitHub's rules such text acts: `fix #1` in a commit on the
// default branch or in a pull request's body closes issue #1, `[skip ci]` in a pushed commit skips its
// workflows, an @mention notifies. One neutraliser for every such outlet keeps the words readable and
// takes the action out of them:
// - a closing keyword (close/closes/closed, fix/fixes/fixed, resolve/resolves/resolved, any case, an
//   optional colon) before `#n`, `owner/repo#n` or an issue or pull request URL: the reference loses
//   its `#` or its scheme (`fix issue 1`), unless it is `#<allowed>`, the run's own;
// - skip directives (`[skip ci]`, `[ci skip]`, `[no ci]`, `[skip actions]`, `[actions skip]`, and a
//   `skip-checks: true` trailer): brackets become parentheses, the trailer's colon a dash;
// - mentions (`@login`, `@org/team`): the at sign becomes a full-width one (＠), which mentions nobody.

const KEYWORD = String.raw`\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\b`;
const REFERENCE = String.raw`(?:#(\d+)\b|([\w.-]+\/[\w.-]+)#(\d+)\b|(https?):\/\/([^\s]+?\/(?:issues|pull)\/\d+)\b)`;
const CLOSING = new RegExp(`(${KEYWORD})(\\s*:?\\s*)${REFERENCE}`, "gi");
const SKIP = /\[(\s*(?:skip[\s-]+ci|ci[\s-]+skip|no[\s-]+ci|skip[\s-]+actions|actions[\s-]+skip)\s*)\]/gi;
const SKIP_CHECKS = /\b(skip-checks)(\s*):(\s*true)\b/gi;
const MENTION = /(?<![\w@`])@([A-Za-z0-9][A-Za-z0-9-]*(?:\/[A-Za-z0-9][\w.-]*)?)/g;

export interface NeutraliseOptions {
  /** The issue or pull request the run works on: `fixes #<allowed>` keeps its meaning. */
  allowedIssue?: number;
}

/** `text` with closing keywords for other issues, skip directives and mentions made inert. */
export function neutralise(text: string, { allowedIssue }: NeutraliseOptions = {}): string {
  return text
    .replace(CLOSING, (whole, keyword: string, gap: string, ...refs: (string | undefined)[]) => {
      const [own, repo, number, , url] = refs;
      if (own !== undefined) return Number(own) === allowedIssue ? whole : `${keyword}${gap}issue ${own}`;
      if (repo !== undefined) return `${keyword}${gap}${repo} issue ${number}`;
      return `${keyword}${gap}${url}`;
    })
    .replace(SKIP, "($1)")
    .replace(SKIP_CHECKS, "$1$2-$3")
    .replace(MENTION, "＠$1");
}
