// The search ops: compose GitHub's `q` from the query, a date qualifier, the repository scope and
// the issue/PR kind, then render one bullet per result.
import type { OpContext, PlannedCall } from "./context.ts";
import { requestOptions } from "./context.ts";
import type { Op } from "./policy.ts";
import { explicitRepo, type GitHubArgs } from "./args.ts";
import { boundedCount, present, repoName, resolveDateBound, type RepoRef } from "./validate.ts";
import { ValidationError } from "./failure.ts";

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
  const scope = searchScope(input);
  const { github } = context;
  const params = { q, per_page: limit, ...requestOptions(context) };
  return {
    target: scope,
    narrow: "lower limit or make the query more specific",
    async run(out) {
      const intro = (title: string, total: number, shown: number) => {
        out.line(`# GitHub ${title} search`);
        out.line(`Query: \`${q}\``);
        out.line(`${total} results${total > shown ? ` (showing ${shown})` : ""}`);
      };
      if (op === "search_issues" || op === "search_prs") {
        const { data } = await github.rest.search.issuesAndPullRequests(params);
        intro(op === "search_issues" ? "issues" : "pull requests", data.total_count, data.items.length);
        for (const item of data.items) {
          const state = item.pull_request?.merged_at ? "merged" : item.state;
          const labels = item.labels.map((label) => label.name).filter(Boolean);
          out.line(`- #${item.number} ${item.title}`);
          out.line(
            `  ${[repoFromUrl(item.repository_url), state, `@${item.user?.login ?? "ghost"}`, labels.length ? `labels: ${labels.join(", ")}` : "", `created ${item.created_at}`, `updated ${item.updated_at}`].filter(Boolean).join(" · ")}`,
          );
          if (!out.line(`  ${item.html_url}`)) break;
        }
        return { query: q, total: data.total_count, shown: data.items.length };
      }
      if (op === "search_code") {
        const { data } = await github.rest.search.code({
          ...params,
          headers: { accept: "application/vnd.github.text-match+json" },
        });
        intro("code", data.total_count, data.items.length);
        for (const item of data.items) {
          out.line(`- ${item.path} — ${item.repository.full_name} @ ${item.sha.slice(0, 7)} — ${item.html_url}`);
          const fragment = firstLine(item.text_matches?.[0]?.fragment);
          if (fragment && !out.line(`  > ${fragment.replace(/\s+/g, " ").slice(0, 200)}`)) break;
          if (out.full) break;
        }
        return { query: q, total: data.total_count, shown: data.items.length };
      }
      if (op === "search_commits") {
        const { data } = await github.rest.search.commits(params);
        intro("commits", data.total_count, data.items.length);
        for (const item of data.items) {
          const author = item.author?.login ? `@${item.author.login}` : item.commit.author.name;
          out.line(`- ${item.sha.slice(0, 7)} ${firstLine(item.commit.message)}`);
          if (
            !out.line(
              `  ${[item.repository.full_name, author, item.commit.committer?.date ?? item.commit.author.date, item.html_url].join(" · ")}`,
            )
          )
            break;
        }
        return { query: q, total: data.total_count, shown: data.items.length };
      }
      const { data } = await github.rest.search.repos(params);
      intro("repositories", data.total_count, data.items.length);
      for (const item of data.items) {
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
        if (!out.line(`  ${facts.filter(Boolean).join(" · ")}`)) break;
      }
      return { query: q, total: data.total_count, shown: data.items.length };
    },
  };
}
