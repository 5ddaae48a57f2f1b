// What each key of .github/gitclaw.json is for, by its dotted path: the descriptions of the generated
// configuration reference (docs/configuration.md, scripts/lib/config-reference.ts), which takes every
// key, type and default from the schema itself (./config.ts). A key of the schema without a line here
// fails the reference's generation, so a new key comes with its description.
export const CONFIG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  model:
    "`provider/model`, e.g. `anthropic/claude-sonnet-4-5` or `ollama/qwen3-coder`; the input `model` (GITCLAW_MODEL) overrides it",
  effort:
    "How hard the model reasons before answering: `low`, `medium` or `high`, mapped to each provider's own setting (Anthropic's extended thinking budget, OpenAI's `reasoning_effort`); none: the provider's default. Thinking counts as output tokens in the cost; the input `effort` (GITCLAW_EFFORT) overrides it",
  fallbackModel:
    "`provider/model` that carries the run on when `model` is overloaded or unavailable after its retries (529, 502–504, no connection), never after a refusal of the request; the input `fallback_model` (GITCLAW_FALLBACK_MODEL) overrides it. The next run starts on `model` again",
  providers:
    'Servers beyond the built-in providers, by name: `api` ("anthropic" or "openai-compatible"), `baseURL`, and `apiKeyEnv`, the variable holding the key (none for a keyless local server)',
  trigger: "Which events start the agent (src/gate/triggers.ts)",
  "trigger.modes":
    "What starts a run: issue (every new issue and comment), mention, label, assign, ci (a failed CI run of gitclaw's pull request), review (automatic pull-request review)",
  "trigger.mention": "The handle that starts a run in mode mention",
  "trigger.label": "The label that starts a run in mode label",
  "trigger.assignee": "The login whose assignment starts a run in mode assign",
  "trigger.changesRequested":
    "A review requesting changes on gitclaw's own pull request starts a run without a mention",
  "trigger.plan":
    'Plan first: true (every new conversation) or "on-label" (issues labelled `trigger.planLabel`) makes the first run read-only, replying with a plan (outcome `awaiting_approval`) that `/approve` from someone with write access carries out; a comment starting `@gitclaw plan` asks for the same',
  "trigger.planLabel": 'The label that asks for a plan first when `trigger.plan` is "on-label"',
  delivery:
    "Where an issue's work goes: push (to git.branch, the default branch) or pull-request (to gitclaw/issue-<n>, with a draft pull request)",
  pullRequests: "How gitclaw works on pull requests",
  "pullRequests.resolveThreads":
    "Resolve the review thread of an inline comment once a run answering it pushed a change",
  review: 'Automatic pull-request review (trigger mode "review", src/review/)',
  "review.drafts": "Review draft pull requests too; by default a draft waits until it is marked ready for review",
  "review.outsiders": "Review pull requests whose author (the event's sender) has no write access",
  "review.failOn": 'The least severity whose finding fails the check; "never": the check never fails',
  "review.maxDiffChars":
    "Characters of diff the review request carries; past it, files are summarised (path and counts)",
  ci: 'Fixing failed CI runs of gitclaw\'s pull requests (trigger mode "ci")',
  "ci.maxAttempts": "Fix attempts per pull request, counted from the Gitclaw-CI-Fix trailers of its commits",
  "ci.optOutLabel": "A pull request with this label gets no fix attempts",
  "ci.dispatch":
    "Workflow files of .github/workflows/ (with workflow_dispatch) gitclaw starts on the pushed branch after each push of its work, with the job's token (`actions: write`), so CI runs on its pushes; not with a GitHub App, whose pushes start CI themselves",
  validate: "The run's own change checked before it is delivered (src/validate/)",
  "validate.commands":
    "Commands run in the sandbox (as the tool user, under the network policy) after the agent's last turn when the run changed files; unset: the list items or code block of a `## Validation` section of AGENTS.md on the default branch, else none",
  "validate.maxRounds": "More rounds the agent gets, each told the failing commands' output tail, to make them pass",
  "validate.timeoutSeconds": "Seconds each validation command may take before it is stopped and counted as failed",
  "validate.onFailure":
    "A change whose validation still fails: deliver (with the failure at the top of the reply) or pull-request (to gitclaw/issue-<n> with a pull request, nothing on the default branch)",
  "validate.review":
    "The review engine reads the run's own diff before delivery; findings at review.failOn or worse go back to the agent once, what remains is listed in the reply",
  "validate.secretScan":
    "The change about to be pushed is scanned for secrets (secretlint's recommended rules, the run's own secrets); a finding the agent does not remove is held back",
  approvals: "A human in the merge loop (src/approval/)",
  "approvals.required":
    "Approvals of the head, by people with write access other than whoever asked and other than bots, before the `gitclaw/approval` status of gitclaw's pull requests turns success; 0: off",
  trust: "Who may drive the agent (src/gate/trust.ts)",
  "trust.minPermission":
    "Minimum repository permission of the person driving the agent (triage, write, maintain, admin), checked with the collaborator-permission API",
  "trust.trustedBots": "Exact bot logins allowed to drive the agent; a login merely ending in `[bot]` is not trusted",
  models:
    'Per-model facts over the built-in catalogue, keyed "provider/model": `contextWindow`, `cost` (USD per million tokens: input, output, cacheRead, cacheWrite) and `vision`',
  budgets: "Limits of one run, and of the runs of an issue or a day",
  "budgets.maxTurns": "Model turns of one run; the input `max_turns` overrides it",
  "budgets.maxMinutes":
    "Wall clock for the agent loop; keep it well below the job's timeout-minutes to leave time to commit and reply (input `max_minutes`)",
  "budgets.maxOutputTokens": "Output tokens for the whole run",
  "budgets.maxOutputTokensPerCall": "Output tokens of one model call",
  "budgets.maxCostUsd": "USD for the whole run, from the catalogue's or the config's prices (input `max_cost_usd`)",
  "budgets.maxCostUsdPerIssue":
    "USD across every run of one issue or pull request, summed from its committed sessions; none by default",
  "budgets.maxCostUsdPerDay": "USD across every run of the repository in one UTC day; none by default",
  "budgets.modelIdleSeconds":
    "Seconds a model call may send nothing (before its response starts, or between two stream events) before the turn ends naming the silent model",
  compaction: "How a long conversation is summarised to fit the model's context window",
  "compaction.reserveTokens":
    "When the next request would exceed the context window minus these tokens, older turns are summarised (the full history stays in the session file)",
  "compaction.keepRecentTokens": "Tokens of the latest turns kept verbatim when older ones are summarised",
  "compaction.clearToolResultsAt":
    "Tool results the model has already answered, older than the latest `compaction.keepToolResultTurns` turns, are left out of later requests once they add up to this many tokens (estimated), all at once, so the prompt cache is rewritten rarely: each is replaced by a stub naming the tool and arguments that get it again. The session file keeps them in full. 0 turns it off",
  "compaction.keepToolResultTurns":
    "The latest turns whose tool results always go to the model in full (1: only the results it has not answered yet)",
  git: "How gitclaw commits and pushes",
  "git.branch": "Branch the agent commits to; default: the repository's default branch",
  "git.pushAttempts":
    "Push attempts, with `pull --rebase`, backoff and jitter in between; a real conflict keeps the change on gitclaw/issue-<n>-<run>",
  "git.maxAgentCommits":
    "The commits the agent makes with git are taken one by one up to this many; more come as one commit of their change, whose message and the reply say why",
  "git.agentCommitsSeconds":
    "Seconds taking the agent's commits one by one may last; past it they come as one commit, as above",
  commits: "How gitclaw's commits are made",
  "commits.sign":
    "Land through GitHub's Git Database API instead of a push, so GitHub signs the commits (Verified); on by itself where the rules require signed commits. Authors go into Co-authored-by trailers",
  state: "Where the conversations live when the work's branch does not take gitclaw's pushes",
  "state.branch":
    "The state branch: holds state/ (sessions and mappings) when the default branch takes no pushes (rules that require pull requests, a refused push); made on first use, later runs resume from it",
  protectedPaths:
    "Paths the agent may not change (prefixes from the repository root): this configuration, and what later runs execute with the token before anything else",
  sandbox:
    'Run tool commands as a dedicated unprivileged user ("auto"; falls back loudly where impossible) or not ("off")',
  network:
    'What tool commands may reach: "open", "off", "audit" (anything, recorded: the reply ends with the allow list that was needed), or { "allow": [hosts, *.wildcards, host:port, IPs, CIDRs, localhost:<port>, presets, "services"] }; absent, the presets of the repository\'s ecosystems, github and services (the job\'s service containers) (input `network`)',
  progress: "The progress comment a longer run keeps up to date",
  "progress.throttleSeconds":
    "Minimum seconds between edits of the progress comment (GitHub's secondary rate limits punish bursts)",
  "progress.delaySeconds":
    "Seconds the run goes before the progress comment appears (a quicker run just replies); 0: at once",
  tools: "The agent's tools",
  "tools.enabled": "The tools the agent gets",
  "tools.interceptor": "Steering shell commands to the better tool",
  "tools.interceptor.enabled":
    "Block shell commands that have a better tool (`cat` → read, `sed -i` → edit, `echo > f` → write)",
  "tools.github": "What the github tool may do: per class (read/write/destructive) and per op",
  "tools.github.read": "Reading: on any repository the token can see, this one only, or never",
  "tools.github.write": "Writing (comments, labels, pull requests): on this repository, any, or never",
  "tools.github.destructive": "A forced push, which can discard commits on the remote branch",
  "tools.github.ops": "Per op, overriding its class's rule for every call of that op",
  "tools.env":
    "Variables of the step's environment tool commands get too (their values are then secrets, redacted); input `tools_env`",
  instructions:
    "The repository's instruction files: true (AGENTS.md, CLAUDE.md, .github/copilot-instructions.md, GEMINI.md and nested AGENTS.md), false (none), a list of files read after the defaults, or { defaults, files, nested }",
  mcp: "MCP servers the repository brings (src/mcp/): policy per tool, hosts, limits; servers beside .mcp.json's",
  "mcp.enabled": "false: no server starts, whatever .mcp.json declares",
  "mcp.mcpJson": "Read `.mcp.json` of the default branch too (else only the servers declared here)",
  "mcp.servers":
    'Servers by name: a stdio server (`command`, `args`, `env`) or an http one (`"type": "http"`, `url`, `headers`), or only a `tools` policy ("allow"/"deny" per tool, "*" for the rest) for a server of .mcp.json',
  "mcp.startSeconds": "Seconds each server has to start and list its tools",
  "mcp.callSeconds": "Seconds one tool call may take",
  "mcp.directTools":
    "Up to this many tools are offered directly; with more, they are found with mcp_search and called with mcp_call",
  tasks: "Sub-agents (the task tools, src/tasks/): whether the agent may start them, how many run at once, how deep",
  "tasks.enabled": "Off by default: the task tools' definitions add about 2 KB to every model request",
  "tasks.maxParallel": "Tasks running at once across the run (queued ones wait for a slot)",
  "tasks.maxDepth": "How deep sub-agents nest: tasks at this depth get no task tools",
  "tasks.actions": 'Runner "actions": each task as its own workflow_dispatch run, followed until it ends',
  "tasks.actions.enabled": "Run tasks on Actions (the workflow's token needs `actions: write`)",
  "tasks.actions.workflow": "The workflow file under .github/workflows/ with the task job",
  "tasks.actions.pollSeconds": "Seconds between looks at a task's run",
};
