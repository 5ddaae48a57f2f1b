// The contract every agent tool implements. Tools are plain objects: a zod schema for their
// arguments (pi-compatible names and shapes), validated before `execute` sees them
// (src/tools/call.ts), and an `execute` that never throws for expected failures — it returns an
// error result the model can read and act on.
import type { z } from "zod";
import type { AgentRepo } from "../git/agent/repository.ts";

export interface ToolResult {
  /** What the model sees. Already bounded in size by the tool. */
  text: string;
  isError: boolean;
  /** Structured facts for the session and the progress UI; never sent to the model. */
  details?: Record<string, unknown>;
  /** Images the model sees after the text (`read` of an image file, for a model that takes images). */
  images?: { data: string; mimeType: string }[];
}

/** Large outputs are spilled to files beside the session and referenced as `artifact://<id>`. */
export interface ArtifactStore {
  /** Reserves the next artifact: the caller writes `path` itself (streaming, bounded memory). */
  allocate(kind: string): { id: string; ref: string; path: string };
  /** Maps `artifact://<id>` to its file, or undefined when there is no such artifact. */
  resolve(ref: string): string | undefined;
}

/** Who tool processes run as when the run is sandboxed (see src/sandbox/sandbox.ts). */
export interface RunAs {
  uid: number;
  gid: number;
  /** HOME of the tool processes: the tool user's own, never the agent's. */
  home: string;
  /** A process whose mount namespace tool processes enter: the sandbox's view of the workspace (src/sandbox/sandbox-view.ts). */
  mountNamespacePid?: number;
  /** A process whose network namespace tool processes enter: only gitclaw's egress proxy is reachable there (src/egress/namespace.ts). */
  netNamespacePid?: number;
  /** False where the machine cannot give each command a PID namespace of its own (a container without CAP_SYS_ADMIN). */
  pidNamespaces?: boolean;
}

/**
 * What the repository's hooks say of each call (src/hooks/), asked by src/tools/call.ts: before it,
 * the text the model gets instead of running it (a denial), or undefined; after it, told the result.
 */
export interface ToolGate {
  before(toolName: string, args: unknown): Promise<string | undefined>;
  after(toolName: string, args: unknown, result: ToolResult): Promise<void>;
}

export interface ToolContext {
  /** Absolute path of the workspace (the repository checkout). */
  workspace: string;
  /** Aborted on cancel, timeout of the run, or shutdown. */
  signal: AbortSignal;
  /** The base environment for child processes, secrets already removed (see src/tool-env.ts). */
  env: Readonly<Record<string, string>>;
  /**
   * Added for command processes only (bash, jobs), never for gitclaw's own git: the tools' `git`
   * and the identity of the agent's commits (src/git/agent/).
   */
  commandEnv?: Readonly<Record<string, string>>;
  /** The tool user's own git repository for the workspace, read only as data (src/git/agent/). */
  agentRepo?: AgentRepo;
  artifacts: ArtifactStore;
  /** Removes known secret values and token shapes; applied to everything a tool writes out. */
  redact(text: string): string;
  /** Set when commands must run as the sandbox's unprivileged user rather than as the agent. */
  runAs?: RunAs;
  /** The run's directory for pull request worktrees, outside the workspace (see src/sandbox/sandbox.ts). */
  worktreesDir?: string;
  /** The values of tools.env (src/tool-env.ts): tools that commit redact them from the files first (src/git/scrub.ts). */
  passedSecrets?: readonly string[];
  /**
   * The workspace is a worktree in the run's worktree directory, shared with the sandbox's user by
   * permissions (a sub-agent's, src/tasks/): what the file tools create there gets group write.
   */
  sharedWorkspace?: boolean;
  /** The model takes images: `read` of an image file answers with the image itself. */
  images?: boolean;
  /** The repository's preToolUse and postToolUse hooks, when it has any (src/hooks/). */
  gate?: ToolGate;
}

export interface Tool<Schema extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  parameters: Schema;
  /** The JSON schema the model is shown instead of `parameters`, when the description documents the arguments. */
  modelSchema?: Record<string, unknown>;
  /** Runs a call whose arguments passed `parameters` (src/tools/call.ts validates them, once). */
  execute(args: z.infer<Schema>, context: ToolContext): Promise<ToolResult>;
  /** How a call whose arguments fail `parameters` is answered (default: the validation message). */
  invalid?(rawArgs: unknown, message: string, context: ToolContext): ToolResult;
}

export const ok = (text: string, details?: Record<string, unknown>): ToolResult => ({ text, isError: false, details });
export const fail = (text: string, details?: Record<string, unknown>): ToolResult => ({ text, isError: true, details });
