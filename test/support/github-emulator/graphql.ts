// A minimal GraphQL endpoint (POST /graphql): it answers the two queries the github tool sends, which
// comments of an issue or pull request are minimized and which review comments (by node id) are,
// from the in-memory comments; and what the agent stage sends on pull requests: their review threads,
// resolving one, and marking a draft ready for review. Any other query gets a GraphQL error and is
// recorded as a violation, so a new query needs a handler here first. Every document is first
// checked against GitHub's schema: one GitHub would refuse is refused with its messages, and recorded;
// so is an answer of the stand-in's that breaks the schema.
import { validateGraphql, validateGraphqlResponse } from "../openapi/validate-graphql.ts";
import { field, type RouteResult } from "./http.ts";
import { nodeId } from "./render.ts";
import type { EmulatorState } from "./state.ts";
import { threadRoot } from "./state-pulls.ts";

const CONNECTION = String.raw`comments\(first: (\d+), after: \$after\) \{ nodes \{ id isMinimized minimizedReason \} pageInfo \{ hasNextPage endCursor \} \}`;
// The query with its whitespace collapsed: issue comments of an issue or a pull request, one page.
const SHAPE = new RegExp(
  String.raw`^query \w+\(\$owner: String!, \$name: String!, \$number: Int!, \$after: String\) \{ repository\(owner: \$owner, name: \$name\) \{ issueOrPullRequest\(number: \$number\) \{ \.\.\. on Issue \{ ${CONNECTION} \} \.\.\. on PullRequest \{ ${CONNECTION} \} \} \} \}$`,
);

// Review comments by node id: `nodes(ids:)` with a PullRequestReviewComment fragment.
const NODES_SHAPE =
  /^query \w+\(\$ids: \[ID!\]!\) \{ nodes\(ids: \$ids\) \{ \.\.\. on PullRequestReviewComment \{ id isMinimized minimizedReason \} \} \}$/;

const cursor = (index: number) => btoa(`cursor:${index}`);
function fromCursor(value: unknown): number {
  if (value === undefined || value === null) return 0;
  try {
    return Number(/^cursor:(\d+)$/.exec(atob(String(value)))?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN; // not base64
  }
}

const graphqlError = (message: string, extra: Record<string, unknown> = {}) => ({
  message,
  locations: [{ line: 1, column: 1 }],
  ...extra,
});

// A pull request's review threads, a page of 100, each with its first comment's database id (a BigInt,
// so a string).
const THREADS_SHAPE =
  /^query \w+\(\$owner: String!, \$name: String!, \$number: Int!, \$after: String\) \{ repository\(owner: \$owner, name: \$name\) \{ pullRequest\(number: \$number\) \{ reviewThreads\(first: 100, after: \$after\) \{ nodes \{ id isResolved resolvedBy \{ login \} comments\(first: 1\) \{ nodes \{ fullDatabaseId \} \} \} pageInfo \{ hasNextPage endCursor \} \} \} \} \}$/;
const RESOLVE_SHAPE =
  /^mutation \w+\(\$id: ID!\) \{ resolveReviewThread\(input: \{ ?threadId: \$id ?\}\) \{ thread \{ isResolved \} \} \}$/;
const READY_SHAPE =
  /^mutation \w+\(\$id: ID!\) \{ markPullRequestReadyForReview\(input: \{ ?pullRequestId: \$id ?\}\) \{ pullRequest \{ isDraft \} \} \}$/;

const operationName = (query: unknown) =>
  /^\s*(?:query|mutation)\s+(\w+)/.exec(String(query))?.[1] ?? "anonymous operation";

/**
 * Checks the document against GitHub's schema first (GitHub answers an invalid one with 200 and
 * only `errors`), then the stand-in's own answer; what breaks the schema is a violation.
 */
export function answerGraphql(body: unknown, state: EmulatorState, violations: string[], check = true): RouteResult {
  if (!check) return answerDocument(body, state, violations);
  const [query, variables] = [field(body, "query"), field(body, "variables")];
  const problems = validateGraphql(query, variables, field(body, "operationName"));
  for (const problem of problems) violations.push(`POST /graphql ${operationName(query)}: ${problem}`);
  if (problems.length) return { status: 200, body: { errors: problems.map((problem) => graphqlError(problem)) } };
  const answer = answerDocument(body, state, violations);
  for (const problem of validateGraphqlResponse(String(query), variables, answer.body))
    violations.push(`POST /graphql ${operationName(query)} answer: ${problem}`);
  return answer;
}

function answerDocument(body: unknown, state: EmulatorState, violations: string[]): RouteResult {
  const query = field(body, "query");
  const variables = (field(body, "variables") ?? {}) as Record<string, unknown>;
  const collapsed = typeof query === "string" ? query.replace(/\s+/g, " ").trim() : "";
  if (NODES_SHAPE.test(collapsed)) return answerNodes(variables.ids, state);
  if (THREADS_SHAPE.test(collapsed)) return answerThreads(variables, state);
  if (RESOLVE_SHAPE.test(collapsed)) return resolveThread(String(variables.id), state);
  if (READY_SHAPE.test(collapsed)) return markReady(String(variables.id), state);
  const shape = SHAPE.exec(collapsed);
  if (!shape) {
    violations.push(`POST /graphql: the emulator does not know this query: ${String(query).slice(0, 200)}`);
    return { status: 200, body: { errors: [graphqlError("emulator: unsupported query")] } };
  }
  const { owner, name, number } = { owner: variables.owner, name: variables.name, number: variables.number };
  const ours =
    String(owner).toLowerCase() === state.config.owner.toLowerCase() &&
    String(name).toLowerCase() === state.config.repo.toLowerCase();
  if (!ours) {
    const message = `Could not resolve to a Repository with the name '${String(owner)}/${String(name)}'.`;
    return {
      status: 200,
      body: {
        data: { repository: null },
        errors: [graphqlError(message, { type: "NOT_FOUND", path: ["repository"] })],
      },
    };
  }
  const issue = typeof number === "number" ? state.issues.get(number) : undefined;
  if (!issue) {
    const message = `Could not resolve to an issue or pull request with the number of ${String(number)}.`;
    return {
      status: 200,
      body: {
        data: { repository: { issueOrPullRequest: null } },
        errors: [graphqlError(message, { type: "NOT_FOUND", path: ["repository", "issueOrPullRequest"] })],
      },
    };
  }
  const start = fromCursor(variables.after);
  const first = Number(shape[issue.pull ? 2 : 1]);
  if (!Number.isInteger(start) || first < 1 || first > 100)
    return { status: 200, body: { errors: [graphqlError("invalid cursor or page size")] } };
  const comments = [...state.comments.values()].filter((comment) => comment.issueNumber === issue.number);
  const page = comments.slice(start, start + first);
  const end = start + page.length;
  const nodes = page.map((comment) => ({
    id: nodeId("IssueComment", comment.id),
    isMinimized: comment.minimizedReason !== undefined,
    minimizedReason: comment.minimizedReason ?? null,
  }));
  const connection = {
    nodes,
    pageInfo: { hasNextPage: end < comments.length, endCursor: page.length ? cursor(end) : null },
  };
  return { status: 200, body: { data: { repository: { issueOrPullRequest: { comments: connection } } } } };
}

/** `nodes(ids:)`: each id's review comment, or null with a NOT_FOUND error as GitHub answers. */
function answerNodes(ids: unknown, state: EmulatorState): RouteResult {
  if (!Array.isArray(ids) || ids.length > 100)
    return { status: 200, body: { errors: [graphqlError("ids must be a list of at most 100 ids")] } };
  const byId = new Map<string, { minimizedReason?: string }>();
  for (const issue of state.issues.values())
    for (const comment of issue.pull?.reviewComments ?? [])
      byId.set(nodeId("PullRequestReviewComment", comment.id), comment);
  const errors: object[] = [];
  const nodes = ids.map((id, index) => {
    const comment = byId.get(String(id));
    if (comment)
      return {
        id: String(id),
        isMinimized: comment.minimizedReason !== undefined,
        minimizedReason: comment.minimizedReason ?? null,
      };
    errors.push(
      graphqlError(`Could not resolve to a node with the global id of '${String(id)}'`, {
        type: "NOT_FOUND",
        path: ["nodes", index],
      }),
    );
    return null;
  });
  return { status: 200, body: errors.length ? { data: { nodes }, errors } : { data: { nodes } } };
}

const notFound = (what: string, id: string, path: string[]) => ({
  status: 200,
  body: {
    data: null,
    errors: [graphqlError(`Could not resolve to a ${what} with the global id of '${id}'`, { type: "NOT_FOUND", path })],
  },
});

function answerThreads(variables: Record<string, unknown>, state: EmulatorState): RouteResult {
  const issue = typeof variables.number === "number" ? state.issues.get(variables.number) : undefined;
  if (!issue?.pull) {
    const message = `Could not resolve to a PullRequest with the number of ${String(variables.number)}.`;
    return { status: 200, body: { data: { repository: { pullRequest: null } }, errors: [graphqlError(message)] } };
  }
  const { pull } = issue;
  const roots = [...new Set(pull.reviewComments.map(threadRoot))];
  const start = fromCursor(variables.after);
  const page = roots.slice(start, start + 100);
  const nodes = page.map((root) => ({
    id: nodeId("PullRequestReviewThread", root),
    isResolved: pull.resolvedThreads.includes(root),
    resolvedBy: pull.resolvedThreads.includes(root)
      ? { login: pull.threadResolvers?.[root] ?? state.config.botLogin }
      : null,
    comments: { nodes: [{ fullDatabaseId: String(root) }] },
  }));
  const end = start + page.length;
  const pageInfo = { hasNextPage: end < roots.length, endCursor: page.length ? cursor(end) : null };
  return { status: 200, body: { data: { repository: { pullRequest: { reviewThreads: { nodes, pageInfo } } } } } };
}

function resolveThread(id: string, state: EmulatorState): RouteResult {
  for (const issue of state.issues.values()) {
    const root = issue.pull?.reviewComments.map(threadRoot).find((r) => nodeId("PullRequestReviewThread", r) === id);
    if (root === undefined || !issue.pull) continue;
    if (!issue.pull.resolvedThreads.includes(root)) issue.pull.resolvedThreads.push(root);
    return { status: 200, body: { data: { resolveReviewThread: { thread: { isResolved: true } } } } };
  }
  return notFound("PullRequestReviewThread", id, ["resolveReviewThread"]);
}

function markReady(id: string, state: EmulatorState): RouteResult {
  for (const issue of state.issues.values()) {
    if (!issue.pull || nodeId("PullRequest", issue.pull.id) !== id) continue;
    issue.pull.draft = false;
    return { status: 200, body: { data: { markPullRequestReadyForReview: { pullRequest: { isDraft: false } } } } };
  }
  return notFound("PullRequest", id, ["markPullRequestReadyForReview"]);
}
