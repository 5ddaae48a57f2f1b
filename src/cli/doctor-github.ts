// The doctor's GitHub checks: what the token may do, and the repository's Actions settings that the
// workflow depends on where the API tells them (Settings → Actions → General).
import { failed, pass, warn, type CheckResult } from "./checks.ts";

export interface ApiResponse {
  status: number;
  data: unknown;
}

/** A GET of the REST API: the response, or the network error's message. */
export type Get = (path: string) => Promise<ApiResponse | string>;

const SETTINGS = "Settings → Actions → General";

export function tokenPermissions(
  repository: string,
  permissions: { push?: boolean; maintain?: boolean; admin?: boolean } | undefined,
  granted: Record<string, string> | undefined,
  lacking: (wanted: "required" | "tool") => string[],
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
  if (!granted)
    return warn(
      "Permissions",
      "an app or Actions token: its rights come from the workflow, which has no permissions: block",
      "add permissions: { contents: write, issues: write } (bunx gitclaw init adds them)",
    );
  const missing = lacking("required");
  if (missing.length)
    return failed(
      "Permissions",
      `the workflow does not grant ${missing.join(", ")}`,
      `add under permissions: ${missing.join(", ")}`,
    );
  const forTool = lacking("tool");
  if (forTool.length) {
    return warn(
      "Permissions",
      `the workflow grants what the pipeline needs, not ${forTool.join(", ")}`,
      `the github tool's pr_create and run_watch need them: add under permissions: ${forTool.join(", ")}`,
    );
  }
  return pass("Permissions", "the workflow grants contents, issues, pull-requests and actions as needed");
}

interface ActionsPermissions {
  enabled: boolean;
  allowed_actions?: "all" | "local_only" | "selected";
  sha_pinning_required?: boolean;
}

interface WorkflowDefaults {
  default_workflow_permissions: "read" | "write";
  can_approve_pull_request_reviews: boolean;
}

export interface SettingsContext {
  repository: string;
  /** The workflow's permissions block grants what the stages need. */
  grants: boolean;
  /** The github tool may open pull requests (its policy allows pr_create). */
  pullRequests: boolean;
  /** delivery "pull-request": every issue's work opens a draft pull request. */
  delivery?: boolean;
  /** The actions the workflow and gitclaw's action use, e.g. actions/checkout@v4. */
  uses: string[];
}

/** The repository's Actions settings: are actions allowed, what may the token do, may Actions open pull requests? */
export async function actionsSettingsChecks(get: Get, context: SettingsContext): Promise<CheckResult[]> {
  const base = `/repos/${context.repository}/actions/permissions`;
  const [actions, defaults] = await Promise.all([get(base), get(`${base}/workflow`)]);
  for (const response of [actions, defaults]) {
    if (typeof response !== "string" && response.status === 200) continue;
    const why = typeof response === "string" ? response : `${response.status}`;
    return [
      warn(
        "Actions settings",
        `cannot read the Actions settings of ${context.repository} (${why}): only an admin's token can`,
        `check them in ${SETTINGS}: actions allowed, workflow permissions${context.pullRequests ? ", pull requests by Actions allowed" : ""}`,
      ),
    ];
  }
  return [
    allowedActions((actions as ApiResponse).data as ActionsPermissions, context),
    tokenDefaults((defaults as ApiResponse).data as WorkflowDefaults, context),
    pullRequests((defaults as ApiResponse).data as WorkflowDefaults, context),
  ];
}

function allowedActions(settings: ActionsPermissions, { repository, uses }: SettingsContext): CheckResult {
  const list = uses.join(", ");
  if (!settings.enabled)
    return failed(
      "Actions",
      `GitHub Actions is off for ${repository}`,
      `${SETTINGS} → Actions permissions: allow actions`,
    );
  if (settings.sha_pinning_required && uses.some((ref) => !/@[0-9a-f]{40}$/.test(ref)))
    return failed(
      "Actions",
      `${repository} requires actions pinned to full commit SHAs; gitclaw uses ${list}`,
      `pin them to commit SHAs, or untick "Require actions to be pinned to a full-length commit SHA" in ${SETTINGS}`,
    );
  if (settings.allowed_actions === "local_only")
    return failed(
      "Actions",
      `only actions in ${repository} may run; gitclaw uses ${list}`,
      `${SETTINGS} → Actions permissions: allow all actions, or allow these`,
    );
  if (settings.allowed_actions === "selected")
    return warn(
      "Actions",
      `only selected actions may run in ${repository}; gitclaw needs ${list}`,
      `make sure they are allowed in ${SETTINGS} → Actions permissions`,
    );
  return pass("Actions", `${repository} allows every action gitclaw uses`);
}

function tokenDefaults(settings: WorkflowDefaults, { grants }: SettingsContext): CheckResult {
  if (settings.default_workflow_permissions === "write") return pass("Token defaults", "read and write");
  if (grants)
    return pass("Token defaults", "read-only, and the workflow's permissions: block grants what gitclaw needs");
  return failed(
    "Token defaults",
    "the token is read-only by default and the workflow grants no more, so gitclaw can neither push nor reply",
    `add the permissions: block (bunx gitclaw init does), or ${SETTINGS} → Workflow permissions: "Read and write permissions"`,
  );
}

function pullRequests(settings: WorkflowDefaults, context: SettingsContext): CheckResult {
  if (settings.can_approve_pull_request_reviews && (context.pullRequests || context.delivery))
    return pass("Pull requests", "GitHub Actions may create them");
  if (context.delivery)
    return failed(
      "Pull requests",
      `GitHub Actions may not create pull requests in ${context.repository}, and delivery "pull-request" opens one for every issue`,
      `tick "Allow GitHub Actions to create and approve pull requests" in ${SETTINGS} → Workflow permissions, or set "delivery": "push"`,
    );
  if (!context.pullRequests) return pass("Pull requests", "not needed: the github tool may not open them");
  return warn(
    "Pull requests",
    `GitHub Actions may not create pull requests in ${context.repository}: the github tool's pr_create will fail`,
    `tick "Allow GitHub Actions to create and approve pull requests" in ${SETTINGS} → Workflow permissions, ` +
      'or deny pr_create ("tools": {"github": {"ops": {"pr_create": "deny"}}} in .github/gitclaw.json)',
  );
}
