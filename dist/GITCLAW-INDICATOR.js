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

// src/actions/run-state.ts
import { existsSync, readFileSync as readFileSync2, writeFileSync } from "fs";
import { join } from "path";
function read(runnerTemp, name) {
  const path = file(runnerTemp, name);
  return existsSync(path) ? JSON.parse(readFileSync2(path, "utf8")) : undefined;
}
function write2(runnerTemp, name, value) {
  writeFileSync(file(runnerTemp, name), JSON.stringify(value), { mode: 384 });
}
var file = (runnerTemp, name) => join(runnerTemp, `gitclaw-${name}.json`), readReaction = (runnerTemp) => read(runnerTemp, "reaction"), writeReaction = (runnerTemp, state) => write2(runnerTemp, "reaction", state), readProgressCommentId = (runnerTemp) => read(runnerTemp, "progress")?.commentId, writeProgressCommentId = (runnerTemp, commentId) => write2(runnerTemp, "progress", { commentId }), hasReplied = (runnerTemp) => read(runnerTemp, "replied") !== undefined, markReplied = (runnerTemp, by) => write2(runnerTemp, "replied", { at: new Date().toISOString(), by });
var init_run_state = () => {};

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

// src/backstop.ts
async function runBackstop(env, jobStatus, rest = createRestLite(env)) {
  const result = { postedFailure: false, removedReaction: false };
  const base = `/repos/${env.owner}/${env.repo}/issues`;
  const state = readReaction(env.runnerTemp);
  if (state && !state.removed) {
    const path = state.target === "comment" ? `${base}/comments/${state.commentId}/reactions/${state.reactionId}` : `${base}/${state.issueNumber}/reactions/${state.reactionId}`;
    const response = await rest.request("DELETE", path);
    result.removedReaction = response.status === 204 || response.status === 404;
    if (result.removedReaction)
      writeReaction(env.runnerTemp, { ...state, removed: true });
  }
  if (!hasReplied(env.runnerTemp)) {
    const { issueNumber } = readEventBasics(env.eventName, env.eventPath);
    const why = jobStatus === "cancelled" ? "was cancelled" : jobStatus === "success" ? "ended" : "failed";
    const body = withReplyMarker(`gitclaw stopped before it could reply: the job ${why}. See the [run](${runUrl(env)}) for what happened; comment again to retry.`);
    const commentId = readProgressCommentId(env.runnerTemp);
    const response = commentId ? await rest.request("PATCH", `${base}/comments/${commentId}`, { body }) : await rest.request("POST", `${base}/${issueNumber}/comments`, { body });
    if (response.status !== 200 && response.status !== 201)
      throw new Error(`posting the failure comment failed: ${response.status} ${JSON.stringify(response.data)}`);
    markReplied(env.runnerTemp, "backstop");
    result.postedFailure = true;
  }
  return result;
}
var init_backstop = __esm(() => {
  init_event_basics();
  init_env();
  init_run_state();
  init_trust();
});

// src/indicator.ts
async function addIndicator(env, rest = createRestLite(env)) {
  const event = readEventBasics(env.eventName, env.eventPath);
  const base = `/repos/${env.owner}/${env.repo}/issues`;
  const path = event.comment ? `${base}/comments/${event.comment.id}/reactions` : `${base}/${event.issueNumber}/reactions`;
  const response = await rest.request("POST", path, { content: "eyes" });
  const id = response.data?.id;
  if (response.status !== 200 && response.status !== 201 || typeof id !== "number") {
    throw new Error(`adding \uD83D\uDC40 failed: ${response.status} ${JSON.stringify(response.data)}`);
  }
  const state = {
    reactionId: id,
    target: event.comment ? "comment" : "issue",
    issueNumber: event.issueNumber,
    ...event.comment ? { commentId: event.comment.id } : {},
    repo: `${env.owner}/${env.repo}`
  };
  writeReaction(env.runnerTemp, state);
  return state;
}
var init_indicator = __esm(() => {
  init_event_basics();
  init_run_state();
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

// lifecycle/GITCLAW-INDICATOR.ts
init_env();
var cleanup = process.argv.includes("--cleanup");
try {
  const env = readActionsEnv();
  if (cleanup) {
    await Promise.resolve().then(() => init_backstop());
    const result = await runBackstop(env, process.env.GITCLAW_JOB_STATUS ?? "failure");
    console.log(`gitclaw cleanup: ${result.postedFailure ? "posted a failure comment" : "a reply exists"}; \uD83D\uDC40 ${result.removedReaction ? "removed" : "already gone"}`);
  } else {
    await Promise.resolve().then(() => init_indicator());
    const state = await addIndicator(env);
    console.log(`gitclaw indicator: \uD83D\uDC40 added to the ${state.target} (reaction ${state.reactionId})`);
  }
} catch (error) {
  warning(error.message, `gitclaw ${cleanup ? "cleanup" : "indicator"}`);
}
