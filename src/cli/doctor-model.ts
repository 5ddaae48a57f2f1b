// The doctor's model checks: the configured model resolves and has its key here, its API answers
// (GET <base URL>/models, a cheap request with a short timeout), a local server's context window and
// tool support where it reports them (llama.cpp's /props, Ollama's /api/show), and the workflow's
// gitclaw step passes the key input the model needs. A cloud provider's model: src/cli/doctor-cloud.ts.
import type { Document } from "yaml";
import { assumedWindowSource } from "../agent/catalog.ts";
import { resolveModel, type ResolvedModel } from "../agent/model.ts";
import { toolSupport } from "../agent/server-facts.ts";
import { unsupportedFix } from "../agent/unsupported-request.ts";
import type { Config } from "../config/config.ts";
import { INPUT_ENV } from "../config/inputs.ts";
import { WORKFLOW_FILE } from "../config/paths.ts";
import { failed, pass, unreached, warn, withoutCredentials, type CheckResult } from "./checks.ts";
import { cloudModelChecks, isCloudModel } from "./doctor-cloud.ts";
import { ACTION, keyEnvFor, keyInputs, passedNames, type GitclawStep } from "./workflow.ts";

/** How long the model's API may take to list its models: it answers in well under a second when it is up. */
export const PROVIDER_TIMEOUT_MS = 5_000;

type Env = Record<string, string | undefined>;

export async function modelChecks(config: Config, env: Env, fetcher: typeof fetch): Promise<CheckResult[]> {
  if (isCloudModel(config)) return cloudModelChecks(config, env, fetcher);
  let model: ResolvedModel;
  try {
    model = await resolveModel(config.model, config, env, { fetch: fetcher });
  } catch (error) {
    const fix =
      'provide the key as the message says, or choose another model (the action input model, or "model" in .github/gitclaw.json)';
    return [failed("Model", (error as Error).message, fix)];
  }
  const key = model.keyEnv ? `key in ${model.keyEnv}` : "no key needed";
  const provider = await providerCheck(model, env, fetcher);
  const server = provider.status === "PASS" ? await serverChecks(model, keyOf(model, env).key, fetcher) : [];
  return [pass("Model", `${config.model}, ${key}`), provider, ...server];
}

/**
 * What an OpenAI-compatible server says about the model, where it says it: the context window gitclaw
 * will fit the conversation into, and whether the model gets the tools at all (a llama.cpp chat
 * template or an Ollama model without tool support drops them without a word). Nothing for a model
 * the catalogue knows, nor for a server that reports neither.
 */
export async function serverChecks(model: ResolvedModel, apiKey: string | undefined, fetcher: typeof fetch) {
  if (model.api !== "openai-completions") return [];
  const results: CheckResult[] = [];
  const spec = `${model.provider}/${model.modelId}`;
  const { contextWindow, contextWindowSource } = model.info;
  if (contextWindowSource === assumedWindowSource(spec))
    results.push(
      warn(
        "Context window",
        `${withoutCredentials(model.endpoint.url)} does not say how many tokens ${spec} takes: ${contextWindow} are assumed`,
        `set models["${spec}"].contextWindow in .github/gitclaw.json to the server's context size (llama-server -c, Ollama's num_ctx, vLLM's --max-model-len)`,
      ),
    );
  else if (!contextWindowSource.startsWith("gitclaw's"))
    results.push(pass("Context window", `${contextWindow} tokens (${withoutCredentials(contextWindowSource)})`));
  const tools = await toolSupport({ baseURL: model.endpoint.url, modelId: model.modelId, apiKey, fetch: fetcher });
  if (tools) results.push(toolsCheck(model, tools));
  return results;
}

function toolsCheck(model: ResolvedModel, tools: NonNullable<Awaited<ReturnType<typeof toolSupport>>>): CheckResult {
  const where = withoutCredentials(tools.source);
  if (tools.supported) return pass("Tools", `${tools.server} gives ${model.modelId} the tools (${where})`);
  if (tools.refused)
    return failed(
      "Tools",
      `${tools.server} refuses every request with tools (${where}: ${tools.refused}): every run would fail at once`,
      unsupportedFix(tools.refused),
    );
  if (tools.server === "llama.cpp")
    return warn(
      "Tools",
      `llama.cpp's chat template cannot describe tools (${where}: supports_tool_calls false): the server drops them without a word, and the agent can only talk`,
      "start llama-server with --jinja and a model whose chat template takes tools, or give it one with --chat-template-file",
    );
  return warn(
    "Tools",
    `Ollama's model ${model.modelId} has no "tools" capability (${where}): the agent can only talk`,
    'choose a model with the "tools" capability (`ollama show <model>` lists its capabilities)',
  );
}

/** The key that goes with requests, and the name it is known by here. */
export function keyOf(model: ResolvedModel, env: Env): { key?: string; name: string } {
  const own = model.keyEnv ? env[model.keyEnv]?.trim() : undefined;
  if (own) return { key: own, name: model.keyEnv! };
  return { key: env[INPUT_ENV.api_key!]?.trim() || undefined, name: `${INPUT_ENV.api_key} (the action input api_key)` };
}

/** GET <base URL>/models with the key, as the model's SDK would authenticate: is the API there, and does it take the key? */
export async function providerCheck(model: ResolvedModel, env: Env, fetcher: typeof fetch): Promise<CheckResult> {
  const url = `${model.endpoint.url.replace(/\/+$/, "")}/models`;
  const where = `${withoutCredentials(url)} (${model.endpoint.source})`;
  const { key, name } = keyOf(model, env);
  const headers: Record<string, string> =
    model.api === "anthropic-messages"
      ? { "anthropic-version": "2023-06-01", ...(key ? { "x-api-key": key } : {}) }
      : key
        ? { authorization: `Bearer ${key}` }
        : {};
  let status: number;
  try {
    const response = await fetcher(url, { headers, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    return unreached(
      "Provider",
      where,
      unreachableBecause(error),
      "start the server, or correct its address where the parenthesis says; offline, run doctor again where it is reachable",
    );
  }
  if (status >= 200 && status < 300) return pass("Provider", `${where} answers`);
  if (status === 401 || status === 403)
    return failed(
      "Provider",
      `${where} refuses the key in ${name} (${status})`,
      `check the key: the repository secret the workflow passes, and ${name} here`,
    );
  return failed(
    "Provider",
    `${where} answered ${status}`,
    "check the address where the parenthesis says: it must be the API's root (…/v1)",
  );
}

/** Why a request got no answer, in the words a person knows: "connection refused" rather than the runtime's. */
function unreachableBecause(error: unknown): string {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === "TimeoutError") return `no answer within ${PROVIDER_TIMEOUT_MS / 1000} s`;
  if (code === "ConnectionRefused" || code === "ECONNREFUSED") return "connection refused (is the server running?)";
  return message ?? String(error);
}

/** Does the workflow run gitclaw, and pass the key the model needs? */
export function workflowCheck(
  doc: Document | undefined,
  step: GitclawStep | undefined,
  config: Config | undefined,
): CheckResult {
  const init = "`bunx gitclaw init` writes it";
  if (!doc) return failed("Workflow", `${WORKFLOW_FILE} is missing`, init);
  if (doc.errors.length > 0)
    return failed("Workflow", `${WORKFLOW_FILE} is not valid YAML: ${doc.errors[0]!.message}`, "correct it");
  if (!step)
    return failed(
      "Workflow",
      `no step in ${WORKFLOW_FILE} uses gitclaw's action`,
      `add one (uses: ${ACTION}): ${init}`,
    );
  const keyEnv = config ? keyEnvFor(config.model, config) : undefined;
  if (!config || !keyEnv) return pass("Workflow", `${WORKFLOW_FILE} runs ${step.uses}`);
  const inputs = keyInputs(keyEnv);
  const passed = [
    ...passedNames(step.step, "with")
      .filter((name) => inputs.includes(name))
      .map((name) => `with: ${name}`),
    // The action sets its own key variables from its inputs: an env entry only works for other names.
    ...(Object.values(INPUT_ENV).includes(keyEnv) ? [] : passedNames(step.step, "env").filter((n) => n === keyEnv)),
  ];
  if (passed.length > 0) return pass("Workflow", `${step.uses} gets the key ${config.model} needs (${passed[0]})`);
  return failed(
    "Workflow",
    `the gitclaw step (${step.uses}) does not pass the key ${config.model} needs`,
    `add under its with: ${inputs[0]}: \${{ secrets.${keyEnv} }}, and the repository secret ${keyEnv}`,
  );
}
