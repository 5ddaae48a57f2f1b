// The job's OIDC token, as the runner hands it to a step of a job with `permissions: id-token: write`:
// GET $ACTIONS_ID_TOKEN_REQUEST_URL&audience=<audience> with the bearer $ACTIONS_ID_TOKEN_REQUEST_TOKEN
// answers `{ "value": "<JWT>" }`. The cloud providers take it in exchange for short-lived credentials
// (src/cloud/aws.ts, src/cloud/azure.ts); it is fetched afresh for each exchange, since it lives
// minutes. Both the request token and the JWT are secrets: the caller registers them with the redactor.
import { z } from "zod";
import { ActionableError } from "../errors.ts";

export class CloudCredentialError extends ActionableError {
  override name = "CloudCredentialError";
}

/** The runner offers no OIDC token here (outside a job, or a job without `id-token: write`). */
export class OidcUnavailableError extends CloudCredentialError {
  override name = "OidcUnavailableError";
}

const TokenAnswer = z.object({ value: z.string().min(1) });

export type Env = Record<string, string | undefined>;

/** What a cloud's SDK or server said, as one line of a refusal's message: its whitespace collapsed. */
export const oneLine = (said: string): string => said.replace(/\s+/g, " ").trim();

const NO_TOKEN =
  "the job's OIDC token is not available (ACTIONS_ID_TOKEN_REQUEST_URL is unset): give the job `permissions: id-token: write`";

/** The job's OIDC token for `audience`; a refusal is named in one line, with who asked for what. */
export async function jobOidcToken(env: Env, audience: string, options: { purpose: string }): Promise<string> {
  const url = env.ACTIONS_ID_TOKEN_REQUEST_URL?.trim();
  const bearer = env.ACTIONS_ID_TOKEN_REQUEST_TOKEN?.trim();
  if (!url || !bearer) throw new OidcUnavailableError(`${options.purpose}: ${NO_TOKEN}`);
  const request = new URL(url);
  request.searchParams.set("audience", audience);
  const response = await fetch(request, {
    headers: { authorization: `Bearer ${bearer}`, accept: "application/json" },
  }).catch((error: Error) => error);
  if (response instanceof Error)
    throw new CloudCredentialError(`${options.purpose}: cannot reach the runner's OIDC endpoint: ${response.message}`);
  const body = await response.text();
  const parsed = response.ok ? TokenAnswer.safeParse(safeJson(body)) : undefined;
  if (!parsed?.success)
    throw new CloudCredentialError(
      `${options.purpose}: the runner refused the job's OIDC token for audience ${audience} (HTTP ${response.status}${body ? `: ${body.slice(0, 200)}` : ""})`,
    );
  return parsed.data.value;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
