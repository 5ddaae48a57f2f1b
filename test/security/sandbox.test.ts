// The sandbox itself (src/sandbox/sandbox.ts), driven directly on a runner-like layout: who the tool user
// is, what it may touch, and that release() leaves nothing behind. Needs root or passwordless sudo,
// as on a runner; CI runs as root.
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prepareSandbox, TOOL_USER, type Sandbox, type SandboxOptions } from "../../src/sandbox/sandbox.ts";
import { startProcess } from "../../src/tools/bash/process.ts";
import { removeAsRoot, runAsNobody } from "../support/privileged.ts";
import { PROJECT_ROOT } from "../support/workflow.ts";

type Isolated = Extract<Sandbox, { isolated: true }>;

let home: string;
let options: SandboxOptions;
const sandboxes: Sandbox[] = [];

beforeEach(async () => {
  // HOME as on a hosted runner: closed to others, holding the workspace, $RUNNER_TEMP and a tool on PATH.
  home = mkdtempSync(join(tmpdir(), "gitclaw-sandbox-"));
  chmodSync(home, 0o750);
  const workspace = join(home, "work", "repo", "repo");
  const runnerTemp = join(home, "work", "_temp");
  const tools = join(home, ".tools", "bin");
  for (const dir of [join(workspace, "state"), runnerTemp, tools, join(home, ".tools", "cache")])
    mkdirSync(dir, { recursive: true, mode: 0o755 });
  writeFileSync(join(home, ".gitconfig"), "[credential]\n\thelper = store\n", { mode: 0o644 });
  writeFileSync(join(runnerTemp, "set_env"), "GITHUB_TOKEN=secret\n", { mode: 0o644 });
  writeFileSync(join(tools, "hello"), "#!/bin/sh\necho hello from PATH\n", { mode: 0o755 });
  await execa("git", ["init", "-q", "-b", "main", workspace]);
  writeFileSync(join(workspace, "README.md"), "# repo\n");
  mkdirSync(join(workspace, "src"));
  writeFileSync(join(workspace, "src", "main.ts"), "export {};\n");
  await execa("git", ["add", "-A"], { cwd: workspace });
  await execa("git", ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "initial"], { cwd: workspace });
  options = {
    mode: "auto",
    workspace,
    agentOnly: [".git", "state"],
    secretDirs: [runnerTemp, home],
    path: `${tools}:/usr/local/bin:/usr/bin:/bin`,
  };
});
afterEach(async () => {
  for (const sandbox of sandboxes.splice(0)) {
    await sandbox.release();
    rmSync(sandbox.worktrees, { recursive: true, force: true });
  }
  rmSync(home, { recursive: true, force: true });
});

async function prepare(overrides: Partial<SandboxOptions> = {}): Promise<Isolated> {
  const sandbox = await prepareSandbox({ ...options, ...overrides });
  sandboxes.push(sandbox);
  if (!sandbox.isolated) throw new Error(`not isolated: ${sandbox.reason}`);
  return sandbox;
}

/** Runs a shell command as the sandbox's tool user, in the workspace. */
async function asTool(
  sandbox: Isolated,
  command: string,
  timeoutMs = 10_000,
): Promise<{ output: string; exitCode: number | null }> {
  let output = "";
  const running = startProcess({
    command,
    cwd: options.workspace,
    env: { PATH: options.path, HOME: home },
    timeoutMs,
    signal: new AbortController().signal,
    onOutput: (bytes) => (output += Buffer.from(bytes).toString()),
    runAs: sandbox,
  });
  const outcome = await running.finished;
  return { output, exitCode: outcome.exitCode };
}

/** Owner, group and mode of everything the sandbox may change, to compare before and after. */
function snapshot(): string[] {
  const paths = [
    home,
    ...readdirSync(home, { recursive: true, encoding: "utf8" })
      .filter((p) => !p.includes(".git/"))
      .map((p) => join(home, p)),
  ];
  return paths.map((path) => {
    const stat = lstatSync(path);
    return `${path} ${stat.uid}:${stat.gid} ${(stat.mode & 0o7777).toString(8)}`;
  });
}

/** Live processes running with the uid and gid of `runAs`. */
function processesOf(runAs: { uid: number; gid: number }): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      let status: string;
      try {
        status = readFileSync(`/proc/${entry}/status`, "utf8");
      } catch {
        return false; // exited while we looked
      }
      const field = (name: string) => new RegExp(`^${name}:\\s+(\\S+)`, "m").exec(status)?.[1];
      return Number(field("Uid")) === runAs.uid && Number(field("Gid")) === runAs.gid && field("State") !== "Z";
    })
    .map(Number);
}

describe("the tool user", () => {
  it("exists once, without sudo or other groups, and runs tool commands with its own HOME", async () => {
    const first = await prepare();
    await first.release();
    const second = await prepare();
    expect(second.uid).toBe(first.uid);
    expect(second.gid).not.toBe(first.gid); // a group id for each run
    expect(second.uid).not.toBe(0);
    const groups = String((await execa("id", ["-Gn", TOOL_USER])).stdout).trim();
    expect(groups).toBe(TOOL_USER);

    const { output } = await asTool(second, 'id -un; echo "HOME=$HOME"; id -G; sudo -n true 2>&1 || echo "no sudo"');
    expect(output).toContain(`${TOOL_USER}\nHOME=${second.home}\n${second.gid}\n`);
    expect(output).toContain("no sudo");
  });

  it("has its commands stopped with their whole process group on timeout", async () => {
    const sandbox = await prepare();
    let output = "";
    const running = startProcess({
      command: "sleep 30 & echo $!; wait",
      cwd: "/",
      env: { PATH: options.path },
      timeoutMs: 500,
      signal: new AbortController().signal,
      onOutput: (bytes) => (output += Buffer.from(bytes).toString()),
      runAs: sandbox,
    });
    expect(await running.finished).toMatchObject({ stopReason: "timeout" });
    expect(processesOf(sandbox)).not.toContain(Number(output.trim()));
  });

  it("cannot read the environment of the agent's process", async () => {
    const sandbox = await prepare();
    const { output } = await asTool(sandbox, `cat /proc/${process.pid}/environ`);
    // Its /proc shows only its command's own processes; where one is seen, reading it is denied.
    expect(output).toMatch(/Permission denied|No such file or directory/);
  });

  it("works with git in the workspace but cannot write to .git/", async () => {
    const sandbox = await prepare();
    const { output } = await asTool(
      sandbox,
      "echo more >> README.md; git status --short; git commit -qam sneaky 2>&1 | head -1",
    );
    expect(output).toContain(" M README.md");
    expect(output).toMatch(/index\.lock': Permission denied/);
  });
});

const SHARING = [
  ["through the idmapped view", "view"],
  ["by permissions (the fallback)", "permissions"],
] as const;

describe.each(SHARING)("the workspace, shared %s", (_, shareBy) => {
  it("is shared except .git/ and state/, which cannot be renamed, replaced or written", async () => {
    const sandbox = await prepare({ shareBy });
    expect(sandbox.fallback === undefined).toBe(shareBy === "view");
    // After prepare, as the write tool would. Without the view, the agent's umask is 002 then (not settable in this worker).
    writeFileSync(join(options.workspace, "by-agent.txt"), "agent\n");
    if (shareBy === "permissions") chmodSync(join(options.workspace, "by-agent.txt"), 0o664);
    const { output } = await asTool(
      sandbox,
      [
        "echo new > new.txt && mkdir -p lib/deep && echo x > lib/deep/x.ts && mv README.md README.rst && rm src/main.ts && echo tool >> by-agent.txt && echo shared-ok",
        "mv .git .git-old; rm -rf state; touch state/x .git/x; echo '[core]' >> .git/config",
      ].join("\n"),
    );
    expect(output).toContain("shared-ok");
    // Sticky root (permissions) or mount points (view).
    expect(output).toMatch(/cannot move '\.git' to '\.git-old': (Operation not permitted|Device or resource busy)/);
    expect(output).toMatch(/cannot remove 'state': (Operation not permitted|Device or resource busy)/);
    expect(output).toMatch(/cannot touch 'state\/x': Permission denied/);
    expect(output).toMatch(/cannot touch '\.git\/x': Permission denied/);
    expect(output).toMatch(/\.git\/config: Permission denied/);
    expect(readdirSync(options.workspace)).toEqual(expect.arrayContaining([".git", "state"]));
  });

  it("closes $RUNNER_TEMP and the agent's HOME but keeps PATH directories reachable", async () => {
    const sandbox = await prepare({ shareBy });
    const { output } = await asTool(
      sandbox,
      `hello; cat ${home}/.gitconfig; cat ${home}/work/_temp/set_env; ls ${home}/.tools/cache; ls ${home}`,
    );
    expect(output).toContain("hello from PATH");
    expect(output).toMatch(/\.gitconfig: Permission denied/);
    expect(output).toMatch(/set_env: Permission denied/);
    expect(output).toMatch(/\.tools\/cache': Permission denied/);
    expect(output).toMatch(/cannot open directory '[^']+': Permission denied/);
  });
});

describe("the idmapped view", () => {
  /** Owner, group, mode and ctime of every path in the workspace, .git/ and node_modules/ included. */
  function inodes(): Map<string, string> {
    const paths = ["", ...readdirSync(options.workspace, { recursive: true, encoding: "utf8" })];
    return new Map(
      paths.map((path) => {
        const stat = lstatSync(join(options.workspace, path), { bigint: true });
        return [path, `${stat.uid}:${stat.gid} ${(stat.mode & 0o7777n).toString(8)} ctime ${stat.ctimeNs}`];
      }),
    );
  }

  it("changes no file it shares: only what the tool user changed differs afterwards, and it is the agent's", async () => {
    for (let i = 0; i < 50; i++) {
      mkdirSync(join(options.workspace, "node_modules", `pkg-${i}`), { recursive: true });
      writeFileSync(join(options.workspace, "node_modules", `pkg-${i}`, "index.js"), `module.exports = ${i};\n`);
    }
    const before = inodes();
    const sandbox = await prepare();
    const { output } = await asTool(
      sandbox,
      "echo more >> README.md && echo new > made-by-tool.txt && mkdir made-dir && git status --short",
    );
    expect(output).toBe(" M README.md\n?? made-by-tool.txt\n?? node_modules/\n");
    // The agent edits what the tool user made, and the tool user what the agent made, with nobody's umask help.
    writeFileSync(join(options.workspace, "made-by-tool.txt"), "agent was here\n");
    writeFileSync(join(options.workspace, "by-agent.txt"), "agent\n", { mode: 0o644 });
    expect((await asTool(sandbox, "echo tool >> by-agent.txt && cat by-agent.txt")).output).toBe("agent\ntool\n");
    await sandbox.release();

    const after = inodes();
    const changed = [...after.keys()].filter((path) => after.get(path) !== before.get(path)).sort();
    // The root changed only because entries were added to it.
    expect(changed).toEqual(["", "README.md", "by-agent.txt", "made-by-tool.txt", "made-dir"]);
    for (const path of changed.slice(1))
      expect(after.get(path)).toMatch(new RegExp(`^${process.getuid!()}:${process.getgid!()} `));
  });

  it("runs a set-user-ID file the tool user made as the tool user", async () => {
    const sandbox = await prepare();
    const { output } = await asTool(sandbox, "cp /usr/bin/id ./id-copy && chmod u+s ./id-copy && ./id-copy -u");
    expect(output.trim()).toBe(String(sandbox.uid));
  });
});

describe("the worktree directory", () => {
  it("lies outside the workspace; the tool user writes in worktrees the agent makes there, not beside them", async () => {
    const sandbox = await prepare();
    expect(sandbox.worktrees.startsWith(`${tmpdir()}/`)).toBe(true);
    const stat = lstatSync(sandbox.worktrees);
    expect([stat.uid, stat.gid, stat.mode & 0o7777]).toEqual([process.getuid!(), sandbox.gid, 0o2750]);
    // As pr_checkout makes a worktree: the repository's directory closed, the worktree group-writable.
    const worktree = join(sandbox.worktrees, "acme-widgets", "pr-1");
    mkdirSync(worktree, { recursive: true, mode: 0o750 });
    chmodSync(worktree, 0o2770);
    const { output } = await asTool(
      sandbox,
      `cd ${worktree} && echo x > edit.txt && echo written; mkdir ../pr-2; mv ../pr-1 ../pr-3; touch ${sandbox.worktrees}/planted`,
    );
    expect(output).toContain("written");
    expect(output).toMatch(/cannot create directory .\.\.\/pr-2.: Permission denied/);
    expect(output).toMatch(/cannot move '\.\.\/pr-1' to '\.\.\/pr-3': Permission denied/);
    expect(output).toMatch(/cannot touch '[^']+\/planted': Permission denied/);

    await sandbox.release();
    const made = lstatSync(join(worktree, "edit.txt"));
    expect([made.uid, made.gid]).toEqual([process.getuid!(), process.getgid!()]);
    expect(lstatSync(sandbox.worktrees).mode & 0o7777).toBe(0o700);
  });
});

describe.each(SHARING)("release, the workspace shared %s", (_, shareBy) => {
  it("kills the run's processes, also ones that left the process group, and undoes every change", async () => {
    const before = snapshot();
    const sandbox = await prepare({ shareBy });
    // setsid takes the sleep out of the command's process group (and session); the command still
    // runs when the run ends.
    const running = asTool(sandbox, "setsid sleep 300 & echo x > made-by-tool.txt; sleep 300", 60_000);
    while (processesOf(sandbox).length < 3) await new Promise((resolve) => setTimeout(resolve, 20));

    await sandbox.release();
    await running;

    expect(processesOf(sandbox)).toEqual([]);
    const made = lstatSync(join(options.workspace, "made-by-tool.txt"));
    expect([made.uid, made.gid, made.mode & 0o077]).toEqual([process.getuid!(), process.getgid!(), 0o044]);
    expect(snapshot().filter((line) => !line.includes("made-by-tool.txt"))).toEqual(before);
  });
});

describe("release", () => {
  it("leaves the processes of another run on the same machine alone", async () => {
    const mine = await prepare();
    const elsewhere = mkdtempSync(join(tmpdir(), "gitclaw-sandbox-other-"));
    const other = await prepare({ workspace: elsewhere, secretDirs: [] });
    const running = startProcess({
      command: "sleep 1; echo survived",
      cwd: "/",
      env: { PATH: options.path },
      timeoutMs: 10_000,
      signal: new AbortController().signal,
      onOutput: () => {},
      runAs: other,
    });
    await mine.release();
    expect((await running.finished).exitCode).toBe(0);
    await other.release();
    rmSync(elsewhere, { recursive: true, force: true });
  });
});

describe("without isolation", () => {
  it('says so when the configuration sets "off"', async () => {
    const sandbox = await prepareSandbox({ ...options, mode: "off" });
    sandboxes.push(sandbox);
    expect(sandbox).toMatchObject({ isolated: false, reason: 'the configuration sets "sandbox" to "off"' });
  });

  it("says so for a user who is neither root nor has passwordless sudo, like a developer's laptop", async () => {
    // The checkout may sit in a directory `nobody` cannot read (CI clones into a 0700 temp dir):
    // bundle the module into a world-readable one first.
    const bundleDir = mkdtempSync(join(tmpdir(), "gitclaw-sandbox-bundle-"));
    chmodSync(bundleDir, 0o755);
    const bundled = await Bun.build({
      entrypoints: [join(PROJECT_ROOT, "src/sandbox/sandbox.ts")],
      outdir: bundleDir,
      target: "bun",
    });
    expect(bundled.success).toBe(true);
    const modulePath = bundled.outputs[0]!.path;
    chmodSync(modulePath, 0o644);
    const script = `const { prepareSandbox } = await import(${JSON.stringify(modulePath)}); console.log(JSON.stringify(await prepareSandbox({ mode: "auto", workspace: "/tmp", agentOnly: [], secretDirs: [], path: "/usr/bin:/bin" })));`;
    const nobody = await runAsNobody([process.execPath, "-e", script], {
      PATH: "/usr/local/bin:/usr/bin:/bin",
      HOME: "/nonexistent",
    });
    const sandbox = JSON.parse(String(nobody.stdout));
    expect(sandbox).toEqual({
      isolated: false,
      reason: "gitclaw runs neither as root nor with passwordless sudo, so it cannot switch to an unprivileged user",
      worktrees: expect.stringMatching(/\/gitclaw-worktrees-\w+$/),
    });
    expect(lstatSync(sandbox.worktrees).mode & 0o777).toBe(0o700);
    await removeAsRoot(sandbox.worktrees);
    rmSync(bundleDir, { recursive: true, force: true });
  });
});
