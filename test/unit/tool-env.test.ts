import { describe, expect, it } from "vitest";
import {
  passedSecrets,
  passedVariables,
  refusedToolEnvName,
  secretValues,
  toolEnvironment,
} from "../../src/tool-env.ts";

// Values assembled at runtime so no credential-looking literal is committed.
const fake = (label: string) => `${label}-${"f".repeat(24)}`;

const SECRETS: Record<string, string> = {
  GITHUB_TOKEN: fake("github-token"),
  GH_TOKEN: fake("gh-token"),
  // The action's workflows_token, as action.yml passes it to the agent stage.
  GITCLAW_WORKFLOWS_TOKEN: fake("workflows-token"),
  ANTHROPIC_API_KEY: fake("anthropic"),
  ACTIONS_ID_TOKEN_REQUEST_URL: "https://token.actions.example/oidc",
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: fake("oidc"),
  ACTIONS_RUNTIME_TOKEN: fake("runtime"),
  INPUT_API_KEY: fake("input"),
  NPM_PASSWORD: fake("npm"),
  DEPLOY_PAT: fake("pat"),
  SSH_KEY: fake("ssh"),
  MY_SECRET_THING: fake("thing"),
  lower_token: fake("lower"),
};

// A realistic Actions job environment.
const source: Record<string, string | undefined> = {
  PATH: "/usr/local/bin:/usr/bin",
  HOME: "/home/runner",
  LANG: "C.UTF-8",
  LC_ALL: "C.UTF-8",
  CI: "true",
  GITHUB_REPOSITORY: "octo/repo",
  GITHUB_WORKSPACE: "/home/runner/work/repo/repo",
  JAVA_HOME: "/usr/lib/jvm/temurin-21",
  RUNNER_TEMP: "/home/runner/work/_temp",
  GITHUB_ENV: "/home/runner/work/_temp/_runner_file_commands/set_env",
  GITHUB_EVENT_PATH: "/home/runner/work/_temp/_github_workflow/event.json",
  DATABASE_URL: fake("postgres"),
  ACTIONS_STEP_DEBUG: "true",
  UNSET: undefined,
  ...SECRETS,
};

describe("toolEnvironment", () => {
  it("copies only allowlisted names and LC_*", () => {
    expect(toolEnvironment(source)).toEqual({
      PATH: "/usr/local/bin:/usr/bin",
      HOME: "/home/runner",
      LANG: "C.UTF-8",
      LC_ALL: "C.UTF-8",
      CI: "true",
      GITHUB_REPOSITORY: "octo/repo",
      GITHUB_WORKSPACE: "/home/runner/work/repo/repo",
      JAVA_HOME: "/usr/lib/jvm/temurin-21",
    });
  });

  it("leaves out RUNNER_TEMP and the runner's file-command paths", () => {
    const env = toolEnvironment(source);
    for (const name of ["RUNNER_TEMP", "GITHUB_ENV", "GITHUB_EVENT_PATH"]) {
      expect(env).not.toHaveProperty(name);
    }
  });

  it("adds names from options.allow", () => {
    const env = toolEnvironment(source, { allow: ["DATABASE_URL", "RUNNER_TEMP"] });
    expect(env).toHaveProperty("DATABASE_URL", fake("postgres"));
    expect(env).toHaveProperty("RUNNER_TEMP", "/home/runner/work/_temp");
  });

  it("refuses secret-looking names even when explicitly allowed", () => {
    const env = toolEnvironment(
      { ...source, LC_TOKEN: fake("lc") },
      { allow: Object.keys(source), secretNames: ["DATABASE_URL"] },
    );
    for (const name of [...Object.keys(SECRETS), "ACTIONS_STEP_DEBUG", "DATABASE_URL", "LC_TOKEN"]) {
      expect(env).not.toHaveProperty(name);
    }
  });

  it("skips undefined values", () => {
    expect(toolEnvironment({ PATH: undefined, HOME: "/h" })).toEqual({ HOME: "/h" });
  });
});

describe("secretValues", () => {
  it("returns the values of every secret-looking variable, and of options.secretNames", () => {
    const values = secretValues(source, { secretNames: ["DATABASE_URL"] });
    expect(values.sort()).toEqual([...Object.values(SECRETS), fake("postgres")].sort());
  });

  it("deduplicates, and skips empty and too-short values the redactor would ignore", () => {
    const shared = fake("shared");
    const values = secretValues({
      A_TOKEN: shared,
      B_TOKEN: shared,
      C_TOKEN: "",
      D_TOKEN: "true",
      E_TOKEN: undefined,
    });
    expect(values).toEqual([shared]);
  });

  it("does not treat ordinary names as secret", () => {
    const ordinary = {
      PATH: "/usr/bin:/bin:/sbin",
      KEYBOARD_LAYOUT: "us-international",
      GIT_AUTHOR_NAME: "Octo Cat",
      GITHUB_REPOSITORY: "octo/repository",
    };
    expect(secretValues(ordinary)).toEqual([]);
  });
});

describe("tools.env", () => {
  it("passes the named variables that are set, secret-looking names too, never gitclaw's own", () => {
    const names = ["NPM_PASSWORD", "DATABASE_URL", "UNSET", "GITHUB_TOKEN", "ACTIONS_RUNTIME_TOKEN", "INPUT_API_KEY"];
    expect(passedVariables(source, names)).toEqual({
      NPM_PASSWORD: SECRETS.NPM_PASSWORD,
      DATABASE_URL: source.DATABASE_URL,
    });
    // Nothing else changes the allowlist.
    expect(toolEnvironment(source)).not.toHaveProperty("DATABASE_URL");
  });

  it("refuses names that already pass, and says why", () => {
    expect(refusedToolEnvName("PATH")).toBe(
      "PATH already reaches tool commands; list only variables they would not get otherwise",
    );
    expect(refusedToolEnvName("gh_token")).toMatch(/^gh_token is the job's GitHub token/);
    expect(refusedToolEnvName("NPM_TOKEN")).toBeUndefined();
  });

  it("masks a multi-line value whole and line by line, leaving out short lines", () => {
    const key = "-----BEGIN KEY-----\nabcdefghijklmnop\nxy\n-----END KEY-----";
    expect(passedSecrets({ DEPLOY_KEY: key, SHORT: "abc" }, ["DEPLOY_KEY", "SHORT"])).toEqual([
      key,
      "-----BEGIN KEY-----",
      "abcdefghijklmnop",
      "-----END KEY-----",
    ]);
  });
});
