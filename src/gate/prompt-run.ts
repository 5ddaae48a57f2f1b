// A prompt run (the inputs prompt or prompt_file): the workflow's author wrote the prompt, so
// no person's permission is asked, whatever event (schedule, push, workflow_dispatch, release,
// workflow_run) started the workflow. The sentinel and the budgets still apply. The trigger it makes
// reads like an issue's, with `prompt` set; `issueNumber` is the input issue, or 0 for none.
import { readFileSync } from "node:fs";
import { z } from "zod";
import type { ActionsEnv } from "../actions/env.ts";
import type { PromptRunRequest, Trigger } from "../actions/event.ts";
import { ConfigError } from "../config/config.ts";
import { PROMPT_RUN_INPUTS } from "../config/inputs.ts";

type Inputs = Record<string, string | undefined>;

/** The prompt inputs, or undefined when neither prompt nor prompt_file is set (an issue-driven run). */
export function readPromptRunRequest(
  inputs: Inputs,
  env: Pick<ActionsEnv, "workflow" | "job">,
): PromptRunRequest | undefined {
  const value = (name: keyof typeof PROMPT_RUN_INPUTS) => inputs[PROMPT_RUN_INPUTS[name]]?.trim() || undefined;
  const text = value("prompt");
  const file = value("prompt_file");
  const outputSchema = value("output_schema");
  if (!text && !file) {
    if (outputSchema) throw new ConfigError("the action input output_schema needs a prompt or prompt_file input too");
    return undefined;
  }
  if (text && file) throw new ConfigError("set one of the action inputs prompt and prompt_file, not both");
  const issue = value("issue");
  if (issue !== undefined && !/^[1-9]\d{0,9}$/.test(issue))
    throw new ConfigError(`the action input issue is ${JSON.stringify(issue)}: expected an issue number, e.g. 42`);
  const continued = value("continue");
  if (continued !== undefined && continued !== "true" && continued !== "false")
    throw new ConfigError(`the action input continue is ${JSON.stringify(continued)}: expected true or false`);
  const workflow = env.workflow ?? "workflow";
  return {
    ...(text ? { text } : { file }),
    ...(issue ? { issue: Number(issue) } : {}),
    continues: continued === "true",
    key: runKey(workflow, env.job ?? "job"),
    workflow,
    ...(outputSchema ? { outputSchema } : {}),
  };
}

/** The workflow and job as one file name: letters, digits, `.`, `_` and `-`, never starting with a dot. */
export function runKey(workflow: string, job: string): string {
  const slug = (text: string) =>
    text
      .replace(/^\.github\/workflows\//, "")
      .replace(/[^\w.-]+/g, "-")
      .replace(/\.{2,}/g, ".")
      .replace(/^[.-]+|-+$/g, "")
      .slice(0, 80) || "x";
  return `${slug(workflow)}-${slug(job)}`;
}

/** Who started the workflow and the repository, as far as any event's payload says. */
const Payload = z.looseObject({
  action: z.string().optional(),
  sender: z.looseObject({ login: z.string(), id: z.number(), type: z.string() }).optional(),
  repository: z.looseObject({ full_name: z.string(), default_branch: z.string().optional() }).optional(),
});

export function promptTrigger(env: ActionsEnv, request: PromptRunRequest, now = Date.now()): Trigger {
  let payload: z.infer<typeof Payload> = {};
  try {
    payload = Payload.parse(JSON.parse(readFileSync(env.eventPath, "utf8")));
  } catch {
    // A schedule's payload says little; nothing of it is needed.
  }
  const actor = payload.sender ?? { login: "github-actions[bot]", id: 41898282, type: "Bot" };
  return {
    eventName: env.eventName as Trigger["eventName"],
    action: payload.action ?? "run",
    actor,
    repository: payload.repository?.full_name ?? `${env.owner}/${env.repo}`,
    defaultBranch: payload.repository?.default_branch,
    label: undefined,
    assignee: undefined,
    issueNumber: request.issue ?? 0,
    title: "",
    body: "",
    issueAuthor: actor.login,
    comment: undefined,
    triggeredAt: new Date(now).toISOString(),
    isPullRequest: false,
    pullRequest: undefined,
    labels: [],
    assignees: [],
    inline: undefined,
    review: undefined,
    ci: undefined,
    prompt: request,
  };
}
