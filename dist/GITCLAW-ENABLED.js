// @bun
var __create = Object.create;
var __getProtoOf = Object.getPrototypeOf;
var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
function __accessProp(key) {
  return this[key];
}
var __toESMCache_node;
var __toESMCache_esm;
var __toESM = (mod, isNodeMode, target) => {
  var canCache = mod != null && typeof mod === "object";
  if (canCache) {
    var cache = isNodeMode ? __toESMCache_node ??= new WeakMap : __toESMCache_esm ??= new WeakMap;
    var cached = cache.get(mod);
    if (cached)
      return cached;
  }
  target = mod != null ? __create(__getProtoOf(mod)) : {};
  const to = isNodeMode || !mod || !mod.__esModule || !__hasOwnProp.call(mod, "default") ? __defProp(target, "default", { value: mod, enumerable: true }) : target;
  if (mod && typeof mod === "object" || typeof mod === "function") {
    for (let key of __getOwnPropNames(mod))
      if (!__hasOwnProp.call(to, key))
        __defProp(to, key, {
          get: __accessProp.bind(mod, key),
          enumerable: true
        });
  }
  if (canCache)
    cache.set(mod, to);
  return to;
};
var __commonJS = (cb, mod) => () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports);
var __returnValue = (v) => v;
function __exportSetter(name, newValue) {
  this[name] = __returnValue.bind(null, newValue);
}
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, {
      get: all[name],
      enumerable: true,
      configurable: true,
      set: __exportSetter.bind(all, name)
    });
};
var __esm = (fn, res, err) => () => {
  if (fn)
    try {
      res = fn(fn = 0);
    } catch (e) {
      err = [e];
    }
  if (err)
    throw err[0];
  return res;
};
var __require = import.meta.require;

// src/actions/env.ts
import { appendFileSync as appendFileSync2 } from "fs";
function required(env, name, hint) {
  const value = env[name]?.trim();
  if (!value)
    throw new ConfigurationError(`${name} is not set: ${hint}`);
  return value;
}
function readActionsEnv(env = process.env, cwd = process.cwd()) {
  const repository = required(env, "GITHUB_REPOSITORY", "expected owner/repo (GitHub Actions sets it).");
  const [owner, repo, ...rest] = repository.split("/");
  if (!owner || !repo || rest.length)
    throw new ConfigurationError(`GITHUB_REPOSITORY is "${repository}": expected owner/repo.`);
  return {
    eventName: required(env, "GITHUB_EVENT_NAME", "GitHub Actions sets it; run gitclaw from a workflow or `bun run local`."),
    eventPath: required(env, "GITHUB_EVENT_PATH", "GitHub Actions sets it to the event payload file."),
    owner,
    repo,
    token: required(env, "GITHUB_TOKEN", "pass `GITHUB_TOKEN: ${{ github.token }}` in the step's env."),
    apiUrl: (env.GITHUB_API_URL?.trim() || "https://api.github.com").replace(/\/+$/, ""),
    serverUrl: (env.GITHUB_SERVER_URL?.trim() || "https://github.com").replace(/\/+$/, ""),
    runId: env.GITHUB_RUN_ID?.trim() || "local",
    runnerTemp: env.RUNNER_TEMP?.trim() || "/tmp",
    workspace: env.GITHUB_WORKSPACE?.trim() || cwd,
    outputFile: env.GITHUB_OUTPUT?.trim() || undefined,
    stepSummaryFile: env.GITHUB_STEP_SUMMARY?.trim() || undefined
  };
}
function runUrl(env) {
  return `${env.serverUrl}/${env.owner}/${env.repo}/actions/runs/${env.runId}`;
}
function setOutput(env, name, value) {
  if (!env.outputFile)
    return;
  appendFileSync2(env.outputFile, `${name}=${value.replace(/[\r\n]+/g, " ")}
`);
}
var ConfigurationError;
var init_env = __esm(() => {
  ConfigurationError = class ConfigurationError extends Error {
    name = "ConfigurationError";
  };
});

// src/actions/event-basics.ts
import { readFileSync } from "fs";
function readEventBasics(eventName, eventPath) {
  let payload;
  try {
    payload = JSON.parse(readFileSync(eventPath, "utf8"));
  } catch (error) {
    throw new Error(`cannot read the event payload at ${eventPath}: ${error.message}`);
  }
  if (!isObject(payload))
    throw new Error(`the event payload at ${eventPath} is not a JSON object`);
  const { action, issue, sender, comment, label, assignee } = payload;
  if (typeof action !== "string")
    throw new Error(`the ${eventName} payload has no "action"`);
  if (!isObject(issue) || typeof issue.number !== "number")
    throw new Error(`the ${eventName} payload has no issue.number`);
  if (!isObject(sender) || typeof sender.login !== "string")
    throw new Error(`the ${eventName} payload has no sender.login`);
  const basics = {
    eventName,
    action,
    issueNumber: issue.number,
    isPullRequest: isObject(issue.pull_request),
    sender: { login: sender.login, type: typeof sender.type === "string" ? sender.type : "User" },
    title: typeof issue.title === "string" ? issue.title : "",
    body: typeof issue.body === "string" ? issue.body : "",
    labels: names(issue.labels, "name"),
    assignees: names(issue.assignees, "login"),
    ...isObject(label) && typeof label.name === "string" ? { label: label.name } : {},
    ...isObject(assignee) && typeof assignee.login === "string" ? { assignee: assignee.login } : {}
  };
  if (eventName === "issue_comment") {
    if (!isObject(comment) || typeof comment.id !== "number")
      throw new Error("the issue_comment payload has no comment.id");
    const user = isObject(comment.user) && typeof comment.user.login === "string" ? comment.user.login : "";
    basics.comment = { id: comment.id, body: typeof comment.body === "string" ? comment.body : "", userLogin: user };
  }
  return basics;
}
var isObject = (value) => typeof value === "object" && value !== null, names = (list, key) => Array.isArray(list) ? list.flatMap((item) => isObject(item) && typeof item[key] === "string" ? [item[key]] : []) : [];
var init_event_basics = () => {};

// src/github/rest-lite.ts
function createRestLite(options) {
  return {
    async request(method, path, body) {
      const response = await fetch(`${options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: "application/vnd.github+json",
          "x-github-api-version": "2022-11-28",
          "user-agent": "gitclaw",
          ...body === undefined ? {} : { "content-type": "application/json" }
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15000)
      });
      const text = await response.text();
      let data = text;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {}
      return { status: response.status, data };
    }
  };
}

// src/trust.ts
function isBot(actor) {
  return actor.type === "Bot" || actor.login.endsWith("[bot]");
}
function permissionFromApi(data) {
  if (typeof data !== "object" || data === null)
    return "none";
  const { role_name, permission } = data;
  for (const value of [role_name, permission]) {
    if (typeof value === "string" && PERMISSION_LEVELS.includes(value))
      return value;
  }
  return "none";
}
async function lookUpPermission(rest, repo, login) {
  const path = `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}/collaborators/${encodeURIComponent(login)}/permission`;
  const response = await rest.request("GET", path);
  if (response.status === 404)
    return "none";
  if (response.status !== 200) {
    const message = response.data?.message ?? "";
    throw new Error(`the collaborator-permission API answered ${response.status} ${message}`.trim());
  }
  return permissionFromApi(response.data);
}
async function decideTrust(actor, policy, lookup) {
  if (isBot(actor) && !policy.trustedBots.includes(actor.login)) {
    return { allowed: false, permission: "none", reason: `${actor.login} is a bot and not listed in trust.trustedBots` };
  }
  let permission;
  try {
    permission = await lookup(actor.login);
  } catch (error) {
    return { allowed: false, permission: "none", reason: `could not check ${actor.login}'s permission (${error.message}); failing closed` };
  }
  if (rank(permission) < rank(policy.minPermission)) {
    return { allowed: false, permission, reason: `${actor.login} has ${permission} permission; ${policy.minPermission} or higher is required` };
  }
  return { allowed: true, permission, reason: `${actor.login} has ${permission} permission` };
}
function trustPolicyFrom(config) {
  if (config === undefined)
    return DEFAULT_TRUST;
  if (typeof config !== "object" || config === null)
    throw new Error("the config file must hold a JSON object");
  const trust = config.trust;
  if (trust === undefined)
    return DEFAULT_TRUST;
  if (typeof trust !== "object" || trust === null)
    throw new Error(`"trust" must be an object`);
  const { minPermission = DEFAULT_TRUST.minPermission, trustedBots = [] } = trust;
  if (typeof minPermission !== "string" || !PERMISSION_LEVELS.includes(minPermission) || rank(minPermission) < rank("triage")) {
    throw new Error(`"trust.minPermission" is ${JSON.stringify(minPermission)}: expected one of triage, write, maintain, admin`);
  }
  if (!Array.isArray(trustedBots) || !trustedBots.every((b) => typeof b === "string")) {
    throw new Error(`"trust.trustedBots" must be a list of exact bot logins, e.g. ["renovate[bot]"]`);
  }
  return { minPermission, trustedBots };
}
function trustChecker(policy, lookup) {
  const known = new Map;
  return (login) => {
    let decided = known.get(login);
    if (!decided)
      known.set(login, decided = decideTrust({ login, type: "User" }, policy, lookup).then((d) => d.allowed));
    return decided;
  };
}
var PERMISSION_LEVELS, REPLY_MARKER = "<!-- gitclaw:reply -->", withReplyMarker = (body) => body.includes(REPLY_MARKER) ? body : `${body}
${REPLY_MARKER}`, DEFAULT_TRUST, rank = (level) => PERMISSION_LEVELS.indexOf(level);
var init_trust = __esm(() => {
  PERMISSION_LEVELS = ["none", "read", "triage", "write", "maintain", "admin"];
  DEFAULT_TRUST = { minPermission: "write", trustedBots: [] };
});

// src/actions/log.ts
import { randomUUID } from "crypto";
import { appendFileSync } from "fs";
var write = (line) => void process.stdout.write(`${line}
`);
var escapeData = (text) => text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll(`
`, "%0A");
var escapeProperty = (text) => escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
function command(name, message, properties = {}) {
  const props = Object.entries(properties).filter((entry) => entry[1] !== undefined).map(([key, value]) => `${key}=${escapeProperty(value)}`).join(",");
  write(`::${name}${props ? ` ${props}` : ""}::${escapeData(message)}`);
}
var COMMAND_LIKE = /(?:^|[\r\n])\s*::|##\[/;
function info(message) {
  if (!COMMAND_LIKE.test(message))
    return write(message);
  const token = randomUUID();
  write(`::stop-commands::${token}`);
  write(message);
  write(`::${token}::`);
}
var warning = (message, title) => command("warning", message, { title });
var error = (message, title) => command("error", message, { title });
var startGroup = (name) => command("group", name);
var endGroup = () => command("endgroup", "");
var setSecret = (secret) => command("add-mask", secret);
function appendSummary(file, markdown) {
  if (!file)
    throw new Error("GITHUB_STEP_SUMMARY is not set: there is no job summary to write to");
  appendFileSync(file, `${markdown}
`);
}

// lifecycle/GITCLAW-ENABLED.ts
init_env();

// src/guard.ts
init_event_basics();
import { existsSync, readFileSync as readFileSync2 } from "fs";
import { join } from "path";

// src/paths.ts
var SENTINEL_FILE = "GITCLAW-ENABLED.md";
var CONFIG_FILE = ".github/gitclaw.json";

// src/triggers.ts
var TRIGGER_MODES = ["issue", "mention", "label", "assign"];
var DEFAULT_TRIGGER = { modes: ["issue"], mention: "@gitclaw", label: "gitclaw", assignee: "gitclaw" };
var escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
function mentions(text, handle) {
  return new RegExp(`(^|\\s)${escape(handle)}(?=[\\s.,!?;:)]|$)`, "i").test(text);
}
function triggerReason(event, policy) {
  const has = (mode) => policy.modes.includes(mode);
  const labelled = event.labels.includes(policy.label);
  const assigned = event.assignees.includes(policy.assignee);
  if (event.eventName === "issues") {
    if (event.action === "opened" && has("issue"))
      return "a new issue";
    if (event.action === "opened" && has("mention") && mentions(`${event.title}
${event.body}`, policy.mention))
      return `a new issue mentioning ${policy.mention}`;
    if (event.action === "labeled" && has("label") && event.label === policy.label)
      return `the label "${policy.label}"`;
    if (event.action === "assigned" && has("assign") && event.assignee === policy.assignee)
      return `assignment to ${policy.assignee}`;
    return;
  }
  if (event.eventName === "issue_comment" && event.action === "created" && event.comment) {
    if (has("issue"))
      return "a comment";
    if (has("mention") && mentions(event.comment.body, policy.mention))
      return `a comment mentioning ${policy.mention}`;
    if (has("label") && labelled)
      return `a comment on an issue labelled "${policy.label}"`;
    if (has("assign") && assigned)
      return `a comment on an issue assigned to ${policy.assignee}`;
  }
  return;
}
function triggerPolicyFrom(config) {
  const trigger = config?.trigger;
  if (trigger === undefined)
    return DEFAULT_TRIGGER;
  if (typeof trigger !== "object" || trigger === null)
    throw new Error(`"trigger" must be an object`);
  const { modes = DEFAULT_TRIGGER.modes, mention = DEFAULT_TRIGGER.mention, label = DEFAULT_TRIGGER.label, assignee = DEFAULT_TRIGGER.assignee } = trigger;
  if (!Array.isArray(modes) || modes.length === 0 || !modes.every((m) => TRIGGER_MODES.includes(m))) {
    throw new Error(`"trigger.modes" is ${JSON.stringify(modes)}: expected a non-empty list of ${TRIGGER_MODES.join(", ")}`);
  }
  for (const [key, value] of Object.entries({ mention, label, assignee })) {
    if (typeof value !== "string" || value.trim() === "")
      throw new Error(`"trigger.${key}" is ${JSON.stringify(value)}: expected a non-empty string`);
  }
  if (!mention.startsWith("@"))
    throw new Error(`"trigger.mention" is ${JSON.stringify(mention)}: expected a handle starting with @, e.g. "@gitclaw"`);
  return { modes, mention, label, assignee };
}

// src/guard.ts
init_trust();
function readConfigJson(workspace) {
  const path = join(workspace, CONFIG_FILE);
  if (!existsSync(path))
    return;
  try {
    return JSON.parse(readFileSync2(path, "utf8"));
  } catch (error) {
    throw new Error(`${CONFIG_FILE} is not valid JSON: ${error.message}`);
  }
}
async function runGuard(env, rest = createRestLite(env)) {
  const stop = (reason) => ({ proceed: false, reason });
  if (!existsSync(join(env.workspace, SENTINEL_FILE))) {
    return stop(`${SENTINEL_FILE} is missing from the repository, so gitclaw is disabled; add the file to enable it`);
  }
  if (env.eventName !== "issues" && env.eventName !== "issue_comment")
    return stop(`event ${env.eventName} does not start gitclaw`);
  let event;
  try {
    event = readEventBasics(env.eventName, env.eventPath);
  } catch (error) {
    return stop(`${error.message}; failing closed`);
  }
  if (event.isPullRequest)
    return stop(`#${event.issueNumber} is a pull request; gitclaw works on issues`);
  if (event.comment?.body.includes(REPLY_MARKER))
    return stop(`comment ${event.comment.id} was written by gitclaw itself`);
  let policy;
  let trigger;
  try {
    const config = readConfigJson(env.workspace);
    policy = trustPolicyFrom(config);
    trigger = triggerPolicyFrom(config);
  } catch (error) {
    return stop(`${CONFIG_FILE}: ${error.message}; failing closed`);
  }
  const why = triggerReason(event, trigger);
  if (!why)
    return stop(`${env.eventName}.${event.action} does not match the configured triggers (${trigger.modes.join(", ")})`);
  const decision = await decideTrust(event.sender, policy, (login) => lookUpPermission(rest, env, login));
  return decision.allowed ? { proceed: true, reason: `${why} by ${decision.reason}` } : stop(decision.reason);
}

// lifecycle/GITCLAW-ENABLED.ts
try {
  const env = readActionsEnv();
  const result = await runGuard(env);
  setOutput(env, "proceed", String(result.proceed));
  console.log(`gitclaw guard: ${result.proceed ? "proceed" : "skip"}: ${result.reason}`);
} catch (error2) {
  const message = error2 instanceof ConfigurationError ? error2.message : `unexpected error: ${error2.message}`;
  error(message, "gitclaw guard");
  try {
    setOutput(readActionsEnv(), "proceed", "false");
  } catch {}
  process.exitCode = 1;
}
