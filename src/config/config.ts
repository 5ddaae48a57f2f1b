// The configuration file (.github/gitclaw.json), validated with zod. Every key has a default, so an
// absent file is a valid configuration; a bad value fails with the key, the value and the form.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { PERMISSION_LEVELS } from "../github/operations.ts";
import { describeZodError } from "../zod-errors.ts";
import { CONFIG_FILE } from "./paths.ts";
import { GitHubPolicyConfig } from "../tools/github/policy.ts";
import { SANDBOX_MODES, TOOL_NAMES } from "../tools/names.ts";
import { refusedToolEnvName } from "../tool-env.ts";
import { McpSettings } from "../mcp/config.ts";
import { NetworkConfig } from "../egress/policy.ts";
import { ActionableError } from "../errors.ts";

/** What starts a run (src/gate/triggers.ts). */
export const TRIGGER_MODES = ["issue", "mention", "label", "assign", "ci", "review"] as const;

/** How much a review finding matters, least first (src/review/findings.ts). */
export const FINDING_SEVERITIES = ["suggestion", "warning", "error"] as const;

/** Where an issue's work goes: pushed to the branch (git.branch, the default branch), or onto gitclaw/issue-<n> with a draft PR. */
export const DELIVERY_MODES = ["push", "pull-request"] as const;

/** A workflow named as its file under .github/workflows/ (`ci.yml`); the folder may be written out. */
export const WorkflowFileName = z
  .string()
  .transform((name) => name.replace(/^\.github\/workflows\//, ""))
  .pipe(z.string().regex(/^[\w.-]+\.ya?ml$/, "a workflow file name under .github/workflows/, e.g. ci.yml"));

/** The config key `sandbox`: "auto" isolates wherever the machine allows it, "off" never does. */
const SandboxMode = z.enum(SANDBOX_MODES).default("auto");

/** A name git takes for a branch. */
const branchName = (example: string) =>
  z
    .string()
    .regex(
      /^(?!-)(?!.*\.\.)[^\s~^:?*[\\\x00-\x1f\x7f]+$/,
      `expected a branch name, e.g. ${example} (no leading -, spaces or ~^:?*[\\)`,
    );
/** The wire protocols a provider may speak. */
export const PROVIDER_APIS = ["anthropic", "openai-compatible"] as const;

const ProviderConfig = z.strictObject({
  /** Wire protocol: the Anthropic Messages API or OpenAI chat completions (Ollama, vLLM, OpenRouter …). */
  api: z.enum(PROVIDER_APIS),
  baseURL: z.url(),
  /** Name of the environment variable holding the key; omit for keyless local servers. */
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
    .optional(),
});

/** A file of the repository, named from its root. */
const InstructionPath = z
  .string()
  .max(200)
  .regex(
    /^(?![/\\])(?!(?:.*\/)?\.\.(?:\/|$))[^\0\\]+$/,
    "expected a file's path from the repository root, e.g. docs/agents.md",
  );

/** Reasoning effort, as pi's thinking levels name them and the ai SDK maps them to each provider. */
export const EFFORTS = ["low", "medium", "high"] as const;
export type Effort = (typeof EFFORTS)[number];

export const Config = z
  .strictObject({
    /** `provider/model`, e.g. `anthropic/claude-sonnet-4-5` or `ollama/qwen3-coder`. GITCLAW_MODEL overrides it. */
    model: z
      .string()
      .regex(/^[\w.-]+\/.+$/, "expected provider/model, e.g. anthropic/claude-sonnet-4-5")
      .default("anthropic/claude-sonnet-4-5"),
    /** How hard the model reasons before it answers (extended thinking, reasoning_effort). GITCLAW_EFFORT overrides it. */
    effort: z.enum(EFFORTS).optional(),
    /** Takes over when `model` is overloaded or unavailable after its retries. GITCLAW_FALLBACK_MODEL overrides it. */
    fallbackModel: z
      .string()
      .regex(/^[\w.-]+\/.+$/, "expected provider/model, e.g. openai/gpt-4.1")
      .optional(),
    providers: z.record(z.string(), ProviderConfig).default({}),
    /** Which events start the agent (see src/gate/triggers.ts). */
    trigger: z
      .strictObject({
        modes: z.array(z.enum(TRIGGER_MODES)).min(1).default(["issue"]),
        mention: z
          .string()
          .regex(/^@\S+$/, "expected a handle starting with @, e.g. @gitclaw")
          .default("@gitclaw"),
        label: z.string().min(1).default("gitclaw"),
        assignee: z.string().min(1).default("gitclaw"),
        /** A review requesting changes on gitclaw's own pull request starts a run without a mention. */
        changesRequested: z.boolean().default(true),
        /**
         * Plan first (src/run/plan.ts): true, every new conversation; "on-label", those of issues
         * labelled planLabel. The run is read-only and replies with a plan; `/approve` carries it out.
         */
        plan: z.union([z.boolean(), z.literal("on-label")]).default(false),
        planLabel: z.string().min(1).default("gitclaw:plan"),
      })
      .prefault({}),
    /** push: commits go to git.branch (the default branch); pull-request: to gitclaw/issue-<n>, with a draft PR. */
    delivery: z.enum(DELIVERY_MODES).default("push"),
    pullRequests: z
      .strictObject({
        /** Resolve the review thread of an inline comment once a run answering it pushed a change. */
        resolveThreads: z.boolean().default(true),
      })
      .prefault({}),
    /** Automatic pull-request review (trigger mode "review", src/review/). */
    review: z
      .strictObject({
        /** Review draft pull requests too; by default a draft waits until it is marked ready for review. */
        drafts: z.boolean().default(false),
        /** Review pull requests whose author (the event's sender) has no write access. */
        outsiders: z.boolean().default(false),
        /** The least severity whose finding fails the check; "never": the check never fails. */
        failOn: z.enum([...FINDING_SEVERITIES, "never"]).default("error"),
        /** Characters of diff the review request carries; past it, files are summarised (path and counts). */
        maxDiffChars: z.int().min(2000).max(500_000).default(60_000),
      })
      .prefault({}),
    /**
     * A human in the merge loop (src/approval/): the commit status `gitclaw/approval` on the head of each
     * pull request gitclaw opened or pushed to stays pending until this many people with write access,
     * other than whoever asked for the work and other than bots, approve that head. 0: off.
     */
    approvals: z
      .strictObject({
        required: z.int().min(0).max(10).default(0),
      })
      .prefault({}),
    /** Fixing failed CI runs of gitclaw's pull requests (trigger mode "ci"). */
    ci: z
      .strictObject({
        /** Fix attempts per pull request, counted from the Gitclaw-CI-Fix trailers of its commits. */
        maxAttempts: z.int().min(1).max(10).default(3),
        /** A pull request with this label gets no fix attempts. */
        optOutLabel: z.string().min(1).default("gitclaw-no-ci-fix"),
        /**
         * Workflow files (under .github/workflows/) gitclaw starts with workflow_dispatch after each
         * push of its work: a push made with the job's token starts no workflow (src/run/start-ci.ts).
         */
        dispatch: z.array(WorkflowFileName).max(10).default([]),
      })
      .prefault({}),
    /** The run's own change checked before it is delivered (src/validate/). */
    validate: z
      .strictObject({
        /** Commands run in the sandbox after the agent's last turn; default: AGENTS.md's `## Validation` section. */
        commands: z.array(z.string().trim().min(1)).max(20).optional(),
        /** More rounds the agent gets to fix what validation found. */
        maxRounds: z.int().min(0).max(10).default(2),
        /** Seconds each command may take. */
        timeoutSeconds: z.int().min(5).max(3600).default(600),
        /** A change whose validation still fails: delivered saying so, or kept off the branch on a pull request. */
        onFailure: z.enum(["deliver", "pull-request"]).default("deliver"),
        /** The review engine reads the run's own diff before delivery. */
        review: z.boolean().default(false),
        /** The change scanned for secrets before the push. */
        secretScan: z.boolean().default(true),
      })
      .prefault({}),
    /** Who may drive the agent (see src/gate/trust.ts). */
    trust: z
      .strictObject({
        minPermission: z.enum(PERMISSION_LEVELS.filter((p) => p !== "none" && p !== "read")).default("write"),
        /** Exact bot logins allowed to drive the agent. A login merely ending in `[bot]` is not trusted. */
        trustedBots: z.array(z.string().min(1)).default([]),
      })
      .prefault({}),
    /** Per-model facts that override the built-in catalogue, keyed "provider/model". */
    models: z
      .record(
        z.string(),
        z.strictObject({
          contextWindow: z.int().min(1024).optional(),
          cost: z
            .strictObject({
              input: z.number().min(0),
              output: z.number().min(0),
              cacheRead: z.number().min(0),
              cacheWrite: z.number().min(0),
            })
            .optional(),
          /** Takes images (issue screenshots, `read` of image files); default: yes for Anthropic's API, per family for others. */
          vision: z.boolean().optional(),
        }),
      )
      .default({}),
    budgets: z
      .strictObject({
        maxTurns: z.int().min(1).max(1000).default(60),
        /** Wall clock for the agent loop; keep it well below the job's timeout-minutes to leave time to commit and reply. */
        maxMinutes: z.number().positive().max(360).default(45),
        /** Output tokens for the whole run. */
        maxOutputTokens: z.int().min(256).default(200_000),
        /** Output tokens of one model call. */
        maxOutputTokensPerCall: z.int().min(256).default(16_384),
        /** USD for the whole run, from the catalogue's or the config's prices. */
        maxCostUsd: z.number().positive().default(10),
        /** USD across every run of one issue or pull request, summed from its committed session (src/run/cost-caps.ts); none by default. */
        maxCostUsdPerIssue: z.number().positive().optional(),
        /** USD across every run of the repository in one UTC day, summed from the committed sessions; none by default. */
        maxCostUsdPerDay: z.number().positive().optional(),
        /**
         * Seconds a model call may send nothing (before its response starts, or between two stream
         * events) before the turn ends with the model named as silent, rather than the run waiting out its time.
         */
        modelIdleSeconds: z.number().positive().max(3600).default(300),
      })
      .prefault({}),
    compaction: z
      .strictObject({
        reserveTokens: z.int().min(0).default(16_384),
        keepRecentTokens: z.int().min(256).default(20_000),
        /**
         * Context editing (src/agent/context-editing.ts): tool results the model has answered, older than
         * the latest keepToolResultTurns turns, are replaced in requests by a stub naming the call that gets
         * them again, in batches of this many tokens (estimated); 0 turns it off.
         */
        clearToolResultsAt: z.int().min(0).default(10_000),
        /** The latest turns whose tool results always go in full (1: only those the model has not answered yet). */
        keepToolResultTurns: z.int().min(1).max(1000).default(2),
      })
      .prefault({}),
    git: z
      .strictObject({
        /** Branch the agent commits to; default: the repository's default branch. */
        branch: branchName("main").optional(),
        pushAttempts: z.int().min(8).max(20).default(8),
        /** The agent's commits (made with git in bash) taken one by one up to this many; more come as one commit. */
        maxAgentCommits: z.int().min(1).max(100_000).default(1000),
        /** Seconds taking the agent's commits one by one may last; past it they come as one commit. */
        agentCommitsSeconds: z.int().min(1).max(3600).default(120),
      })
      .prefault({}),
    commits: z
      .strictObject({
        /**
         * Land through GitHub's Git Database API instead of a push, so GitHub signs the commits
         * (Verified); authors then go into Co-authored-by trailers (src/run/signed-land.ts).
         */
        sign: z.boolean().default(false),
      })
      .prefault({}),
    state: z
      .strictObject({
        /**
         * Where the conversations (state/) go when the work's branch does not take gitclaw's pushes (rules
         * require pull requests, a push was refused): created on first use; later runs resume from it.
         */
        branch: branchName("gitclaw/state").default("gitclaw/state"),
      })
      .prefault({}),
    /**
     * Paths the agent may not change (prefixes relative to the repository root): this config, and what
     * later runs execute with the token before anything else (lifecycle/, a bunfig.toml preload).
     * Workflow files are not pushed either way (the job's token cannot): they are delivered as a patch
     * unless workflows_token is set (src/run/workflow-files.ts); listed here, they are refused outright.
     */
    protectedPaths: z.array(z.string().min(1)).default([CONFIG_FILE, "lifecycle/", "bunfig.toml"]),
    /** Run tool commands as a dedicated unprivileged user ("auto"; falls back loudly where impossible) or not ("off"). */
    sandbox: SandboxMode,
    /**
     * What tool commands may reach (src/egress/): "open", "off", or { allow: hosts, *.wildcards, IPs,
     * CIDRs, presets }. Absent: the presets of the repository's ecosystems, and github.
     */
    network: NetworkConfig.optional(),
    progress: z
      .strictObject({
        /** Minimum seconds between edits of the progress comment (GitHub's secondary rate limits punish bursts). */
        throttleSeconds: z.number().min(0).max(60).default(3),
        /** Seconds the run goes before the progress comment appears (a quicker run just replies); 0: at once. */
        delaySeconds: z.number().min(0).max(60).default(3),
      })
      .prefault({}),
    tools: z
      .strictObject({
        enabled: z.array(z.enum(TOOL_NAMES)).default([...TOOL_NAMES]),
        interceptor: z.strictObject({ enabled: z.boolean().default(false) }).prefault({}),
        /** What the github tool may do: per class (read/write/destructive) and per op. */
        github: GitHubPolicyConfig.prefault({}),
        /** Variables of the step's environment tool commands get too (their values are then secrets, redacted). */
        env: z
          .array(
            z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an environment variable's name, e.g. NPM_TOKEN"),
          )
          .max(50)
          .default([]),
      })
      .prefault({}),
    /**
     * The repository's instruction files (src/run/instructions.ts): true (AGENTS.md, CLAUDE.md,
     * .github/copilot-instructions.md, GEMINI.md and nested AGENTS.md), false (none), a list of files
     * read after the defaults, or all three choices spelled out.
     */
    instructions: z
      .union([
        z.boolean(),
        z.array(InstructionPath).max(20),
        z.strictObject({
          defaults: z.boolean().default(true),
          files: z.array(InstructionPath).max(20).default([]),
          nested: z.boolean().default(true),
        }),
      ])
      .default(true),
    /** MCP servers the repository brings (src/mcp/): policy per tool, hosts, limits; servers beside .mcp.json's. */
    mcp: McpSettings,
    /** Sub-agents (the task tools, src/tasks/): whether the agent may start them, how many run at once, how deep. */
    tasks: z
      .strictObject({
        /** Off by default: the task tools' definitions add about 2 KB to every model request. */
        enabled: z.boolean().default(false),
        /** Tasks running at once across the run (queued ones wait for a slot, with no worktree yet). */
        maxParallel: z.int().min(1).max(16).default(3),
        /** How deep sub-agents nest: tasks at this depth get no task tools. */
        maxDepth: z.int().min(1).max(5).default(2),
        /**
         * runner "actions": a task as its own workflow_dispatch run of `workflow` (a file under
         * .github/workflows/ with the task job, whose token needs `actions: write`), followed every `pollSeconds`.
         */
        actions: z
          .strictObject({
            enabled: z.boolean().default(false),
            workflow: z
              .string()
              .regex(/^[\w.-]+\.ya?ml$/, "expected the workflow's file name, e.g. gitclaw.yml")
              .default("gitclaw.yml"),
            pollSeconds: z.number().positive().max(600).default(15),
          })
          .prefault({}),
      })
      .prefault({}),
  })
  .superRefine((config, ctx) => {
    // gitclaw's own secrets never reach tool commands, whatever tools.env lists.
    const modelKeys = Object.values(config.providers).flatMap((provider) => provider.apiKeyEnv ?? []);
    config.tools.env.forEach((name, i) => {
      const refused = refusedToolEnvName(name, modelKeys);
      if (refused) ctx.addIssue({ code: "custom", path: ["tools", "env", i], message: refused });
    });
  });
export type Config = z.infer<typeof Config>;

export class ConfigError extends ActionableError {
  override name = "ConfigError";
}

export function parseConfig(input: unknown, where = CONFIG_FILE): Config {
  const parsed = Config.safeParse(input ?? {});
  if (!parsed.success) throw new ConfigError(describeZodError(parsed.error, where, input, Config));
  return parsed.data;
}

/**
 * The configuration of a run: `settings` (the action's inputs, src/config/inputs.ts) over
 * .github/gitclaw.json over the defaults. A bad value is reported where it came from.
 */
export function loadConfig(workspace: string, settings: Record<string, unknown> = {}): Config {
  const file = readConfigFile(workspace);
  const fromFile = parseConfig(file);
  if (Object.keys(settings).length === 0) return fromFile;
  return parseConfig(
    mergeInto(structuredClone((file ?? {}) as Record<string, unknown>), settings),
    `the action's inputs over ${CONFIG_FILE}`,
  );
}

function readConfigFile(workspace: string): unknown {
  const path = join(workspace, CONFIG_FILE);
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ConfigError(`${CONFIG_FILE} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Deep merge of plain objects: `over`'s values win, lists are replaced whole. */
export function mergeInto(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(over)) {
    const current = base[key];
    const nested = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
    base[key] =
      nested(current) && nested(value)
        ? mergeInto({ ...(current as Record<string, unknown>) }, value as Record<string, unknown>)
        : value;
  }
  return base;
}
