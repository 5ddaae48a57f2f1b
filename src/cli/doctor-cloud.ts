// The doctor's checks of a cloud provider's model (bedrock/…, azure/…): its credentials got as a run
// gets them, without spending anything (an STS or Entra token exchange; AWS's credential chain), what
// is missing named as the run would name it; and the workflow giving the job its OIDC token
// (`permissions: id-token: write`) when gitclaw is to exchange it. Outside a job there is no OIDC
// token: that check is skipped, said so.
import { isMap, type Document } from "yaml";
import { isCloudProvider, resolveModel } from "../agent/model.ts";
import { OidcUnavailableError } from "../cloud/oidc.ts";
import type { Config } from "../config/config.ts";
import { failed, pass, skipped, type CheckResult } from "./checks.ts";
import { passedNames, providerOf, type GitclawStep } from "./workflow.ts";

type Env = Record<string, string | undefined>;

/** The model is a cloud provider's (not one the configuration declares under the same name). */
export const isCloudModel = (config: Pick<Config, "model" | "providers">): boolean =>
  isCloudProvider(providerOf(config.model), config);

export async function cloudModelChecks(config: Config, env: Env, fetcher: typeof fetch): Promise<CheckResult[]> {
  try {
    const model = await resolveModel(config.model, config, env, { fetch: fetcher });
    const source = model.credentials?.source ?? "no credentials needed";
    return [
      pass("Model", `${config.model} at ${model.endpoint.url} (${model.endpoint.source})`),
      pass("Credentials", `${source}: granted (a token exchange; nothing was spent)`),
    ];
  } catch (error) {
    const message = (error as Error).message;
    if (error instanceof OidcUnavailableError)
      return [
        skipped(
          "Credentials",
          `${config.model} signs in with the job's OIDC token, which exists only inside a workflow run (${message})`,
          "run `bunx gitclaw doctor` as a step of the job to check the exchange itself",
        ),
      ];
    return [
      failed("Credentials", message, "set what the message names (the action's inputs, or the job's environment)"),
    ];
  }
}

/** The inputs with which gitclaw exchanges the job's OIDC token itself, per provider. */
const OIDC_INPUTS: Record<string, string> = {
  bedrock: "aws_role_arn",
  azure: "azure_client_id",
  vertex: "gcp_workload_identity_provider",
};

/** With aws_role_arn or azure_client_id, the job must be given its OIDC token: `id-token: write`. */
export function idTokenCheck(doc: Document | undefined, step: GitclawStep | undefined, config: Config): CheckResult[] {
  const input = OIDC_INPUTS[providerOf(config.model)];
  if (!doc || !step || !input || !passedNames(step.step, "with").includes(input)) return [];
  const granted = (holder: unknown) => {
    const permissions = isMap(holder) ? holder.get("permissions") : undefined;
    return isMap(permissions) && permissions.get("id-token") === "write";
  };
  const jobPermissions = step.job.get("permissions");
  if (jobPermissions !== undefined ? granted(step.job) : granted(doc.contents))
    return [pass("OIDC", `the job may ask for its OIDC token (id-token: write), which ${input} needs`)];
  return [
    failed(
      "OIDC",
      `the gitclaw step passes ${input}, but the job has no \`id-token: write\` permission: the runner gives it no OIDC token to exchange`,
      `add \`id-token: write\` under the ${jobPermissions !== undefined ? "job's" : "workflow's"} permissions`,
    ),
  ];
}
