// The search ops: compose GitHub's `q` from the query, a date qualifier, the repository scope and
// the issue/PR kind, then render one bullet per result.
import type { OpContext, PlannedCall } from "./context.ts";
import { requestOptions } from "./context.ts";
import type { Op } from "./policy.ts";
import type { BoundedText } from "./output.ts";
import { explicitRepo, type GitHubArgs } from "./args.ts";
import { boundedCount, present, repoName, resolveDateBound, type RepoRef } from "./validate.ts";
import { ValidationError } from "../../errors.ts";
import { loginOf } from "../../github/ghost.ts";

export type SearchOp = Extract<Op, `search_${string}`>;

const SEARCH_LIMIT_DEFAULT = 10;
const SEARCH_LIMIT_MAX = 50;

/** A query that names its own scope gets no `repo:` added. */
const SCOPED = /(?:^|\s)-?(?:repo|org|user|owner):\S/i;

export interface SearchQueryInput {
  op: SearchOp;
  query?: string;
  since?: string;
  until?: string;
  dateField?: "created" | "updated";
  /** Explicit `repo` argument. */
  repo?: RepoRef;
  thisRepo: RepoRef;
  now: number;
}

/** Which repository a search is limited to; undefined when it searches all of GitHub. */
export function searchScope(input: Pick<SearchQueryInput, "op" | "query" | "repo" | "thisRepo">): RepoRef | undefined {
  if (input.op === "search_repos") return undefined;
  if (input.repo) return input.repo;
  return SCOPED.test(input.query ?? "") ? undefined : input.thisRepo;
}

function dateQualifier(input: SearchQueryInput): string | undefined {
  const since = present(input.since);
  const until = present(input.until);
  if (!since && !until) return undefined;
  if (input.op === "search_code")
    throw new ValidationError("search_code does not take since/until: GitHub code search has no date qualifier.");
  const field =
    input.op === "search_commits"
      ? "committer-date"
      : input.op === "search_repos" && input.dateField === "updated"
        ? "pushed"
        : (input.dateField ?? "created");
  const from = since && resolveDateBound(since, input.now);
  const to = until && resolveDateBound(until, input.now);
  if (from && to) return `${field}:${from}..${to}`;
  return from ? `${field}:>=${from}` : `${field}:<=${to}`;
}

/** GitHub's `q`: query, date qualifier, `repo:` scope, then `is:issue`/`is:pr`. */
export function composeSearchQuery(input: SearchQueryInput): string {
  const query = present(input.query);
  if (input.op === "search_code" && !query) throw new ValidationError("query is required for search_code");
  const parts = [query, dateQualifier(input)].filter(Boolean);
  if (parts.length === 0) throw new ValidationError("query is required (or pass since/until to filter by date)");
  const scope = searchScope(input);
  if (scope) parts.push(`repo:${repoName(scope)}`);
  if (input.op === "search_issues") parts.push("is:issue");
  if (input.op === "search_prs") parts.push("is:pr");
  return parts.join(" ");
}

const firstLine = (text: string | null | undefined) =>
  text
    ?.split("\n")
    .find((line) => line.trim())
    ?.trim() ?? "";
const repoFromUrl = (url: string) => /\/repos\/([^/]+\/[^/]+)$/.exec(url)?.[1] ?? url;

/** One search as it runs: where it asks, with what parameters, and where the result goes. */
interface Search {
  github: OpContext["github"];
  params: { q: string; per_page: number } & ReturnType<typeof requestOptions>;
  out: BoundedText;
}

/** How many results GitHub counted, and how many it returned. */
interface SearchCounts {
  total: number;
  shown: number;
}

export function planSearch(op: SearchOp, args: GitHubArgs, context: OpContext): PlannedCall {
  const limit = boundedCount(args.limit, "limit", SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX);
  const input: SearchQueryInput = {
    op,
    query: args.query,
    since: args.since,
    until: args.until,
    dateField: args.dateField,
    repo: explicitRepo(args),
    thisRepo: context.thisRepo,
    now: context.now(),
  };
  const q = composeSearchQuery(input);
  const params = { q, per_page: limit, ...requestOptions(context) };
  return {
    target: searchScope(input),
    narrow: "lower limit or make the query more specific",
    async run(out) {
      const search: Search = { github: context.github, params, out };
      return { query: q, ...(await runSearch(op, search)) };
    },
  };
}

function runSearch(op: SearchOp, search: Search): Promise<SearchCounts> {
  switch (op) {
    case "search_issues":
    case "search_prs":
      return searchIssues(search, op);
    case "search_code":
      return searchCode(search);
    case "search_commits":
      return searchCommits(search);
    case "search_repos":
      return searchRepos(search);
  }
}

/** The results under their heading, one item each until `writeItem` says the output is full. */
function writeResults<Item>(
  search: Search,
  title: string,
  data: { total_count: number; items: Item[] },
  writeItem: (item: Item) => boolean,
): SearchCounts {
  const counts = { total: data.total_count, shown: data.items.length };
  search.out.line(`# GitHub ${title} search`);
  search.out.line(`Query: \`${search.params.q}\``);
  search.out.line(`${counts.total} results${counts.total > counts.shown ? ` (showing ${counts.shown})` : ""}`);
  for (const item of data.items) if (!writeItem(item)) break;
  return counts;
}

async function searchIssues(search: Search, op: "search_issues" | "search_prs"): Promise<SearchCounts> {
  const { out } = search;
  const { data } = await search.github.rest.search.issuesAndPullRequests(search.params);
  return writeResults(search, op === "search_issues" ? "issues" : "pull requests", data, (item) => {
    const state = item.pull_request?.merged_at ? "merged" : item.state;
    const labels = item.labels.map((label) => label.name).filter(Boolean);
    out.line(`- #${item.number} ${item.title}`);
    out.line(
      `  ${[repoFromUrl(item.repository_url), state, `@${loginOf(item.user)}`, labels.length ? `labels: ${labels.join(", ")}` : "", `created ${item.created_at}`, `updated ${item.updated_at}`].filter(Boolean).join(" · ")}`,
    );
    return out.line(`  ${item.html_url}`);
  });
}

async function searchCode(search: Search): Promise<SearchCounts> {
  const { out } = search;
  const { data } = await search.github.rest.search.code({
    ...search.params,
    headers: { accept: "application/vnd.github.text-match+json" },
  });
  return writeResults(search, "code", data, (item) => {
    out.line(`- ${item.path} — ${item.repository.full_name} @ ${item.sha.slice(0, 7)} — ${item.html_url}`);
    const fragment = firstLine(item.text_matches?.[0]?.fragment);
    if (fragment && !out.line(`  > ${fragment.replace(/\s+/g, " ").slice(0, 200)}`)) return false;
    return !out.full;
  });
}

async function searchCommits(search: Search): Promise<SearchCounts> {
  const { out } = search;
  const { data } = await search.github.rest.search.commits(search.params);
  return writeResults(search, "commits", data, (item) => {
    const author = item.author?.login ? `@${item.author.login}` : item.commit.author.name;
    out.line(`- ${item.sha.slice(0, 7)} ${firstLine(item.commit.message)}`);
    const date = item.commit.committer?.date ?? item.commit.author.date;
    return out.line(`  ${[item.repository.full_name, author, date, item.html_url].join(" · ")}`);
  });
}

async function searchRepos(search: Search): Promise<SearchCounts> {
  const { out } = search;
  const { data } = await search.github.rest.search.repos(search.params);
  return writeResults(search, "repositories", data, (item) => {
    out.line(`- ${item.full_name}${item.description ? ` — ${firstLine(item.description)}` : ""}`);
    const flags = [item.archived ? "archived" : "", item.fork ? "fork" : ""].filter(Boolean);
    const facts = [
      item.language ?? "",
      `★ ${item.stargazers_count}`,
      `forks ${item.forks_count}`,
      `open issues ${item.open_issues_count}`,
      item.visibility ?? (item.private ? "private" : "public"),
      ...flags,
      `updated ${item.updated_at}`,
      item.html_url,
    ];
    return out.line(`  ${facts.filter(Boolean).join(" · ")}`);
  });
}
