// gitclaw's workflow as `gitclaw init` writes it for a user's choices (model, trigger modes), and how
// gitclaw's step is found in any workflow: init updates it, the doctor checks it.
import { isMap, isScalar, isSeq, stringify, type Document, type YAMLMap } from "yaml";
import { BUILT_IN } from "../agent/model.ts";
import { parseConfig, type Config } from "../config/config.ts";
import { INPUT_ENV } from "../config/inputs.ts";
import { SENTINEL_FILE } from "../config/paths.ts";
import { REVIEW_ACTIONS, type TriggerMode } from "../gate/triggers.ts";

/** Where the action is published. The one place that names it; README.md and CHANGELOG.md show it too. */
export const ACTION_REPOSITORY = "gitclaw/gitclaw";
/** The major version's tag, moved to each compatible release: users get fixes without editing their workflow. */
export const ACTION_REF = "v1";
export const ACTION = `${ACTION_REPOSITORY}@${ACTION_REF}`;

/** What the stages need from the workflow's token: push commits, comment and react. */
export const REQUIRED_PERMISSIONS: Readonly<Record<string, string>> = { contents: "write", issues: "write" };
/** What the github tool needs beyond that: pr_create, run_watch. */
export const TOOL_PERMISSIONS: Readonly<Record<string, string>> = { "pull-requests": "write", actions: "read" };
/** What a trigger mode needs beyond those: the review's check run; approvals.required: the approval status. */
export const modePermissions = (modes: readonly TriggerMode[], approvals = false): Record<string, string> => ({
  ...(modes.includes("review") ? { checks: "write" } : {}),
  ...(approvals ? { statuses: "write" } : {}),
});
/** What the choices need beyond the required and tool permissions: the trigger modes', and dispatching runs. */
export const choicePermissions = (choices: Choices): Record<string, string> => ({
  ...modePermissions(choices.trigger.modes, choices.approvalStatus),
  ...(choices.actionsRunner || choices.ciDispatch?.length ? { actions: "write" } : {}),
});
export const PERMISSION_LEVEL: Readonly<Record<string, number>> = { none: 0, read: 1, write: 2 };

/** `<owner>/gitclaw@<ref>` (forks and mirrors too), or `./` in gitclaw's own repository. */
const GITCLAW_USES = /^(?:\.\/|[\w.-]+\/gitclaw(?:@\S+)?)$/i;

export type Trigger = Config["trigger"];

export interface Choices {
  /** provider/model */
  model: string;
  trigger: Trigger;
  /** Sub-agents on their own workflow runs (tasks.actions): the task job, workflow_dispatch, `actions: write`. */
  actionsRunner?: boolean;
  /** approvals.required is on: reviews and `/approve` comments pass the prefilter; `statuses: write`. */
  approvalStatus?: boolean;
  /** CI workflows gitclaw dispatches after each push (ci.dispatch): `actions: write`. */
  ciDispatch?: string[];
}

/** The `with:` of gitclaw's step, in order, each value as written (a secret's expression or a literal). */
export type Inputs = [name: string, value: string][];

const DEFAULTS = parseConfig({});

/** The model init picks for a provider when none is named. */
export const DEFAULT_MODELS: Readonly<Record<string, string>> = {
  anthropic: DEFAULTS.model,
  openai: "openai/gpt-4.1",
  openrouter: "openrouter/anthropic/claude-sonnet-4.5",
  ollama: "ollama/qwen3-coder",
};

/** The repository secret for the key of a server named only by base_url (optional: keyless servers work). */
const GENERIC_KEY_SECRET = "MODEL_API_KEY";

export const providerOf = (model: string) => model.slice(0, model.indexOf("/"));

/** The variable holding the model's key (ANTHROPIC_API_KEY …), as src/agent/model.ts resolves the provider; undefined: none. */
export function keyEnvFor(model: string, config: Pick<Config, "providers">): string | undefined {
  const provider = providerOf(model);
  return (config.providers[provider] ?? BUILT_IN[provider])?.apiKeyEnv;
}

/** The inputs that can carry the key held in the variable `keyEnv`: its own input, if it has one, and api_key. */
export function keyInputs(keyEnv: string): string[] {
  const own = Object.keys(INPUT_ENV).filter((input) => INPUT_ENV[input] === keyEnv);
  return [...own, "api_key"];
}

/** The input and repository secret that carry the model's key; undefined when the model needs none (Ollama). */
export function keyInputFor(
  model: string,
  config: Pick<Config, "providers">,
): { input: string; secret: string } | undefined {
  const provider = providerOf(model);
  const known = config.providers[provider] !== undefined || BUILT_IN[provider] !== undefined;
  const secret = known ? keyEnvFor(model, config) : GENERIC_KEY_SECRET;
  return secret ? { input: keyInputs(secret)[0]!, secret } : undefined;
}

/** Which `issues` activity types the trigger modes need; comments (issue_comment: created) continue every mode. */
export function issueTypes(modes: readonly TriggerMode[]): string[] {
  return [
    ...(modes.includes("issue") || modes.includes("mention") ? ["opened"] : []),
    ...(modes.includes("label") ? ["labeled"] : []),
    ...(modes.includes("assign") ? ["assigned"] : []),
  ];
}

/** An event of the workflow's `on:`: its activity types, and for workflow_run the workflows it follows. */
export interface WorkflowEvent {
  event: string;
  types: string[];
  workflows?: string[];
  /** Why gitclaw wants it, for init's report. */
  why: string;
}

/**
 * The events the trigger modes need. Pull requests are always followed (comments, inline comments,
 * reviews): the prefilter and the guard decide which of them start a run.
 */
export function workflowEvents(modes: readonly TriggerMode[], approvals = false): WorkflowEvent[] {
  const pullTypes = [
    ...(modes.includes("label") ? ["labeled"] : []),
    ...(modes.includes("assign") ? ["assigned"] : []),
    // _target also for forks: it runs the default branch's workflow with its secrets; a review fetches
    // the head as git objects and never checks out or runs it (src/review/).
    ...(modes.includes("review") ? REVIEW_ACTIONS : []),
  ];
  const why = `trigger modes ${modes.join(", ")}`;
  return [
    { event: "issues", types: issueTypes(modes), why },
    { event: "issue_comment", types: ["created"], why: "comments continue a conversation" },
    { event: "pull_request_review_comment", types: ["created"], why: "inline review comments on pull requests" },
    {
      event: "pull_request_review",
      // A dismissed approval no longer counts: the approval status is recomputed.
      types: approvals ? ["submitted", "dismissed"] : ["submitted"],
      why: approvals ? "reviews of pull requests; approvals.required: dismissed ones" : "reviews of pull requests",
    },
    ...(pullTypes.length ? [{ event: "pull_request_target", types: pullTypes, why }] : []),
    ...(modes.includes("ci")
      ? [{ event: "workflow_run", types: ["completed"], workflows: ["*"], why: "trigger mode ci: failed CI runs" }]
      : []),
  ];
}

/** The issue or pull request an event is about, for the concurrency group: one run per conversation at a time. */
export const CONCURRENCY_NUMBER =
  "github.event.issue.number || github.event.pull_request.number || github.event.workflow_run.pull_requests[0].number";

/**
 * The agent job's `concurrency`. On the job, never the workflow: GitHub puts a run in the workflow's
 * group before any job's `if:` is evaluated, so an outsider's comment run, skipped by the prefilter,
 * would still cancel the collaborator's run pending in the group. A skipped job never joins.
 */
export const JOB_CONCURRENCY = `# One run per issue or pull request at a time. Queue, never cancel: a cancelled run would lose its work.
# On the job, not the workflow: a run the if: above skips never joins the group, so an outsider's
# comment cannot cancel a collaborator's pending run.
concurrency:
  group: gitclaw-issue-\${{ ${CONCURRENCY_NUMBER} }}
  cancel-in-progress: false`;

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const trusted = (who: "issue" | "comment" | "review") =>
  `contains(fromJSON('["OWNER","MEMBER","COLLABORATOR"]'), github.event.${who}.author_association)`;
/** The start of the marker in the body of a pull request gitclaw opened for an issue (src/github/marker.ts). */
const OWN_PULL_REQUEST = quote("<!-- gitclaw:pull-request ");

/**
 * The job's `if:`: a superset of what the guard accepts (src/gate/triggers.ts), so irrelevant events
 * never start a runner. The handle, label and assignee are written in: no repository variables.
 */
export function prefilter(trigger: Trigger, approvals = false): string {
  const has = (mode: TriggerMode) => trigger.modes.includes(mode);
  const clauses = issueClauses(trigger);
  clauses.push(
    `(github.event_name == 'issue_comment' && !github.event.issue.pull_request && ${trusted("comment")}${onIssueComment(trigger)})`,
  );
  clauses.push(...pullRequestClauses(trigger));
  if (approvals) clauses.push(APPROVAL_CLAUSE);
  if (has("review"))
    clauses.push(
      `(github.event_name == 'pull_request_target' && contains(fromJSON('${JSON.stringify(REVIEW_ACTIONS)}'), github.event.action))`,
    );
  const people = `github.event.sender.type != 'Bot' && (\n${clauses.join(" ||\n").replace(/^/gm, "  ")}\n)`;
  if (!has("ci")) return people;
  // gitclaw's own failed runs are no CI to fix (src/gate/gate.ts).
  const ci =
    "(github.event_name == 'workflow_run' && github.event.workflow_run.conclusion == 'failure' &&\n" +
    "  startsWith(github.event.workflow_run.head_branch, 'gitclaw/') &&\n" +
    "  github.event.workflow_run.name != github.workflow)";
  return `${ci} ||\n(${people})`;
}

/** What the approval step (approvals.required) answers: a deciding review, `/approve` on a pull request; only collaborators approve. */
const APPROVAL_CLAUSE =
  `(github.event_name == 'pull_request_review' && github.event.review.state != 'commented' && ${trusted("review")}) ||\n` +
  `(github.event_name == 'issue_comment' && github.event.issue.pull_request && ${trusted("comment")} &&\n` +
  "  contains(github.event.comment.body, '/approve'))";

/** An issue opened (by someone trusted, naming the handle unless every issue counts), labeled or assigned. */
function issueClauses(trigger: Trigger): string[] {
  const has = (mode: TriggerMode) => trigger.modes.includes(mode);
  const mention = quote(trigger.mention);
  const clauses: string[] = [];
  if (has("issue")) clauses.push(`(github.event.action == 'opened' && ${trusted("issue")})`);
  else if (has("mention"))
    clauses.push(
      `(github.event.action == 'opened' && ${trusted("issue")} &&\n` +
        `  (contains(github.event.issue.title, ${mention}) || contains(github.event.issue.body, ${mention})))`,
    );
  if (has("label"))
    clauses.push(`(github.event.action == 'labeled' && github.event.label.name == ${quote(trigger.label)})`);
  if (has("assign"))
    clauses.push(`(github.event.action == 'assigned' && github.event.assignee.login == ${quote(trigger.assignee)})`);
  return clauses;
}

/** What an issue comment must show to continue (the handle, the label, the assignee), unless every issue counts. */
function onIssueComment(trigger: Trigger): string {
  const has = (mode: TriggerMode) => trigger.modes.includes(mode);
  const continues = has("issue")
    ? []
    : [
        ...(has("mention") ? [`contains(github.event.comment.body, ${quote(trigger.mention)})`] : []),
        ...(has("label") ? [`contains(github.event.issue.labels.*.name, ${quote(trigger.label)})`] : []),
        ...(has("assign") ? [`contains(github.event.issue.assignees.*.login, ${quote(trigger.assignee)})`] : []),
      ];
  return continues.length ? ` &&\n  (${continues.join(" || ")})` : "";
}

/** Comments, inline comments and reviews on pull requests: the handle, the label or assignee, gitclaw's own pull request. */
function pullRequestClauses(trigger: Trigger): string[] {
  const has = (mode: TriggerMode) => trigger.modes.includes(mode);
  const own = `contains(github.event.issue.body || github.event.pull_request.body, ${OWN_PULL_REQUEST})`;
  const onPull = (text: string) => [
    ...(has("issue") || has("mention") || has("review") ? [`contains(${text}, ${quote(trigger.mention)})`] : []),
    ...(has("issue") ? [own] : []),
    ...(has("label")
      ? [
          `contains(github.event.issue.labels.*.name, ${quote(trigger.label)})`,
          `contains(github.event.pull_request.labels.*.name, ${quote(trigger.label)})`,
        ]
      : []),
    ...(has("assign")
      ? [
          `contains(github.event.issue.assignees.*.login, ${quote(trigger.assignee)})`,
          `contains(github.event.pull_request.assignees.*.login, ${quote(trigger.assignee)})`,
        ]
      : []),
  ];
  const any = (conditions: string[]) => `(\n    ${conditions.join(" ||\n    ")})`;
  const clauses: string[] = [];
  const comment = onPull("github.event.comment.body");
  if (comment.length)
    clauses.push(
      `((github.event.issue.pull_request || github.event_name == 'pull_request_review_comment') && ${trusted("comment")} &&\n  ${any(comment)})`,
    );
  const review = [
    ...(trigger.changesRequested ? [`(github.event.review.state == 'changes_requested' && ${own})`] : []),
    ...onPull("github.event.review.body").map((condition) => `(github.event.review.body && ${condition})`),
  ];
  if (review.length)
    clauses.push(`(github.event_name == 'pull_request_review' && ${trusted("review")} &&\n  ${any(review)})`);
  return clauses;
}

/**
 * The `if:` init wrote before gitclaw worked on pull requests, as it wrote it: still init's own, so
 * an upgrade replaces it rather than keeping it as the user's.
 */
export function prefilterBeforePullRequests(trigger: Trigger): string {
  const clauses = issueClauses(trigger);
  clauses.push(`(github.event_name == 'issue_comment' && ${trusted("comment")}${onIssueComment(trigger)})`);
  return `github.event.sender.type != 'Bot' && !github.event.issue.pull_request && (\n${clauses
    .join(" ||\n")
    .replace(/^/gm, "  ")}\n)`;
}

/** Expressions compare equal whatever their line breaks and indentation. */
export const sameExpression = (a: string, b: string) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();

/**
 * A value as a YAML scalar: `@gitclaw` and `bug: x` need quotes, `${{ secrets.X }}` does not, but
 * does inside a flow collection (`{ … }`), where braces and commas are syntax.
 */
export function scalar(value: string, inFlow = false): string {
  if (!inFlow) return stringify(value, { lineWidth: 0 }).trimEnd();
  return stringify([value], { collectionStyle: "flow", flowCollectionPadding: false, lineWidth: 0 })
    .trim()
    .slice(1, -1);
}

const indent = (text: string, spaces: number) => text.replace(/^(?=.)/gm, " ".repeat(spaces));

/** What the trigger modes mean, for the workflow's comment and init's report. */
export function describeTrigger(trigger: Trigger): string {
  const what: Record<TriggerMode, string> = {
    issue: "every new issue and comment",
    mention: `issues and comments mentioning ${trigger.mention}`,
    label: `the label "${trigger.label}"`,
    assign: `assignment to ${trigger.assignee}`,
    ci: "failed CI runs of gitclaw's pull requests",
    review: `a review of every pull request (opened, pushed to, ready for review) and on ${trigger.mention} review`,
  };
  return trigger.modes.map((mode) => what[mode]).join(", ");
}

/** The `on:` section's lines for `events`. */
export function eventLines(events: WorkflowEvent[]): string {
  return events
    .map(({ event, types, workflows }) => {
      const followed = workflows
        ? `\n    workflows: [${workflows.map((name) => JSON.stringify(name)).join(", ")}]`
        : "";
      return `  ${event}:${followed}\n    types: [${types.join(", ")}]`;
    })
    .join("\n");
}

/** The inputs a parent dispatches a task's run with (src/tasks/actions.ts); GitHub allows 25. */
export const TASK_DISPATCH_INPUTS = ["task_id", "task_base_sha", "parent_run"] as const;

/** workflow_dispatch, as the parent's runner "actions" starts a task's run. */
const DISPATCH_TRIGGER = `  # A sub-agent's task, dispatched by the agent job (runner "actions"): see the task job.
  workflow_dispatch:
    inputs:
${TASK_DISPATCH_INPUTS.map((name) => `      ${name}:\n        type: string\n        required: ${name !== "parent_run"}`).join("\n")}
`;

/**
 * The job of a task's run: its own checkout at the task's base, a read-only token (it never pushes),
 * the agent stage in child mode, and its results uploaded as the artifact the parent downloads.
 */
function taskJob(inputs: Inputs): string {
  const withLines = [
    ...inputs.map(([name, value]) => `${name}: ${scalar(value)}`),
    "task_id: ${{ inputs.task_id }}",
    "task_base_sha: ${{ inputs.task_base_sha }}",
  ].join("\n");
  return `
  # A sub-agent's task on a runner of its own (tasks.actions in .github/gitclaw.json): read-only, it
  # uploads its commits as a patch series with its report and session; the agent job applies them.
  task:
    if: github.event_name == 'workflow_dispatch' && inputs.task_id != ''
    runs-on: ubuntu-latest
    timeout-minutes: 60
    permissions:
      contents: read
    steps:
      - name: Checkout the task's base
        uses: actions/checkout@v4
        with:
          ref: \${{ inputs.task_base_sha }}
          fetch-depth: 1
          persist-credentials: false

      - name: gitclaw
        uses: ${ACTION}
        with:
${indent(withLines, 10)}

      - name: Upload the task's work
        if: always()
        uses: actions/upload-artifact@v4
        with:
          name: task-\${{ inputs.task_id }}
          path: \${{ runner.temp }}/gitclaw-task/
          retention-days: 7
`;
}

export function renderWorkflow(choices: Choices, inputs: Inputs): string {
  const events = eventLines(workflowEvents(choices.trigger.modes, choices.approvalStatus));
  const withLines = inputs.map(([name, value]) => `${name}: ${scalar(value)}`).join("\n");
  const actions = choices.actionsRunner === true;
  const { actions: actionsLevel = "read", ...modes } = choicePermissions(choices);
  const dispatching = [
    ...(actions ? ["dispatching, following and cancelling tasks' runs"] : []),
    ...(choices.ciDispatch?.length ? ["starting CI (ci.dispatch)"] : []),
  ];
  return `# gitclaw: an issue-driven coding agent. Open an issue or comment on one (with write access) and the
# agent works in this repository, commits, and answers; on pull requests it works on their head branch.
# Remove ${SENTINEL_FILE} to switch it off.
# Written by \`gitclaw init\`; run it again to upgrade: it keeps your changes to this file.
name: gitclaw

on:
${events}
${actions ? DISPATCH_TRIGGER : ""}
# Least privilege: push commits (the default branch, a pull request's head, gitclaw/issue-<n>);
# comments and reactions; pull requests (replies in review threads, draft pull requests, pr_create);
# ${dispatching.length ? dispatching.join("; ") : "reading Actions runs and their logs (trigger mode ci, run_watch)"}. Nothing else.
permissions:
  contents: write
  issues: write
  pull-requests: write
  actions: ${actionsLevel}${Object.entries(modes)
    .map(([scope, level]) => `\n  ${scope}: ${level}`)
    .join("")}

jobs:
  agent:
    # A cheap prefilter so that irrelevant events never start a runner; gitclaw's guard makes the real
    # decision (the collaborator-permission API). \`gitclaw init --trigger …\` rewrites it.
    if: >-
${indent(prefilter(choices.trigger, choices.approvalStatus), 6)}
${indent(JOB_CONCURRENCY, 4)}
    runs-on: ubuntu-latest
    # Keep above budgets.maxMinutes (default 45) so that the agent can commit and reply.
    timeout-minutes: 60
    steps:
      - name: Checkout
        uses: actions/checkout@v4
        with:
          ref: \${{ github.event.repository.default_branch }}
          fetch-depth: 1
          # No credential is left in .git/config for tools to find: gitclaw gives git the token
          # itself, through the environment of its own push only.
          persist-credentials: false

      - name: gitclaw
        uses: ${ACTION}
${inputs.length ? `        with:\n${indent(withLines, 10)}\n` : ""}${actions ? taskJob(inputs) : ""}`;
}

export interface GitclawStep {
  job: YAMLMap;
  step: YAMLMap;
  uses: string;
}

/** Every step of every job that uses gitclaw's action, in order. */
export function findGitclawSteps(doc: Document): GitclawStep[] {
  const jobs = doc.get("jobs", true);
  if (!isMap(jobs)) return [];
  const found: GitclawStep[] = [];
  for (const { value: job } of jobs.items) {
    const steps = isMap(job) ? job.get("steps", true) : undefined;
    if (!isMap(job) || !isSeq(steps)) continue;
    for (const step of steps.items) {
      const uses = isMap(step) ? step.get("uses") : undefined;
      if (isMap(step) && typeof uses === "string" && GITCLAW_USES.test(uses.trim()))
        found.push({ job, step, uses: uses.trim() });
    }
  }
  return found;
}

/** The first step of any job that uses gitclaw's action. */
export const findGitclawStep = (doc: Document): GitclawStep | undefined => findGitclawSteps(doc)[0];

/** The step's `with:` inputs whose values are written in (not `${{ }}` expressions, unknown until the run). */
export function literalInputs(step: YAMLMap): Record<string, string> {
  const inputs = step.get("with", true);
  if (!isMap(inputs)) return {};
  const literal: Record<string, string> = {};
  for (const { key, value } of inputs.items) {
    const text = isScalar(value) ? String(value.value ?? "") : "";
    if (isScalar(key) && text.trim() && !text.includes("${{")) literal[String(key.value)] = text.trim();
  }
  return literal;
}

/** The names of the step's `with:` inputs and `env:` variables that are set at all. */
export function passedNames(step: YAMLMap, key: "with" | "env"): string[] {
  const map = step.get(key, true);
  if (!isMap(map)) return [];
  return map.items.filter(({ value }) => !isScalar(value) || `${value.value ?? ""}`.trim()).map(({ key }) => `${key}`);
}
