// Google Vertex AI's models (`vertex/<model>`): Anthropic's Claude through @ai-sdk/google-vertex's
// anthropic subpath (the Messages API at …/publishers/anthropic/models/<model>:streamRawPredict), and
// Google's Gemini through @ai-sdk/google-vertex itself; both authorised by the access token of
// src/cloud/google.ts, asked for on each request so a renewed one takes over in a long run.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { AuthClient } from "google-auth-library";

export const isVertexClaude = (modelId: string): boolean => modelId.startsWith("claude-");

export async function createVertexModel(settings: {
  project: string;
  location: string;
  modelId: string;
  client: AuthClient;
  token: () => Promise<string>;
  /** Where Vertex is when not Google's own (GITCLAW_VERTEX_BASE_URL: a private endpoint, the tests' stand-in). */
  baseURL?: string;
}): Promise<LanguageModelV4> {
  const { project, location, modelId, token, baseURL } = settings;
  if (isVertexClaude(modelId)) {
    const { createVertexAnthropic } = await import("@ai-sdk/google-vertex/anthropic");
    const base = baseURL && `${baseURL}/v1/projects/${project}/locations/${location}/publishers/anthropic/models`;
    return createVertexAnthropic({ project, location, baseURL: base, generateAuthToken: token })(modelId);
  }
  const { createVertex } = await import("@ai-sdk/google-vertex");
  const googleAuthOptions = { authClient: settings.client } as never;
  const headers = async () => ({ Authorization: `Bearer ${await token()}` });
  const base = baseURL && `${baseURL}/v1/projects/${project}/locations/${location}/publishers/google`;
  return createVertex({ project, location, baseURL: base, googleAuthOptions, headers })(modelId);
}

/** Where Vertex is: GITCLAW_VERTEX_BASE_URL, else Google's endpoint for the location. */
export function vertexEndpoint(env: Record<string, string | undefined>, location: string) {
  const own = env.GITCLAW_VERTEX_BASE_URL?.trim().replace(/\/+$/, "");
  if (own) return { url: own, source: "GITCLAW_VERTEX_BASE_URL" };
  const host = location === "global" ? "aiplatform.googleapis.com" : `${location}-aiplatform.googleapis.com`;
  return { url: `https://${host}`, source: `Vertex AI's endpoint for ${location}` };
}
