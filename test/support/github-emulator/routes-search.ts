// Search over the emulator's one repository. A small subset of GitHub's query language: free-text
// terms (all must match, case-insensitively), `repo:`/`org:`/`user:`/`owner:` scoping, `is:`/`type:`/
// `state:`, `author:`, `label:`, `path:`/`filename:`/`extension:` and date ranges (`created:`,
// `updated:`, `pushed:`, `committer-date:`, `author-date:`). Unknown qualifiers are ignored.
import { validationFailed, type RouteContext, type RouteResult, type RouteTable } from "./http.ts";
import { renderCodeSearchItem, renderCommitSearchItem, renderIssueSearchItem } from "./render-code.ts";

interface Qualifier {
  key: string;
  value: string;
  negated: boolean;
}

interface ParsedQuery {
  terms: string[];
  qualifiers: Qualifier[];
}

export function parseSearchQuery(q: string): ParsedQuery {
  const terms: string[] = [];
  const qualifiers: Qualifier[] = [];
  for (const match of q.matchAll(/(-?)([\w-]+):("[^"]*"|\S+)|"([^"]*)"|(\S+)/g)) {
    if (match[2] !== undefined)
      qualifiers.push({
        key: match[2].toLowerCase(),
        value: match[3]!.replace(/^"|"$/g, ""),
        negated: match[1] === "-",
      });
    else terms.push((match[4] ?? match[5]!).toLowerCase());
  }
  return { terms, qualifiers };
}

/** `>=a`, `<=b`, `>a`, `<b`, `a..b` (either side may be `*`) or a single day. */
export function dateMatches(range: string, iso: string): boolean {
  const time = Date.parse(iso);
  const start = (value: string) => Date.parse(value);
  // A bare date as an upper bound includes that whole day.
  const end = (value: string) => Date.parse(value) + (/^\d{4}-\d{2}-\d{2}$/.test(value) ? 86_400_000 - 1 : 0);
  const between = /^(.+)\.\.(.+)$/.exec(range);
  if (between)
    return (between[1] === "*" || time >= start(between[1]!)) && (between[2] === "*" || time <= end(between[2]!));
  const compare = /^(>=|<=|>|<)(.+)$/.exec(range);
  if (!compare) return time >= start(range) && time <= end(range);
  const value = compare[2]!;
  switch (compare[1]) {
    case ">=":
      return time >= start(value);
    case "<=":
      return time <= end(value);
    case ">":
      return time > end(value);
    default:
      return time < start(value);
  }
}

function results(items: unknown[], url: URL, extra: Record<string, unknown> = {}): RouteResult {
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page")) || 30));
  const pageNumber = Math.max(1, Number(url.searchParams.get("page")) || 1);
  return {
    status: 200,
    body: {
      total_count: items.length,
      incomplete_results: false,
      items: items.slice((pageNumber - 1) * perPage, pageNumber * perPage),
      ...extra,
    },
  };
}

function query(context: RouteContext): ParsedQuery {
  const q = context.query.get("q");
  if (!q?.trim()) throw validationFailed({ resource: "Search", field: "q", code: "missing" });
  return parseSearchQuery(q);
}

/** Whether the query's scoping qualifiers include this repository. */
function inScope(context: RouteContext, parsed: ParsedQuery): boolean {
  const { owner, repo } = context.state.config;
  return parsed.qualifiers.every(({ key, value, negated }) => {
    const lower = value.toLowerCase();
    let match: boolean;
    if (key === "repo") match = lower === `${owner}/${repo}`.toLowerCase();
    else if (key === "org" || key === "user" || key === "owner") match = lower === owner.toLowerCase();
    else return true;
    return match !== negated;
  });
}

const containsAll = (text: string, terms: string[]) => terms.every((term) => text.toLowerCase().includes(term));

export const searchRoutes = {
  "GET /search/issues": (context) => {
    const parsed = query(context);
    const kinds = parsed.qualifiers.filter(
      ({ key, value }) => (key === "is" || key === "type") && /^(issue|pr|pull-request)$/.test(value),
    );
    if (kinds.length === 0)
      throw validationFailed({
        resource: "Search",
        field: "q",
        code: "invalid",
        message: "Query must include 'is:issue' or 'is:pull-request'",
      });
    const issues = inScope(context, parsed) ? [...context.state.issues.values()] : [];
    const matched = issues.filter((issue) => {
      const state = issue.pull?.state ?? "open";
      const checks = parsed.qualifiers.map(({ key, value, negated }) => {
        let match = true;
        if ((key === "is" || key === "type") && /^(issue|pr|pull-request)$/.test(value))
          match = (value === "issue") === !issue.pull;
        else if ((key === "is" || key === "state") && (value === "open" || value === "closed")) match = state === value;
        else if (key === "is" && value === "merged") match = Boolean(issue.pull?.mergedAt);
        else if (key === "author") match = issue.author.toLowerCase() === value.toLowerCase();
        else if (key === "label") match = issue.labels.some((label) => label.toLowerCase() === value.toLowerCase());
        else if (key === "created") match = dateMatches(value, issue.createdAt);
        else if (key === "updated") match = dateMatches(value, issue.updatedAt);
        return match !== negated;
      });
      return checks.every(Boolean) && containsAll(`${issue.title}\n${issue.body ?? ""}`, parsed.terms);
    });
    return results(
      matched.reverse().map((issue) => renderIssueSearchItem(context.render, issue)),
      context.url,
      { search_type: "lexical" },
    );
  },

  "GET /search/code": (context) => {
    const parsed = query(context);
    if (parsed.terms.length === 0)
      throw validationFailed({
        resource: "Search",
        field: "q",
        code: "invalid",
        message: "Code search needs at least one search term",
      });
    const textMatch = (context.header("accept") ?? "").includes("text-match");
    const ref = context.state.config.defaultBranch;
    const files = inScope(context, parsed) ? [...(context.state.code.files.get(ref) ?? new Map<string, string>())] : [];
    const items = files
      .filter(
        ([path, content]) =>
          parsed.qualifiers.every(({ key, value, negated }) => {
            let match = true;
            if (key === "path") match = path.includes(value.replace(/^\/+/, ""));
            else if (key === "filename") match = path.split("/").at(-1) === value;
            else if (key === "extension") match = path.endsWith(`.${value}`);
            return match !== negated;
          }) && containsAll(content, parsed.terms),
      )
      .map(([path, content]) => {
        const line = content
          .split("\n")
          .find((candidate) => parsed.terms.some((term) => candidate.toLowerCase().includes(term)));
        return renderCodeSearchItem(context.render, path, ref, textMatch ? line : undefined);
      });
    return results(items, context.url);
  },

  "GET /search/commits": (context) => {
    const parsed = query(context);
    const commits = inScope(context, parsed) ? context.state.code.commits : [];
    const items = commits
      .filter(
        (commit) =>
          parsed.qualifiers.every(({ key, value, negated }) => {
            let match = true;
            if (key === "author") match = commit.authorLogin?.toLowerCase() === value.toLowerCase();
            else if (key === "committer-date" || key === "author-date") match = dateMatches(value, commit.date);
            else if (key === "hash") match = commit.sha.startsWith(value);
            return match !== negated;
          }) && containsAll(commit.message, parsed.terms),
      )
      .reverse()
      .map((commit) => renderCommitSearchItem(context.render, context.state, commit));
    return results(items, context.url);
  },

  "GET /search/repositories": (context) => {
    const parsed = query(context);
    const repository = context.render.repository();
    const matches =
      inScope(context, parsed) &&
      parsed.qualifiers.every(({ key, value, negated }) => {
        let match = true;
        if (key === "created") match = dateMatches(value, repository.created_at);
        else if (key === "pushed") match = dateMatches(value, repository.pushed_at);
        return match !== negated;
      }) &&
      containsAll(`${repository.full_name}\n${repository.description ?? ""}`, parsed.terms);
    return results(matches ? [{ ...repository, score: 1 }] : [], context.url);
  },
} satisfies RouteTable;
