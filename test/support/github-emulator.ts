// A GitHub REST API emulator for tests: a Bun.serve server on 127.0.0.1 with in-memory state (and
// one GraphQL query, see github-emulator/graphql.ts).
// The test drives it through helpers (addUser, createIssue ...) and asserts on its state, while the
// code under test, usually a child process, talks to it over HTTP via GITHUB_API_URL.
// Every request it receives and every response it sends is checked against GitHub's OpenAPI
// description, every GraphQL document against GitHub's schema (see `violations`).
// Routes live in github-emulator/routes-*.ts, keyed by the operations in openapi/operations.ts.
import { STATUS_CODES } from "node:http";
import { ApiError, errorBody, type Handler, type RouteResult } from "./github-emulator/http.ts";
import {
  Renderer,
  type RestAssignedEvent,
  type RestIssue,
  type RestIssueComment,
  type RestLabeledEvent,
  type RestReaction,
  type RestUser,
} from "./github-emulator/render.ts";
import { actionsRoutes, ARTIFACT_ZIP_PATH, JOB_LOGS_PATH } from "./github-emulator/routes-actions.ts";
import { answerGraphql } from "./github-emulator/graphql.ts";
import type { AppInput, InstallationTokenRecord } from "./github-emulator/apps.ts";
import { appRoutes, JWT_OPERATIONS } from "./github-emulator/routes-apps.ts";
import { Attachments } from "./github-emulator/attachments.ts";
import { checkRoutes } from "./github-emulator/routes-checks.ts";
import { codeRoutes } from "./github-emulator/routes-code.ts";
import { gitRoutes } from "./github-emulator/routes-git.ts";
import { issueRoutes } from "./github-emulator/routes-issues.ts";
import { pullRoutes } from "./github-emulator/routes-pulls.ts";
import { reactionRoutes } from "./github-emulator/routes-reactions.ts";
import { repoRoutes } from "./github-emulator/routes-repos.ts";
import { reviewRoutes } from "./github-emulator/routes-reviews.ts";
import { rulesRoutes } from "./github-emulator/routes-rules.ts";
import { createRuleSeeds, type RuleSeeds } from "./github-emulator/seed-rules.ts";
import { searchRoutes } from "./github-emulator/routes-search.ts";
import { statusRoutes } from "./github-emulator/routes-statuses.ts";
import { createSeedHelpers, issueFields, type IssueInput, type SeedHelpers } from "./github-emulator/seed.ts";
import {
  EmulatorState,
  type Association,
  type IssueRecord,
  type Permission,
  type ReactionSubject,
} from "./github-emulator/state.ts";
import type { CheckRunRecord } from "./github-emulator/state-checks.ts";
import type { StatusRecord } from "./github-emulator/state-statuses.ts";
import type { Operation } from "./openapi/operations.ts";
import { validateRequest, validateResponse } from "./openapi/validate.ts";

export type { Association, Permission, ReactionSubject } from "./github-emulator/state.ts";
export type {
  RestAssignedEvent,
  RestIssue,
  RestIssueComment,
  RestLabel,
  RestLabeledEvent,
  RestReaction,
  RestUser,
} from "./github-emulator/render.ts";
export type {
  RestDiffEntry,
  RestPullRequest,
  RestReview,
  RestReviewComment,
} from "./github-emulator/render-pulls.ts";
export type { RestWorkflowRun } from "./github-emulator/render-actions.ts";
export type { CheckRunRecord } from "./github-emulator/state-checks.ts";
export type { StatusRecord } from "./github-emulator/state-statuses.ts";
export type {
  CommitRecord,
  DiffFileRecord,
  JobStep,
  PullRequestInput,
  RunStep,
  WorkflowRunInput,
} from "./github-emulator/seed.ts";

export interface EmulatorOptions {
  owner: string;
  repo: string;
  /** The token accepted, as `token <t>` or `Bearer <t>`. */
  token: string;
  /** More tokens accepted as the same repository's (a workflows_token, say). */
  otherTokens?: readonly string[];
  defaultBranch?: string;
  /** The token's identity: author of comments, issues and reactions made through the API. */
  botLogin?: string;
  /** Check every request and response against GitHub's OpenAPI description and GraphQL schema (default true). */
  validate?: boolean;
  /** A bare repository whose branches are the repository's (pull request heads follow pushes to it). */
  origin?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-cased names. */
  headers: Record<string, string>;
  /** Parsed JSON, the raw text if it was not JSON, undefined if empty. */
  body: unknown;
}

export interface Fault {
  method?: string;
  path: RegExp;
  /** Only requests whose raw body matches, e.g. one GraphQL query among several. */
  requestBody?: RegExp;
  status: number;
  /** Default: GitHub's error body with the status text as message. */
  body?: unknown;
  headers?: Record<string, string>;
  /** How many matching requests fail (default 1). */
  times?: number;
}

export interface GitHubEmulator extends SeedHelpers, RuleSeeds {
  /** Base URL of the REST API, for GITHUB_API_URL and Octokit's baseUrl. */
  readonly url: string;
  /** Base of html_url links, for GITHUB_SERVER_URL. */
  readonly serverUrl: string;
  readonly requests: readonly RecordedRequest[];
  /**
   * Requests and responses that broke GitHub's OpenAPI description, GraphQL documents GitHub's schema
   * refuses, and emulator crashes. Should stay empty.
   */
  readonly violations: readonly string[];
  /** Adds or updates a user; `permission` is on this repository (default "none"). */
  addUser(user: { login: string; type?: "User" | "Bot"; permission?: Permission; association?: Association }): RestUser;
  createIssue(issue: IssueInput): RestIssue;
  /** `minimized`: hide it as a moderator would, with GitHub's reason (e.g. "outdated", "spam"); only GraphQL tells. */
  addComment(
    issueNumber: number,
    comment: { body: string; user: string; createdAt?: string; minimized?: string },
  ): RestIssueComment;
  labelIssue(issueNumber: number, label: string, user: string): RestLabeledEvent;
  assignIssue(issueNumber: number, assignee: string, user: string): RestAssignedEvent;
  issue(issueNumber: number): RestIssue;
  comments(issueNumber: number): RestIssueComment[];
  reactions(subject: ReactionSubject): RestReaction[];
  /**
   * Stores an attached file as a private repository's: its URL (for a body's Markdown) answers only
   * the token; `body_html` (media type full+json) carries a signed URL anyone holding it may fetch.
   */
  addAttachment(bytes: Uint8Array): string;
  /** The check runs made through the checks API (gitclaw's review), oldest first. */
  checkRuns(): readonly CheckRunRecord[];
  /** The commit statuses of a commit, newest first. */
  commitStatuses(sha: string): readonly StatusRecord[];
  /** Installs a GitHub App on the repository: its JWT is checked, its installation tokens work until revoked. */
  installApp(app: AppInput): { installationId: number; botLogin: string };
  /** Every installation token minted, revoked ones too. */
  installationTokens(): readonly InstallationTokenRecord[];
  /** Who a token is: the job's (options.token), a live installation token of the App, or unknown. */
  tokenKind(token: string): "job" | "app" | undefined;
  /** Makes the next matching request(s) fail, before authentication and routing. */
  failNext(fault: Fault): void;
  stop(): Promise<void>;
}

// Typed as a full record: an operation listed in operations.ts without a handler fails `tsc`.
const ROUTES: Record<Operation, Handler> = {
  ...repoRoutes,
  ...issueRoutes,
  ...reactionRoutes,
  ...codeRoutes,
  ...pullRoutes,
  ...reviewRoutes,
  ...searchRoutes,
  ...actionsRoutes,
  ...checkRoutes,
  ...statusRoutes,
  ...appRoutes,
  ...rulesRoutes,
  // Last: its routes end in a `{ref}` that spans segments (`heads/main`), and must not shadow `…/{ref}/check-runs`.
  ...gitRoutes,
};

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

const COMPILED: Route[] = Object.entries(ROUTES).map(([operation, handler]) => {
  const [method, template] = operation.split(" ") as [string, string];
  const names: string[] = [];
  const source = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    // A file path spans segments when a client sends its slashes unencoded, as does a closing ref (`heads/main`).
    return name === "path" || (name === "ref" && template.endsWith("{ref}")) ? "(.+)" : "([^/]+)";
  });
  return { method, template, pattern: new RegExp(`^${source}$`), names, handler };
});

function matchRoute(method: string, path: string): { route: Route; params: Map<string, string> } | undefined {
  for (const route of COMPILED) {
    const match = route.method === method ? route.pattern.exec(path) : null;
    if (match)
      return { route, params: new Map(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])) };
  }
  return undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function toResponse({ status, body, headers }: RouteResult): Response {
  if (body === undefined) return new Response(null, { status, headers });
  return Response.json(body, { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

export async function startGitHubEmulator(options: EmulatorOptions): Promise<GitHubEmulator> {
  const state = new EmulatorState({
    owner: options.owner,
    repo: options.repo,
    defaultBranch: options.defaultBranch ?? "main",
    botLogin: options.botLogin ?? "github-actions[bot]",
    origin: options.origin,
  });
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const faults: (Fault & { times: number })[] = [];

  // A blob of GitHub's 100 MiB limit is 134 MiB of base64, past Bun's default cap on a request body.
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    maxRequestBodySize: 256 * 1024 * 1024,
    fetch: (request) => handle(request),
  });
  const url = `http://127.0.0.1:${server.port}`;
  const serverUrl = `${url}/_web`;
  const render = new Renderer(state, url, serverUrl);
  const attachments = new Attachments(url, serverUrl);

  function takeFault(method: string, path: string, body: string): Fault | undefined {
    const index = faults.findIndex(
      (fault) =>
        (!fault.method || fault.method.toUpperCase() === method) &&
        fault.path.test(path) &&
        (!fault.requestBody || fault.requestBody.test(body)),
    );
    const fault = faults[index];
    if (fault && --fault.times <= 0) faults.splice(index, 1);
    return fault;
  }

  const bearer = (header: string | null) => /^(?:token|bearer)\s+(\S+)$/i.exec(header ?? "")?.[1];
  function authorized(header: string | null): boolean {
    const token = bearer(header);
    return (
      token === options.token ||
      (token !== undefined && !!options.otherTokens?.includes(token)) ||
      state.apps.live(token) !== undefined
    );
  }
  const appBot = () => `${state.apps.app?.slug ?? "app"}[bot]`;

  // GitHub matches owner and repo case-insensitively.
  function isOurRepo(params: Map<string, string>): boolean {
    const owner = params.get("owner");
    const repo = params.get("repo");
    return (
      owner === undefined ||
      (owner.toLowerCase() === state.config.owner.toLowerCase() &&
        repo?.toLowerCase() === state.config.repo.toLowerCase())
    );
  }

  // A request GitHub would not accept is a violation, so the test fails naming the operation and
  // the field. The route still answers it: its handler refuses it in GitHub's words.
  function checkRequest(
    method: string,
    matched: NonNullable<ReturnType<typeof matchRoute>>,
    requestUrl: URL,
    body: unknown,
  ): void {
    if (options.validate === false) return;
    const { template } = matched.route;
    const request = { params: Object.fromEntries(matched.params), query: requestUrl.searchParams, body };
    for (const problem of validateRequest(method, template, request))
      violations.push(`${method} ${template} request: ${problem}`);
  }

  function route(
    request: Request,
    requestUrl: URL,
    body: ReturnType<typeof parseJson>,
    matched: ReturnType<typeof matchRoute>,
  ): RouteResult {
    const operation = matched && `${matched.route.method} ${matched.route.template}`;
    const header = request.headers.get("authorization");
    if (!(operation && JWT_OPERATIONS.has(operation)) && !authorized(header))
      return { status: 401, body: errorBody(401, "Bad credentials") };
    if (!matched || !isOurRepo(matched.params)) return { status: 404, body: errorBody(404, "Not Found") };
    if (!body.ok) return { status: 400, body: errorBody(400, "Problems parsing JSON") };
    checkRequest(request.method, matched, requestUrl, body.value);
    const { params } = matched;
    // A request made with an installation token: held to its permissions, and done as the App's bot.
    const installation = state.apps.live(bearer(header));
    const refused = installation && state.apps.refusal(installation, matched.route.method, matched.route.template);
    if (refused) return { status: refused.status, body: errorBody(refused.status, refused.message) };
    const actor = state.config.botLogin;
    if (installation) state.config.botLogin = appBot();
    try {
      return matched.route.handler({
        param: (name) => params.get(name) ?? "",
        query: requestUrl.searchParams,
        header: (name) => request.headers.get(name),
        body: body.value,
        url: requestUrl,
        state,
        render,
        attachments,
      });
    } catch (error) {
      if (error instanceof ApiError)
        return { status: error.status, body: errorBody(error.status, error.message, error.errors) };
      violations.push(
        `${request.method} ${requestUrl.pathname}: emulator error: ${error instanceof Error ? error.stack : String(error)}`,
      );
      return { status: 500, body: errorBody(500, "Internal Server Error") };
    } finally {
      state.config.botLogin = actor;
    }
  }

  async function handle(request: Request): Promise<Response> {
    const requestUrl = new URL(request.url);
    const { method } = request;
    const text = await request.text();
    const body = parseJson(text);
    requests.push({
      method,
      path: requestUrl.pathname,
      query: Object.fromEntries(requestUrl.searchParams),
      headers: Object.fromEntries(request.headers),
      body: body.ok ? body.value : text,
    });

    // Injected faults are deliberately off-spec, so they are neither routed nor validated.
    const fault = takeFault(method, requestUrl.pathname, text);
    if (fault)
      return toResponse({
        status: fault.status,
        body: fault.body ?? errorBody(fault.status, STATUS_CODES[fault.status] ?? "Error"),
        headers: fault.headers,
      });

    // Attachments, their signed URLs and committed files' raw bytes: web pages, outside the REST API.
    const web =
      method === "GET" &&
      attachments.serve(requestUrl, authorized(request.headers.get("authorization")), (sha, path) =>
        state.code.blob(sha, path),
      );
    if (web) return web;

    // Job logs: where the logs endpoint redirects, a plain-text download outside the REST API.
    const logs = JOB_LOGS_PATH.exec(requestUrl.pathname);
    if (method === "GET" && logs) {
      const log = state.actions.job(Number(logs[1]))?.log;
      return log === undefined
        ? new Response("Not Found", { status: 404 })
        : new Response(log, { headers: { "content-type": "text/plain; charset=utf-8" } });
    }

    // Artifact downloads: where the download endpoint redirects, bytes outside the REST API.
    const zip = ARTIFACT_ZIP_PATH.exec(requestUrl.pathname);
    if (method === "GET" && zip) {
      const found = state.actions.artifact(Number(zip[1]));
      return found
        ? new Response(found.artifact.zip, { headers: { "content-type": "application/zip" } })
        : new Response("Not Found", { status: 404 });
    }

    // GraphQL: not a REST operation, so neither routed nor checked against the OpenAPI description.
    if (method === "POST" && requestUrl.pathname === "/graphql") {
      if (!authorized(request.headers.get("authorization")))
        return toResponse({
          status: 401,
          body: { message: "Bad credentials", documentation_url: "https://docs.github.com/graphql" },
        });
      return toResponse(
        body.ok
          ? answerGraphql(body.value, state, violations, options.validate !== false)
          : { status: 400, body: { message: "Problems parsing JSON" } },
      );
    }

    const matched = matchRoute(method, requestUrl.pathname);
    const result = route(request, requestUrl, body, matched);
    if (matched && options.validate !== false) {
      for (const error of validateResponse(method, matched.route.template, result.status, result.body)) {
        violations.push(`${method} ${matched.route.template} ${result.status}: ${error}`);
      }
    }
    return toResponse(result);
  }

  function issueRecord(issueNumber: number): IssueRecord {
    const issue = state.issues.get(issueNumber);
    if (!issue) throw new Error(`github-emulator: no issue #${issueNumber}`);
    return issue;
  }

  return {
    url,
    serverUrl,
    requests,
    violations,
    addUser: (user) => render.user(state.upsertUser(user).login),
    createIssue: (issue) => render.issue(state.createIssue(issueFields(state, issue))),
    addComment: (issueNumber, comment) =>
      render.comment(
        state.addComment(issueRecord(issueNumber), {
          body: comment.body,
          author: state.requireUser(comment.user).login,
          createdAt: comment.createdAt,
          minimizedReason: comment.minimized,
        }),
      ),
    labelIssue: (issueNumber, label, user) =>
      render.labeledEvent(state.labelIssue(issueRecord(issueNumber), label, state.requireUser(user).login)),
    assignIssue: (issueNumber, assignee, user) =>
      render.assignedEvent(state.assignIssue(issueRecord(issueNumber), assignee, state.requireUser(user).login)),
    issue: (issueNumber) => render.issue(issueRecord(issueNumber)),
    comments: (issueNumber) => {
      const issue = issueRecord(issueNumber);
      return [...state.comments.values()]
        .filter((comment) => comment.issueNumber === issue.number)
        .map((comment) => render.comment(comment));
    },
    reactions: (subject) => state.reactionsOn(subject).map((reaction) => render.reaction(reaction)),
    addAttachment: (bytes) => attachments.add(bytes),
    ...createSeedHelpers(state, render),
    ...createRuleSeeds(state, render),
    checkRuns: () => state.checks.runs,
    commitStatuses: (sha) => state.statuses.forCommit(sha),
    installApp: (app) => {
      const installed = state.apps.install(app);
      state.upsertUser({ login: appBot(), type: "Bot" });
      return { installationId: installed.installationId, botLogin: appBot() };
    },
    installationTokens: () => [...state.apps.tokens.values()],
    tokenKind: (token) => (token === options.token ? "job" : state.apps.live(token) ? "app" : undefined),
    failNext: (fault) => {
      faults.push({ ...fault, times: fault.times ?? 1 });
    },
    stop: () => server.stop(true),
  };
}
