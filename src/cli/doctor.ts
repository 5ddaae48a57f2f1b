// `gitclaw doctor`: is this repository ready for gitclaw? One PASS / WARN / FAIL / SKIP line per check,
// each problem with its fix; SKIP for a check whose server was out of reach (offline), which names the
// address. Usable locally and as a workflow step (exit code 1 on any FAIL; a SKIP does not fail it).
// Everything it touches (environment, files, HTTP, git, actionlint) is injected, so tests run it
// against the GitHub emulator, the fake model server and a temporary repository.
import { join } from "node:path";
import { isMap, isScalar, parseDocument, type Document, type YAMLMap } from "yaml";
import { loadConfig, type Config } from "../config/config.ts";
import { INPUT_ENV, settingsFromInputs } from "../config/inputs.ts";
import { SENTINEL_FILE, WORKFLOW_FILE } from "../config/paths.ts";
import { classify, decide } from "../tools/github/policy.ts";
import {
  failed,
  pass,
  skipped,
  unreached,
  warn,
  withoutCredentials,
  type CheckResult,
  type CheckStatus,
} from "./checks.ts";
import { rulesChecks } from "./doctor-rules.ts";
import { actionsSettingsChecks, tokenPermissions, type ApiResponse, type Get } from "./doctor-github.ts";
import { idTokenCheck } from "./doctor-cloud.ts";
import { modelChecks, workflowCheck } from "./doctor-model.ts";
import { hooksCheck, instructionsCheck, mcpCheck, skillsCheck, toolEnvCheck } from "./doctor-repository.ts";
import { networkCheck } from "./doctor-network.ts";
import { ciCheck } from "./ci-dispatch.ts";
import { gitclawWorkflows, inputsCheck, type WorkflowText } from "./doctor-workflows.ts";
import { networkNamespaceProbe } from "../egress/namespace.ts";
import {
  findGitclawStep,
  literalInputs,
  passedNames,
  PERMISSION_LEVEL,
  modePermissions,
  REQUIRED_PERMISSIONS,
  TOOL_PERMISSIONS,
  type GitclawStep,
} from "./workflow.ts";
import { plural } from "../text/format.ts";

export type { CheckResult, CheckStatus } from "./checks.ts";

export interface DoctorDeps {
  env: Record<string, string | undefined>;
  /** The repository root. */
  cwd: string;
  readText(path: string): string | undefined;
  fetch: typeof fetch;
  git(args: string[]): Promise<{ exitCode: number; stdout: string }>;
  /** Lints a workflow file; undefined when actionlint is not installed. */
  actionlint(path: string): Promise<{ exitCode: number; output: string } | undefined>;
  bunVersion: string;
  /** The Bun version gitclaw's action.yml sets up (what runs in Actions). */
  actionBunVersion?: string;
  /** The actions gitclaw's action.yml uses itself (oven-sh/setup-bun@…): the repository must allow them too. */
  actionUses?: string[];
  /** The workflow files of the repository, from its root (default: gitclaw's own, .github/workflows/gitclaw.yml). */
  listWorkflows?: () => string[];
  /** Why tool commands' network cannot be confined here (undefined: it can); by default it tries unshare --net. */
  egressProbe?: () => Promise<string | undefined>;
}

/** owner/repo of an origin URL: https://host/o/r(.git), git@host:o/r(.git), ssh://git@host/o/r. */
export function repoFromRemote(url: string): string | undefined {
  return /^(?:https?:\/\/[^/]+\/|ssh:\/\/[^/]+\/|[^@\s]+@[^:\s]+:)([^/\s]+\/[^/\s]+?)(?:\.git)?\/?$/.exec(
    url.trim(),
  )?.[1];
}

/** The permissions the workflow's token gets in gitclaw's job: the job's own block, else the workflow's. */
export function workflowPermissions(text: string): Record<string, string> | undefined {
  const doc = parseDocument(text);
  const job = findGitclawStep(doc)?.job ?? firstJob(doc);
  const node = job?.get("permissions", true) ?? doc.get("permissions", true);
  if (isScalar(node) && (node.value === "write-all" || node.value === "read-all")) {
    const level = node.value === "write-all" ? "write" : "read";
    return Object.fromEntries(
      Object.keys({ ...REQUIRED_PERMISSIONS, ...TOOL_PERMISSIONS }).map((scope) => [scope, level]),
    );
  }
  if (!isMap(node)) return undefined;
  return Object.fromEntries(
    node.items.map(({ key, value }) => [String(key), String(isScalar(value) ? value.value : "")]),
  );
}

function firstJob(doc: Document): YAMLMap | undefined {
  const jobs = doc.get("jobs", true);
  const job = isMap(jobs) ? jobs.items[0]?.value : undefined;
  return isMap(job) ? job : undefined;
}

const lacking = (granted: Record<string, string>, wanted: Readonly<Record<string, string>>) =>
  Object.entries(wanted)
    .filter(([scope, level]) => (PERMISSION_LEVEL[granted[scope] ?? "none"] ?? 0) < PERMISSION_LEVEL[level]!)
    .map(([scope, level]) => `${scope}: ${level}`);

/** The workflow as the doctor sees it: its text, its document and gitclaw's step in it. */
interface WorkflowView {
  text?: string;
  doc?: Document;
  step?: GitclawStep;
}

function readWorkflow(deps: DoctorDeps): WorkflowView {
  const text = deps.readText(join(deps.cwd, WORKFLOW_FILE));
  if (text === undefined) return {};
  const doc = parseDocument(text);
  return { text, doc, step: doc.errors.length === 0 ? findGitclawStep(doc) : undefined };
}

/** What the workflow gives the CI check: the job's permissions and the gitclaw step's inputs. */
function ciSetUp(workflow: WorkflowView): { permissions?: Record<string, string>; inputs: string[] } {
  const permissions = workflow.text === undefined ? undefined : workflowPermissions(workflow.text);
  return {
    ...(permissions ? { permissions } : {}),
    inputs: workflow.step ? passedNames(workflow.step.step, "with") : [],
  };
}

function apiGetter(deps: DoctorDeps, apiUrl: string, token: string | undefined): Get {
  return async (path) => {
    try {
      const response = await deps.fetch(`${apiUrl}${path}`, {
        headers: {
          accept: "application/vnd.github+json",
          "user-agent": "gitclaw-doctor",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      let data: unknown = text;
      try {
        data = JSON.parse(text);
      } catch {
        // Proxies and outages answer with HTML; it is reported by status.
      }
      return { status: response.status, data };
    } catch (error) {
      return (error as Error).message;
    }
  };
}

export async function runDoctor(deps: DoctorDeps): Promise<CheckResult[]> {
  const workflow = readWorkflow(deps);
  const { config, result: configResult } = configuration(deps, workflow);
  const results: CheckResult[] = [bunCheck(deps)];
  const github = await githubChecks(deps, workflow, config, results);
  results.push(
    deps.readText(join(deps.cwd, SENTINEL_FILE)) !== undefined
      ? pass("Sentinel", `${SENTINEL_FILE} is present`)
      : failed(
          "Sentinel",
          `${SENTINEL_FILE} is missing, so gitclaw is switched off`,
          `add ${SENTINEL_FILE} at the repository root to switch it on`,
        ),
  );
  results.push(configResult);
  if (config) results.push(...(await modelChecks(config, modelEnv(deps, workflow), deps.fetch)));
  results.push(workflowCheck(workflow.doc, workflow.step, config));
  if (config) results.push(...idTokenCheck(workflow.doc, workflow.step, config));
  const workflows = gitclawWorkflows(workflowTexts(deps));
  const inputs = inputsCheck(workflows);
  if (inputs) results.push(inputs);
  const linted = new Set([...(workflow.text !== undefined ? [WORKFLOW_FILE] : []), ...workflows.map((w) => w.path)]);
  if (linted.size > 0) results.push(await actionlintCheck(deps, [...linted]));
  if (config) results.push(await branchCheck(deps, config.git.branch ?? github.defaultBranch));
  if (config) results.push(await instructionsCheck({ run: deps.git }, config, github.defaultBranch));
  const skills = config && (await skillsCheck({ run: deps.git }, github.defaultBranch));
  if (skills) results.push(skills);
  const hooks = config && (await hooksCheck({ run: deps.git }, github.defaultBranch));
  if (hooks) results.push(hooks);
  const mcp = config && (await mcpCheck({ run: deps.git }, config, github.defaultBranch, deps.cwd));
  if (mcp) results.push(mcp);
  const toolEnv = config && toolEnvCheck(config, deps.env, workflow);
  if (toolEnv) results.push(toolEnv);
  const ci = config && ciCheck(deps.readText, deps.cwd, config, ciSetUp(workflow));
  if (ci) results.push(ci);
  if (config) {
    const probe = deps.egressProbe ?? networkNamespaceProbe;
    results.push(await networkCheck(config, deps.cwd, probe, deps.env.GITHUB_ACTIONS === "true"));
  }
  return results;
}

function bunCheck(deps: DoctorDeps): CheckResult {
  const pinned = deps.actionBunVersion;
  if (!pinned || pinned === deps.bunVersion)
    return pass("Bun", `${deps.bunVersion}${pinned ? " (as gitclaw's action runs it)" : ""}`);
  return warn(
    "Bun",
    `${deps.bunVersion} here, gitclaw's action runs ${pinned}`,
    `install the same version: npm install -g bun@${pinned}`,
  );
}

/**
 * What a run would see: the inputs written into the workflow's gitclaw step (model, base_url …),
 * under the variables action.yml passes them as, overridden by this environment where it sets them.
 */
function modelEnv(deps: DoctorDeps, workflow: WorkflowView): Record<string, string | undefined> {
  const literal = workflow.step ? literalInputs(workflow.step.step) : {};
  const fromWorkflow = Object.entries(literal).flatMap(([input, value]) =>
    INPUT_ENV[input] ? [[INPUT_ENV[input], value]] : [],
  );
  const set = Object.entries(deps.env).filter(([, value]) => value?.trim());
  return { ...Object.fromEntries(fromWorkflow), ...Object.fromEntries(set) };
}

function configuration(deps: DoctorDeps, workflow: WorkflowView): { config?: Config; result: CheckResult } {
  try {
    const config = loadConfig(deps.cwd, settingsFromInputs(modelEnv(deps, workflow)).settings);
    return { config, result: pass("Configuration", "valid") };
  } catch (error) {
    const fix = "correct .github/gitclaw.json or the workflow's inputs as the message says";
    return { result: failed("Configuration", (error as Error).message, fix) };
  }
}

async function githubChecks(
  deps: DoctorDeps,
  workflow: WorkflowView,
  config: Config | undefined,
  results: CheckResult[],
): Promise<{ defaultBranch?: string }> {
  const { env } = deps;
  const apiUrl = (env.GITHUB_API_URL?.trim() || "https://api.github.com").replace(/\/+$/, "");
  const token = env.GITHUB_TOKEN?.trim() || env.GH_TOKEN?.trim();
  results.push(
    token
      ? pass("Token", `${env.GITHUB_TOKEN?.trim() ? "GITHUB_TOKEN" : "GH_TOKEN"} is set`)
      : failed(
          "Token",
          "neither GITHUB_TOKEN nor GH_TOKEN is set",
          "in the workflow step: env: GITHUB_TOKEN: ${{ github.token }}; locally: export GITHUB_TOKEN=$(gh auth token)",
        ),
  );
  const get = apiGetter(deps, apiUrl, token);
  const api = await apiCheck(get, apiUrl);
  results.push(api);
  const origin = await deps.git(["remote", "get-url", "origin"]);
  const repository =
    env.GITHUB_REPOSITORY?.trim() || (origin.exitCode === 0 ? repoFromRemote(origin.stdout) : undefined);
  results.push(
    origin.exitCode === 0
      ? pass("Git remote", `origin is ${withoutCredentials(origin.stdout)}`)
      : failed(
          "Git remote",
          "no remote named origin",
          "gitclaw pushes to origin: git remote add origin <repository URL>",
        ),
  );
  if (!repository) {
    const fix = "set GITHUB_REPOSITORY=owner/name, or add an origin remote on GitHub";
    results.push(failed("Permissions", "cannot tell which repository this is", fix));
    return {};
  }
  if (token && api.status === "SKIP") {
    const fix = "run doctor again where GitHub is reachable";
    results.push(skipped("Permissions", `not checked for ${repository}: ${apiUrl} was not reached`, fix));
    return {};
  }
  if (!token || api.status !== "PASS") {
    const fix = "fix the Token and API checks first";
    results.push(warn("Permissions", `not checked for ${repository}: no working token and API`, fix));
    return {};
  }
  return repositoryChecks(get, repository, deps, workflow, config, results);
}

async function apiCheck(get: Get, apiUrl: string): Promise<CheckResult> {
  const rate = await get("/rate_limit");
  if (typeof rate === "string") {
    const fix =
      "run doctor again where GitHub is reachable; check GITHUB_API_URL (GitHub Enterprise Server: https://<host>/api/v3) and the network";
    return unreached("API", apiUrl, rate, fix);
  }
  if (rate.status === 401) {
    const fix = "the token is wrong, expired or revoked: pass a valid one as GITHUB_TOKEN";
    return failed("API", `${apiUrl} rejects the token (401)`, fix);
  }
  if (rate.status !== 200) {
    const fix = "check GITHUB_API_URL: it must be the REST API root";
    return failed("API", `${apiUrl}/rate_limit answered ${rate.status}`, fix);
  }
  const core = (rate.data as { resources?: { core?: { remaining?: number; limit?: number } } }).resources?.core;
  const left = core ? `, ${core.remaining}/${core.limit} requests left this hour` : "";
  return pass("API", `${apiUrl} reachable${left}`);
}

async function repositoryChecks(
  get: Get,
  repository: string,
  deps: DoctorDeps,
  workflow: WorkflowView,
  config: Config | undefined,
  results: CheckResult[],
): Promise<{ defaultBranch?: string }> {
  const repo = await get(`/repos/${repository}`);
  if (typeof repo === "string" || repo.status !== 200) {
    const status = typeof repo === "string" ? repo : `${repo.status}`;
    const fix = "use a token of this repository (in Actions: ${{ github.token }}); a 404 also means no access";
    results.push(failed("Permissions", `the token cannot see ${repository} (${status})`, fix));
    return {};
  }
  const data = (repo as ApiResponse).data as {
    default_branch?: string;
    permissions?: { push?: boolean; maintain?: boolean; admin?: boolean };
  };
  const granted = workflow.text !== undefined ? workflowPermissions(workflow.text) : undefined;
  // approvals.required: without statuses: write, GitHub refuses the gitclaw/approval status.
  const required = { ...REQUIRED_PERMISSIONS, ...modePermissions([], (config?.approvals.required ?? 0) > 0) };
  const missing = (wanted: "required" | "tool") =>
    lacking(granted ?? {}, wanted === "required" ? required : TOOL_PERMISSIONS);
  results.push(tokenPermissions(repository, data.permissions, granted, missing));
  const pullRequests = config !== undefined && mayOpenPullRequests(config, repository);
  const uses = [...usesOf(workflow), ...(deps.actionUses ?? [])];
  const grants = granted !== undefined && missing("required").length === 0;
  const delivery = config?.delivery === "pull-request";
  results.push(...(await actionsSettingsChecks(get, { repository, grants, pullRequests, delivery, uses })));
  if (config && data.default_branch) results.push(...(await rulesChecks(get, repository, config, data.default_branch)));
  return { defaultBranch: data.default_branch };
}

/** Whether the github tool may open pull requests here (pr_create), so Actions must be allowed to. */
function mayOpenPullRequests(config: Config, repository: string): boolean {
  const [owner = "", repo = ""] = repository.split("/");
  const here = { owner, repo };
  const query = { op: "pr_create", opClass: classify("pr_create", {}), target: here, thisRepo: here } as const;
  return config.tools.enabled.includes("github") && decide(config.tools.github, query).allowed;
}

/** Every `uses:` of the workflow's steps but local ones (`./…`). */
function usesOf(workflow: WorkflowView): string[] {
  const found = new Set<string>();
  for (const match of (workflow.text ?? "").matchAll(/^\s*(?:-\s+)?uses:\s*["']?([^"'\s#]+)/gm))
    if (!match[1]!.startsWith("./")) found.add(match[1]!);
  return [...found];
}

/** The repository's workflow files with their text. */
function workflowTexts(deps: DoctorDeps): WorkflowText[] {
  const paths = deps.listWorkflows?.() ?? [WORKFLOW_FILE];
  return paths.flatMap((path) => {
    const text = deps.readText(join(deps.cwd, path));
    return text === undefined ? [] : [{ path, text }];
  });
}

/** actionlint on each of gitclaw's workflows (gitclaw.yml and the prompt workflows alike). */
async function actionlintCheck(deps: DoctorDeps, paths: string[]): Promise<CheckResult> {
  const names = paths.join(", ");
  const failing: string[] = [];
  for (const path of paths) {
    const lint = await deps.actionlint(join(deps.cwd, path));
    if (!lint)
      return warn(
        "Actionlint",
        `${names} ${paths.length > 1 ? "were" : "was"} not linted: actionlint is not installed`,
        "install actionlint (https://github.com/rhysd/actionlint) to check the workflow as GitHub reads it",
      );
    if (lint.exitCode !== 0)
      failing.push(
        `${path}:`,
        ...lint.output
          .split("\n")
          .filter((line) => line.trim())
          .slice(0, 5),
      );
  }
  if (failing.length === 0) return pass("Actionlint", `${names} ${paths.length > 1 ? "pass" : "passes"} actionlint`);
  return failed(
    "Actionlint",
    `actionlint finds problems:\n      ${failing.join("\n      ")}`,
    "fix them; GitHub would reject or misread the workflow",
  );
}

async function branchCheck(deps: DoctorDeps, branch: string | undefined): Promise<CheckResult> {
  if (!branch)
    return warn(
      "Branch",
      "the default branch is unknown (the API was not reached)",
      "fix the API check, or set git.branch in .github/gitclaw.json",
    );
  const tracked = await deps.git(["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${branch}`]);
  return tracked.exitCode === 0
    ? pass("Branch", `gitclaw commits to ${branch} (origin/${branch} at ${tracked.stdout.slice(0, 12)})`)
    : warn(
        "Branch",
        `gitclaw commits to ${branch}, but origin/${branch} is not fetched here`,
        `git fetch origin ${branch}`,
      );
}

export function formatReport(results: CheckResult[]): string {
  const width = Math.max(...results.map((result) => result.name.length));
  const lines = results.flatMap((result) => [
    `${result.status}  ${result.name.padEnd(width)}  ${result.detail}`,
    ...(result.fix ? [`${" ".repeat(width + 8)}fix: ${result.fix}`] : []),
  ]);
  const count = (status: CheckStatus) => results.filter((result) => result.status === status).length;
  const warnings = count("WARN");
  const skipped = count("SKIP") > 0 ? `, ${count("SKIP")} not checked` : "";
  const summary = `${count("FAIL")} failed, ${plural(warnings, "warning")}, ${count("PASS")} passed${skipped}`;
  return [...lines, "", summary].join("\n");
}

export const doctorExitCode = (results: CheckResult[]): number =>
  results.some((result) => result.status === "FAIL") ? 1 : 0;
