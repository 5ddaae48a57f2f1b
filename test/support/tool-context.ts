// The tool context an agent-loop test hands its tools: the directory as workspace, artifacts beside
// it, no environment, nothing to redact unless told, never cancelled.
import { join } from "node:path";
import { createRedactor } from "../../src/redact.ts";
import { createArtifactStore } from "../../src/session/artifacts.ts";
import type { ToolContext } from "../../src/tools/types.ts";

export function plainToolContext(dir: string, secrets: string[] = []): ToolContext {
  return {
    workspace: dir,
    signal: new AbortController().signal,
    env: {},
    artifacts: createArtifactStore(join(dir, "a")),
    redact: createRedactor(secrets),
  };
}
