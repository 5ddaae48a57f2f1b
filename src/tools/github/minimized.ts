// Which comments of an issue or pull request are minimized (hidden on github.com as spam, outdated,
// off-topic…): REST does not say, GraphQL does. issue_view and pr_view leave those comments out and
// count them: issue comments through one paged connection, review comments (spread over reviews and
// threads in GraphQL) by the node ids of each REST page. Asking is never fatal: when GraphQL fails
// (not permitted, unreachable) the view shows every comment and says why.
import { z } from "zod";
import { requestOptions, type OpContext } from "./context.ts";
import { isHttpError } from "./errors.ts";
import type { RepoRef } from "./validate.ts";
import { plural } from "../../text/format.ts";

const PAGE = 100;
/** Past this many comments the rest count as not minimized: each page is one more request. */
const MAX_PAGES = 10;

const COMMENTS = `comments(first: ${PAGE}, after: $after) { nodes { id isMinimized minimizedReason } pageInfo { hasNextPage endCursor } }`;

// Issue comments of issues and pull requests alike; `id` is the REST `node_id`.
export const MINIMIZED_QUERY = `query gitclawMinimizedComments($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    issueOrPullRequest(number: $number) {
      ... on Issue { ${COMMENTS} }
      ... on PullRequest { ${COMMENTS} }
    }
  }
}`;

// Review comments by id; `id` is the REST `node_id`. Ids GraphQL cannot resolve come back null.
export const MINIMIZED_NODES_QUERY = `query gitclawMinimizedNodes($ids: [ID!]!) {
  nodes(ids: $ids) { ... on PullRequestReviewComment { id isMinimized minimizedReason } }
}`;

const Node = z.object({ id: z.string(), isMinimized: z.boolean(), minimizedReason: z.string().nullable() });
const NodesResponse = z.object({ nodes: z.array(Node.partial().nullable()) });

const Response = z.object({
  repository: z
    .object({
      issueOrPullRequest: z
        .object({
          comments: z.object({
            nodes: z.array(Node.nullable()),
            pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
          }),
        })
        .nullable(),
    })
    .nullable(),
});

/** Minimized comments by node id, with GitHub's reason (e.g. "outdated"); or why they are unknown. */
export type Minimized = { hidden: Map<string, string> } | { error: string };

export async function minimizedComments(context: OpContext, repo: RepoRef, number: number): Promise<Minimized> {
  const hidden = new Map<string, string>();
  let after: string | null = null;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const raw: unknown = await context.github.graphql(MINIMIZED_QUERY, {
        owner: repo.owner,
        name: repo.repo,
        number,
        after,
        ...requestOptions(context),
      });
      const comments = Response.parse(raw).repository?.issueOrPullRequest?.comments;
      if (!comments) return { error: `GraphQL found no issue or pull request #${number}` };
      for (const node of comments.nodes) if (node) note(hidden, node);
      if (!comments.pageInfo.hasNextPage || !comments.pageInfo.endCursor) break;
      after = comments.pageInfo.endCursor;
    }
  } catch (error) {
    return { error: describe(error) };
  }
  return { hidden };
}

/** Which of these review comments (REST `node_id`s, one page of at most 100) are minimized. */
export async function minimizedReviewComments(context: OpContext, ids: string[]): Promise<Minimized> {
  const hidden = new Map<string, string>();
  if (ids.length === 0) return { hidden };
  try {
    const raw: unknown = await context.github.graphql(MINIMIZED_NODES_QUERY, { ids, ...requestOptions(context) });
    for (const node of NodesResponse.parse(raw).nodes) if (node) note(hidden, node);
  } catch (error) {
    return { error: describe(error) };
  }
  return { hidden };
}

/** Records a node if it is minimized; a node of another type has no fields at all. */
function note(hidden: Map<string, string>, node: Partial<z.infer<typeof Node>>): void {
  if (node.id !== undefined && node.isMinimized)
    hidden.set(node.id, node.minimizedReason?.toLowerCase() ?? "minimized");
}

function describe(error: unknown): string {
  if (error instanceof z.ZodError) return "GraphQL answered in an unexpected shape";
  if (isHttpError(error)) {
    const message = (error.response?.data as { message?: unknown } | undefined)?.message;
    return `GraphQL request failed (${error.status}): ${typeof message === "string" ? message : error.message}`;
  }
  // GraphqlResponseError: "Request failed due to following response errors:" then " - <message>" per error.
  const lines = String((error as Error).message ?? error)
    .split("\n")
    .map((line) => line.replace(/^\s*-\s*/, "").trim())
    .filter(Boolean);
  return `GraphQL: ${lines.length > 1 ? lines.slice(1).join("; ") : (lines[0] ?? "unknown error")}`;
}

/** The line saying what the view left out, or why it could not; undefined when there is nothing to say. */
export function minimizedNote(minimized: Minimized, kind = "comment"): string | undefined {
  if ("error" in minimized) return `(could not check for minimized ${kind}s, so all are shown: ${minimized.error})`;
  const count = minimized.hidden.size;
  if (count === 0) return undefined;
  const reasons = [...new Set(minimized.hidden.values())].sort().join(", ");
  return `(${plural(count, `minimized ${kind}`)} hidden: ${reasons})`;
}
