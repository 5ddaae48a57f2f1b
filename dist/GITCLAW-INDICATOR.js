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

// src/actions/log.ts
import { appendFileSync } from "fs";
function command(name, message, properties = {}) {
  const props = Object.entries(properties).filter((entry) => entry[1] !== undefined).map(([key, value]) => `${key}=${escapeProperty(value)}`).join(",");
  write(`::${name}${props ? ` ${props}` : ""}::${escapeData(message)}`);
}
function info(message) {
  if (!COMMAND_LIKE.test(message)) {
    write(message);
    return;
  }
  const token = crypto.randomUUID();
  write(`::stop-commands::${token}`);
  write(message);
  write(`::${token}::`);
}
function appendSummary(file, markdown) {
  if (!file)
    throw new Error("GITHUB_STEP_SUMMARY is not set: there is no job summary to write to");
  appendFileSync(file, `${markdown}
`);
}
var write = (line) => console.log(line), escapeData = (text) => text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll(`
`, "%0A"), escapeProperty = (text) => escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C"), COMMAND_LIKE, warning = (message, title) => command("warning", message, { title }), error = (message, title) => command("error", message, { title }), startGroup = (name) => command("group", name), endGroup = () => command("endgroup", ""), setSecret = (secret) => command("add-mask", secret), secretSink = (redact) => (secrets) => {
  for (const secret of secrets) {
    redact.add(secret);
    setSecret(secret);
  }
};
var init_log = __esm(() => {
  COMMAND_LIKE = /(?:^|[\r\n])\s*::|##\[/;
});

// src/actions/env.ts
import { randomBytes } from "crypto";
import { appendFileSync as appendFileSync2 } from "fs";
function required(env, name, hint) {
  const value = env[name]?.trim();
  if (!value)
    throw new ActionsEnvError(`${name} is not set: ${hint}`);
  return value;
}
function readActionsEnv(env = process.env, cwd = process.cwd()) {
  const repository = required(env, "GITHUB_REPOSITORY", "expected owner/repo (GitHub Actions sets it).");
  const [owner, repo, ...rest] = repository.split("/");
  if (!owner || !repo || rest.length)
    throw new ActionsEnvError(`GITHUB_REPOSITORY is "${repository}": expected owner/repo.`);
  return {
    eventName: required(env, "GITHUB_EVENT_NAME", "GitHub Actions sets it; run gitclaw from a workflow or `bun run local`."),
    eventPath: required(env, "GITHUB_EVENT_PATH", "GitHub Actions sets it to the event payload file."),
    owner,
    repo,
    token: required(env, "GITHUB_TOKEN", "pass `GITHUB_TOKEN: ${{ github.token }}` in the step's env."),
    workflowsToken: env.GITCLAW_WORKFLOWS_TOKEN?.trim() || undefined,
    apiUrl: (env.GITHUB_API_URL?.trim() || "https://api.github.com").replace(/\/+$/, ""),
    serverUrl: (env.GITHUB_SERVER_URL?.trim() || "https://github.com").replace(/\/+$/, ""),
    runId: env.GITHUB_RUN_ID?.trim() || "local",
    workflow: env.GITHUB_WORKFLOW?.trim() || undefined,
    job: env.GITHUB_JOB?.trim() || undefined,
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
function setTextOutput(env, name, value) {
  if (!env.outputFile)
    return;
  const delimiter = `gitclaw_${randomBytes(12).toString("hex")}`;
  appendFileSync2(env.outputFile, `${name}<<${delimiter}
${value}
${delimiter}
`);
}
var ActionsEnvError;
var init_env = __esm(() => {
  ActionsEnvError = class ActionsEnvError extends Error {
    name = "ActionsEnvError";
  };
});

// src/actions/run-state.ts
import { existsSync, readFileSync, rmSync, writeFileSync } from "fs";
import { join } from "path";
function read(runnerTemp, name, check) {
  const path = file(runnerTemp, name);
  if (!existsSync(path))
    return;
  const value = JSON.parse(readFileSync(path, "utf8"));
  if (typeof value !== "object" || value === null || !check(value)) {
    throw new Error(`${path} is not what gitclaw wrote there`);
  }
  return value;
}
function write2(runnerTemp, name, value) {
  writeFileSync(file(runnerTemp, name), JSON.stringify(value), { mode: 384 });
}
var isNumber = (value) => typeof value === "number" && Number.isFinite(value), isFlag = (value) => value === undefined || typeof value === "boolean", isTarget = (v) => isNumber(v.issueNumber) && (v.commentId === undefined || isNumber(v.commentId)) && isFlag(v.inline), isReaction = (v) => isTarget(v) && isNumber(v.reactionId) && typeof v.repo === "string" && (v.removed === undefined || typeof v.removed === "boolean"), isProgress = (v) => isNumber(v.commentId) && isFlag(v.inline), isReplied = (v) => typeof v.at === "string" && (v.by === "agent" || v.by === "cleanup"), isAppToken = (v) => typeof v.token === "string", file = (runnerTemp, name) => join(runnerTemp, `gitclaw-${name}.json`), readTarget = (runnerTemp) => read(runnerTemp, "target", isTarget), writeTarget = (runnerTemp, target) => write2(runnerTemp, "target", target), readReaction = (runnerTemp) => read(runnerTemp, "reaction", isReaction), writeReaction = (runnerTemp, state) => write2(runnerTemp, "reaction", state), readProgress = (runnerTemp) => read(runnerTemp, "progress", isProgress), writeProgress = (runnerTemp, progress) => write2(runnerTemp, "progress", progress), hasReplied = (runnerTemp) => read(runnerTemp, "replied", isReplied) !== undefined, markReplied = (runnerTemp, by) => write2(runnerTemp, "replied", { at: new Date().toISOString(), by }), readAppToken = (runnerTemp) => read(runnerTemp, "app-token", isAppToken)?.token, writeAppToken = (runnerTemp, token) => write2(runnerTemp, "app-token", { token }), forgetAppToken = (runnerTemp) => rmSync(file(runnerTemp, "app-token"), { force: true });
var init_run_state = () => {};

// src/github/api.ts
function graphqlData(status, answer) {
  const { data, errors, message } = answer ?? {};
  if (status !== 200 || errors?.length) {
    const said = errors?.map((error) => error.message).join("; ") || message || "no data";
    throw new GraphQLError(`the GraphQL API answered ${status}: ${said}`);
  }
  return data;
}
function fetchApi(options) {
  const api = {
    async graphql(query, variables) {
      const response = await api.send("POST", graphqlUrl(options.apiUrl), { query, variables });
      return graphqlData(response.status, response.data);
    },
    async send(method, path, body, request) {
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 15000);
      const url = /^https?:\/\//.test(path) ? path : `${options.apiUrl}${path}`;
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: request?.accept ?? "application/vnd.github+json",
          "x-github-api-version": "2022-11-28",
          "user-agent": "gitclaw",
          ...body === undefined ? {} : { "content-type": "application/json" }
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: request?.signal ? AbortSignal.any([timeout, request.signal]) : timeout
      });
      const text = await response.text();
      let data = text;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {}
      return { status: response.status, data };
    }
  };
  return api;
}
function octokitApi(github) {
  return {
    async graphql(query, variables) {
      try {
        return await github.graphql(query, variables);
      } catch (error) {
        const failed = error;
        if (failed.errors)
          return graphqlData(200, { errors: failed.errors });
        if (typeof failed.status === "number")
          return graphqlData(failed.status, failed.response?.data ?? null);
        throw error;
      }
    },
    async send(method, path, body, request) {
      try {
        const response = await github.request(`${method} ${path}`, {
          ...body === undefined ? {} : { data: body },
          ...request?.accept ? { headers: { accept: request.accept } } : {},
          request: {
            ...request?.signal ? { signal: request.signal } : {},
            ...request?.retries === undefined ? {} : { retries: request.retries }
          }
        });
        return { status: response.status, data: response.data };
      } catch (error) {
        const failed = error;
        if (typeof failed.status !== "number")
          throw error;
        return { status: failed.status, data: failed.response?.data ?? null };
      }
    }
  };
}
var GraphQLError, graphqlUrl = (apiUrl) => `${apiUrl.replace(/\/api\/v3\/?$/, "/api")}/graphql`;
var init_api = __esm(() => {
  GraphQLError = class GraphQLError extends Error {
    name = "GraphQLError";
  };
});

// src/errors.ts
var ActionableError, ToolFailure, ValidationError;
var init_errors = __esm(() => {
  ActionableError = class ActionableError extends Error {
    name = "ActionableError";
  };
  ToolFailure = class ToolFailure extends Error {
    name = "ToolFailure";
  };
  ValidationError = class ValidationError extends ToolFailure {
    name = "ValidationError";
  };
});

// src/github/marker.ts
function markedIssue(body) {
  const found = /<!-- gitclaw:pull-request issue=(\d+) -->/.exec(body)?.[1];
  return found ? Number(found) : undefined;
}
var REPLY_MARKER = "<!-- gitclaw:reply -->", withReplyMarker = (body) => body.includes(REPLY_MARKER) ? body : `${body}
${REPLY_MARKER}`, progressMarker = (runUrl) => `<!-- gitclaw:progress ${runUrl} -->`, pullRequestMarker = (issueNumber) => `<!-- gitclaw:pull-request issue=${issueNumber} -->`;

// src/github/ghost.ts
var GHOST = "ghost", loginOf = (user) => user?.login ?? GHOST, isGhost = (login) => login.toLowerCase() === GHOST;

// src/github/operations.ts
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
function expectStatus(response, expected, api) {
  if (expected.includes(response.status))
    return response.data;
  const message = response.data?.message;
  throw new GitHubApiError(`the ${api} API answered ${response.status}${typeof message === "string" ? ` ${message}` : ""}`, response.status, { data: response.data });
}
async function getDefaultBranch(api, repo) {
  const data = expectStatus(await api.send("GET", repoPath(repo)), [200], "repository");
  return data.default_branch;
}
async function getPermission(api, repo, login) {
  const response = await api.send("GET", `${repoPath(repo)}/collaborators/${encodeURIComponent(login)}/permission`);
  if (response.status === 404)
    return "none";
  return permissionFromApi(expectStatus(response, [200], "collaborator-permission"));
}
async function* pages(api, path, name) {
  for (let page = 1;; page++) {
    const batch = expectStatus(await api.send("GET", `${path}?per_page=100&page=${page}`), [200], name);
    yield* batch;
    if (batch.length < 100)
      return;
  }
}
async function listComments(api, repo, issueNumber) {
  const comments = [];
  for await (const c of pages(api, `${repoPath(repo)}/issues/${issueNumber}/comments`, "issue-comments")) {
    const {
      id,
      author_association: authorAssociation,
      created_at: createdAt,
      updated_at: updatedAt,
      html_url: htmlUrl
    } = c;
    comments.push({
      id,
      body: c.body ?? "",
      login: loginOf(c.user),
      userType: c.user?.type ?? "User",
      authorAssociation,
      createdAt,
      updatedAt,
      htmlUrl
    });
  }
  return comments;
}
async function findReviewComment(api, repo, pull, text) {
  let found;
  for await (const c of pages(api, `${repoPath(repo)}/pulls/${pull}/comments`, "review-comments"))
    if (c.body?.includes(text))
      found = c.id;
  return found;
}
async function createComment(api, repo, issueNumber, body) {
  const path = `${repoPath(repo)}/issues/${issueNumber}/comments`;
  const data = expectStatus(await api.send("POST", path, { body: withReplyMarker(body) }), [201], "issue-comments");
  return { id: data.id, htmlUrl: data.html_url };
}
async function updateComment(api, repo, commentId, body) {
  expectStatus(await api.send("PATCH", `${repoPath(repo)}/issues/comments/${commentId}`, { body: withReplyMarker(body) }), [200], "issue-comments");
}
async function addReaction(api, repo, target, content) {
  const data = expectStatus(await api.send("POST", reactionsPath(repo, target), { content }), [200, 201], "reactions");
  if (typeof data.id !== "number")
    throw new GitHubApiError(`the reactions API answered without a reaction id for ${content}`);
  return data.id;
}
async function removeReaction(api, repo, target, reactionId) {
  expectStatus(await api.send("DELETE", `${reactionsPath(repo, target)}/${reactionId}`), [204, 404], "reactions");
}
async function createReviewReply(api, repo, pull, commentId, body) {
  const path = `${repoPath(repo)}/pulls/${pull}/comments/${commentId}/replies`;
  const data = expectStatus(await api.send("POST", path, { body: withReplyMarker(body) }), [201], "review-comments");
  return { id: data.id, htmlUrl: data.html_url };
}
async function updateReviewComment(api, repo, commentId, body) {
  const path = `${repoPath(repo)}/pulls/comments/${commentId}`;
  expectStatus(await api.send("PATCH", path, { body: withReplyMarker(body) }), [200], "review-comments");
}
var PERMISSION_LEVELS, GitHubApiError, repoPath = (repo) => `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}`, reactionsPath = (repo, target) => target.commentId === undefined ? `${repoPath(repo)}/issues/${target.issueNumber}/reactions` : `${repoPath(repo)}/${target.inline ? "pulls" : "issues"}/comments/${target.commentId}/reactions`;
var init_operations = __esm(() => {
  init_errors();
  PERMISSION_LEVELS = ["none", "read", "triage", "write", "maintain", "admin"];
  GitHubApiError = class GitHubApiError extends ActionableError {
    status;
    response;
    name = "GitHubApiError";
    constructor(message, status, response) {
      super(message);
      this.status = status;
      this.response = response;
    }
  };
});

// src/github/app-token.ts
import { createPrivateKey, sign } from "crypto";
function appJwt(appId, privateKeyPem, nowSeconds = Math.floor(Date.now() / 1000)) {
  let key;
  try {
    key = createPrivateKey(privateKeyPem.replace(/\\n/g, `
`));
  } catch {
    throw new AppTokenError(`the GitHub App ${appId}: app_private_key is not a PEM private key (paste the whole .pem file GitHub generated, BEGIN and END lines too)`);
  }
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const iss = /^\d+$/.test(appId) ? Number(appId) : appId;
  const claims = base64url(JSON.stringify({ iat: nowSeconds - 60, exp: nowSeconds + 540, iss }));
  const signature = sign("sha256", Buffer.from(`${header}.${claims}`), key);
  return `${header}.${claims}.${base64url(signature)}`;
}
function narrowedPermissions(granted) {
  const narrowed = {};
  for (const [name, wanted] of Object.entries(RUN_PERMISSIONS)) {
    const has = granted[name];
    if (has === "write" || has === "admin")
      narrowed[name] = wanted;
    else if (has === "read")
      narrowed[name] = "read";
  }
  return narrowed;
}
function said(step, response) {
  const message = response.data?.message;
  return `${step} answered ${response.status}${typeof message === "string" ? ` "${message}"` : ""}`;
}
async function mintInstallationToken(options) {
  const { repo, appId } = options;
  const refused = (why) => new AppTokenError(`the GitHub App ${appId} could not get a token for ${repo.owner}/${repo.repo}: ${why}`);
  const jwtApi = fetchApi({ apiUrl: options.apiUrl, token: appJwt(appId, options.privateKey) });
  const api = {
    ...jwtApi,
    send: (...args) => jwtApi.send(...args).catch((error) => {
      throw refused(`${options.apiUrl} could not be reached (${error.message})`);
    })
  };
  const found = await api.send("GET", `${repoPath(repo)}/installation`);
  if (found.status !== 200)
    throw refused(`${said("GET /repos/{owner}/{repo}/installation", found)}${found.status === 404 ? " (is the App installed on this repository?)" : ""}`);
  const installation = found.data;
  const permissions = narrowedPermissions(installation.permissions ?? {});
  const body = { repositories: [repo.repo], permissions };
  const minted = await api.send("POST", `/app/installations/${installation.id}/access_tokens`, body);
  if (minted.status !== 201)
    throw refused(said("POST /app/installations/{id}/access_tokens", minted));
  const data = minted.data;
  return { token: data.token, expiresAt: data.expires_at, permissions: data.permissions ?? permissions };
}
async function revokeInstallationToken(apiUrl, token) {
  const response = await fetchApi({ apiUrl, token }).send("DELETE", "/installation/token");
  return response.status === 204 || response.status === 401;
}
var RUN_PERMISSIONS, AppTokenError, base64url = (data) => Buffer.from(data).toString("base64url");
var init_app_token = __esm(() => {
  init_errors();
  init_api();
  init_operations();
  RUN_PERMISSIONS = {
    contents: "write",
    issues: "write",
    pull_requests: "write",
    actions: "write",
    checks: "write"
  };
  AppTokenError = class AppTokenError extends ActionableError {
    name = "AppTokenError";
  };
});

// src/stages/app-token.ts
function maskKey(privateKey) {
  for (const line of privateKey.replace(/\\n/g, `
`).split(`
`))
    if (line.trim().length >= 8 && !line.startsWith("-----"))
      setSecret(line.trim());
}
async function startAppToken(env, processEnv) {
  const appId = processEnv.GITCLAW_APP_ID?.trim();
  const privateKey = processEnv.GITCLAW_APP_PRIVATE_KEY?.trim();
  if (!appId && !privateKey)
    return { env, release: async () => {} };
  if (!appId || !privateKey)
    throw new AppTokenError(`the GitHub App inputs go together: ${appId ? "app_private_key" : "app_id"} is empty while ${appId ? "app_id" : "app_private_key"} is set`);
  maskKey(privateKey);
  const repo = { owner: env.owner, repo: env.repo };
  const minted = await mintInstallationToken({ apiUrl: env.apiUrl, repo, appId, privateKey });
  setSecret(minted.token);
  try {
    writeAppToken(env.runnerTemp, minted.token);
  } catch (error) {
    warning(`gitclaw: the cleanup step cannot revoke the App token if this step is killed: ${error.message}`);
  }
  const granted = Object.entries(minted.permissions).map(([name, level]) => `${name}: ${level}`);
  info(`gitclaw: using the GitHub App ${appId}'s token for ${env.owner}/${env.repo} (${granted.join(", ")})`);
  return {
    env: { ...env, token: minted.token, appToken: true },
    release: async () => void await revokeAppToken(env, minted.token)
  };
}
async function revokeAppToken(env, token = readAppToken(env.runnerTemp)) {
  if (!token)
    return false;
  const revoked = await revokeInstallationToken(env.apiUrl, token).catch(() => false);
  if (revoked)
    forgetAppToken(env.runnerTemp);
  info(revoked ? "gitclaw: revoked the GitHub App token" : "gitclaw: could not revoke the GitHub App token now; it expires within the hour");
  return revoked;
}
var init_app_token2 = __esm(() => {
  init_log();
  init_run_state();
  init_app_token();
});

// src/stages/indicator.ts
async function addIndicator(env, api = fetchApi(env)) {
  const target = readTarget(env.runnerTemp);
  if (!target)
    throw new Error("the guard recorded no issue or comment for \uD83D\uDC40 (run the guard step first)");
  const reactionId = await addReaction(api, env, target, "eyes");
  const state = { reactionId, ...target, repo: `${env.owner}/${env.repo}` };
  writeReaction(env.runnerTemp, state);
  return state;
}
async function removeIndicator(env, api) {
  const state = readReaction(env.runnerTemp);
  if (!state || state.removed)
    return false;
  await removeReaction(api, env, state, state.reactionId);
  writeReaction(env.runnerTemp, { ...state, removed: true });
  return true;
}
var init_indicator = __esm(() => {
  init_run_state();
  init_api();
  init_operations();
});

// src/stages/notice.ts
async function postNotice(env, api, target, body, by) {
  const progress = readProgress(env.runnerTemp) ?? await findProgress(env, api, target);
  if (progress?.inline)
    await updateReviewComment(api, env, progress.commentId, body);
  else if (progress)
    await updateComment(api, env, progress.commentId, body);
  else
    await createComment(api, env, target.issueNumber, body);
  markReplied(env.runnerTemp, by);
}
async function findProgress(env, api, target) {
  const marker = progressMarker(runUrl(env));
  if (target.inline) {
    const commentId = await findReviewComment(api, env, target.issueNumber, marker);
    return commentId === undefined ? undefined : { commentId, inline: true };
  }
  const comment = (await listComments(api, env, target.issueNumber)).findLast((c) => c.body.includes(marker));
  return comment && { commentId: comment.id };
}
var init_notice = __esm(() => {
  init_env();
  init_run_state();
  init_operations();
});

// src/stages/cleanup.ts
async function runCleanup(env, jobStatus, api = fetchApi(env)) {
  const revokedAppToken = await revokeAppToken(env).catch(() => false);
  const removedReaction = await removeIndicator(env, api);
  if (hasReplied(env.runnerTemp))
    return { postedFailure: false, removedReaction, revokedAppToken };
  const target = readTarget(env.runnerTemp);
  if (!target)
    throw new Error("the guard recorded no issue for this run, so there is nowhere to post the failure notice");
  const why = jobStatus === "cancelled" ? "was cancelled" : jobStatus === "success" ? "ended" : "failed";
  const body = `gitclaw stopped before it could reply: the job ${why}. See the [run](${runUrl(env)}) for what happened; comment again to retry.`;
  await postNotice(env, api, target, body, "cleanup");
  return { postedFailure: true, removedReaction, revokedAppToken };
}
var init_cleanup = __esm(() => {
  init_env();
  init_run_state();
  init_api();
  init_app_token2();
  init_indicator();
  init_notice();
});

// lifecycle/GITCLAW-INDICATOR.ts
init_log();
init_env();
var cleanup = process.argv.includes("--cleanup");
try {
  const env = readActionsEnv();
  if (cleanup) {
    await Promise.resolve().then(() => init_cleanup());
    const result = await runCleanup(env, process.env.GITCLAW_JOB_STATUS ?? "failure");
    info(`gitclaw cleanup: ${result.postedFailure ? "posted a failure comment" : "a reply exists"}; \uD83D\uDC40 ${result.removedReaction ? "removed" : "already gone"}`);
  } else {
    await Promise.resolve().then(() => init_indicator());
    const state = await addIndicator(env);
    info(`gitclaw indicator: \uD83D\uDC40 added to the ${state.commentId === undefined ? "issue" : "comment"} (reaction ${state.reactionId})`);
  }
} catch (error) {
  warning(error.message, `gitclaw ${cleanup ? "cleanup" : "indicator"}`);
}
