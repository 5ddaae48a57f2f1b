// Git in the agent's hands (#27), attacked: whatever a tool command does to the git state it can
// reach — the workspace's `.git` swapped for a link or a `gitdir:` file, a nested repository with a
// filter of its own, `safe.directory` and `includeIf` in every configuration it can write, alternates
// to objects it made elsewhere, refs named with `..`, a huge pack, a bad object — no program of its
// choosing runs as gitclaw's own user (which holds the token), no trusted git reads its configuration,
// and the conversation lands with a reply that says what was not taken.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolResultTexts } from "../support/fake-model.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { createWorld, OWNER, REPO, type World } from "../e2e/support.ts";

let world: World;
let markers: string;
let mark: (what: string) => string;
beforeAll(async () => {
  world = await createWorld({ "src/app.ts": "export const version = 1;\n" });
  world.gh.addUser({ login: "alice", permission: "write" });
  markers = mkdtempSync(join(tmpdir(), "gitclaw-markers-"));
  chmodSync(markers, 0o1777);
  // Each planted program leaves a file named after what it is and the user it ran as.
  writeFileSync(join(markers, "mark.sh"), `#!/bin/sh\ntouch "${markers}/$1-$(id -u)"\n`, { mode: 0o755 });
  mark = (what) => `${markers}/mark.sh ${what}`;
});
afterAll(async () => {
  rmSync(markers, { recursive: true, force: true });
  await world.stop();
});

const bash = (command: string) => ({ name: "bash", input: { command } });

async function runIssue(title: string, calls: { name: string; input: unknown }[]) {
  world.model.script([...calls.map((call) => ({ toolCalls: [call] })), { text: "Done." }]);
  const issue = world.gh.createIssue({ title, body: "Please.", user: "alice" });
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
  const results = toolResultTexts(world.model.requests.at(-1)!.body);
  return { run, results, reply: world.gh.comments(issue.number).at(-1)!.body };
}

/** The planted programs that ran as gitclaw's own user: none may. */
const ranAsGitclaw = () => {
  const own = String(process.getuid?.() ?? 0);
  return readdirSync(markers).filter((name) => name.endsWith(`-${own}`));
};

/** The run succeeded and landed its conversation on origin's main. */
async function expectLanded(run: Awaited<ReturnType<World["run"]>>, title: string) {
  expect(run.stages.agent!.exitCode, run.logs).toBe(0);
  expect(await world.repo.originGit("log", "-1", "--format=%s", "main")).toMatch(new RegExp(`${title}$`));
}

describe("a .git swapped for a link or a gitdir file, and nested repositories with configuration of their own", () => {
  let outcome: Awaited<ReturnType<typeof runIssue>>;
  beforeAll(async () => {
    const evil = (dir: string) =>
      [
        `git init -q ${dir}`,
        `git -C ${dir} config filter.evil.clean "${mark("clean")}; cat"`,
        `git -C ${dir} config core.fsmonitor "${mark("fsmonitor")}"`,
        `git -C ${dir} config core.hooksPath ${markers}`,
        `printf '* filter=evil\\n' > ${dir}/.gitattributes`,
        `echo inside > ${dir}/inside.txt`,
        `git -C ${dir} add -A`,
        `git -C ${dir} -c user.name=Mallory -c user.email=m@example.com commit -q -m nested`,
        `echo changed >> ${dir}/inside.txt`,
      ].join(" && ");
    outcome = await runIssue("Swap the git directory", [
      bash(`${evil("nested")} && echo prepared`),
      // The workspace's .git: renamed, replaced by a link, or by a gitdir file naming the planted repository.
      bash('mv .git .git-moved; rm -rf .git; ln -sfn "$PWD/nested/.git" .git; ls -d .git/objects'),
      bash('printf "gitdir: %s/nested/.git\\n" "$PWD" > .git; cat .git'),
      // A gitdir file one folder down, and the nested repository committed as a gitlink: the trusted git
      // would ask a git of the nested repository's configuration about it.
      bash(
        'mkdir -p linked && printf "gitdir: %s/nested/.git\\n" "$PWD" > linked/.git && echo agent > agent.txt && git add agent.txt nested && git commit -q -m \'Add agent.txt\' && git log -1 --format=%s && touch -d @$(($(date +%s) + 5)) nested/inside.txt',
      ),
    ]);
  });

  it("the workspace's .git cannot be moved or replaced", async () => {
    expect(outcome.results[0]).toContain("prepared");
    expect(outcome.results[1]).toMatch(/Device or resource busy|Permission denied|Operation not permitted|Read-only/);
    expect(outcome.results[2]).toMatch(/Is a directory|Permission denied|Read-only/);
    expect(outcome.results[3]).toContain("Add agent.txt");
  });

  it("nothing planted runs as gitclaw's user, and the commit and the conversation land", async () => {
    await expectLanded(outcome.run, "Swap the git directory");
    expect(ranAsGitclaw()).toEqual([]);
    expect(await world.onOrigin("agent.txt")).toBe("agent\n");
    expect(await world.repo.originGit("log", "-1", "--format=%s", "main~1")).toBe("Add agent.txt");
  });
});

describe("safe.directory and includeIf in the configuration of the agent's repository", () => {
  it("steer no trusted git: nothing runs as gitclaw's user, the commit lands", async () => {
    const include = `${markers}/include.cfg`;
    const plant = [
      `printf '[core]\\n\\tfsmonitor = ${mark("include")}\\n\\thooksPath = ${markers}\\n[filter "evil"]\\n\\tclean = ${mark("clean")}; cat\\n' > ${include}`,
      "d=$(git rev-parse --absolute-git-dir)",
      "git config safe.directory '*'",
      `git config includeIf.gitdir:/.path ${include}`,
      `git config includeIf.onbranch:main.path ${include}`,
      `git config "includeIf.gitdir:$PWD/.git.path" ${include}`,
      "printf '* filter=evil\\n' > .gitattributes",
      "echo kept > kept.txt && git add -A && git commit -q -m 'Add kept.txt' && git log -1 --format=%s",
    ].join(" && ");
    const { run, results } = await runIssue("Plant includes", [bash(plant)]);
    expect(results[0]).toContain("Add kept.txt");
    await expectLanded(run, "Plant includes");
    expect(ranAsGitclaw()).toEqual([]);
    expect(await world.onOrigin("kept.txt")).toBe("kept\n");
  });
});

describe("alternates and refs the agent points elsewhere", () => {
  it("objects borrowed from a repository of the agent's making: not taken, the files land with the conversation", async () => {
    const { run, reply } = await runIssue("Borrow objects", [
      bash(
        [
          "d=$(git rev-parse --absolute-git-dir)",
          "git init -q --bare /tmp/borrowed-$$",
          "echo borrowed > borrowed.txt",
          "git --git-dir=/tmp/borrowed-$$ hash-object -w borrowed.txt",
          'echo /tmp/borrowed-$$/objects >> "$d/objects/info/alternates"',
          "git add borrowed.txt && git commit -q -m 'Borrow' && git log -1 --format=%s",
        ].join(" && "),
      ),
    ]);
    await expectLanded(run, "Borrow objects");
    expect(await world.onOrigin("borrowed.txt")).toBe("borrowed\n");
    expect(reply).toMatch(/The commits made with git on main were not taken: .*/);
  });

  it("refs named with `..` or like options are refused, never followed: the conversation lands", async () => {
    const { run, results, reply } = await runIssue("Odd refs", [
      bash(
        'd=$(git rev-parse --absolute-git-dir) && echo odd > odd.txt && git add -A && git commit -q -m \'Add odd.txt\' && git rev-parse HEAD > "$d/refs/heads/x..y" && mkdir -p "$d/refs/heads/-x" && git rev-parse HEAD > "$d/refs/heads/-x/y" && echo planted',
      ),
      { name: "github", input: { op: "pr_create", title: "Odd", body: "Odd.", head: "x..y" } },
      { name: "github", input: { op: "pr_create", title: "Odd", body: "Odd.", head: "-x/y" } },
      bash(
        'd=$(git rev-parse --absolute-git-dir) && echo \'ref: refs/heads/../../../../etc/passwd\' > "$d/HEAD" && cat "$d/HEAD"',
      ),
    ]);
    expect(results[1]).toContain("invalid head: x..y. Pass a branch name or owner:branch.");
    expect(results[2]).toContain("invalid head: -x/y. Pass a branch name or owner:branch.");
    expect(await world.repo.originGit("for-each-ref", "--format=%(refname)", "refs/heads")).toBe("refs/heads/main");
    await expectLanded(run, "Odd refs");
    expect(await world.onOrigin("odd.txt")).toBe("odd\n");
    expect(await world.repo.originGit("log", "-1", "--format=%s", "main~1")).toBe("Add odd.txt");
    expect(reply).toContain('which could not be read: "../../../../etc/passwd" is not a branch name');
  });
});

describe("an object database that lies", () => {
  it("a pack past the size limit: the commits are not taken, the files and the conversation land", async () => {
    const { run, reply } = await runIssue("Huge pack", [
      bash(
        `d=$(git rev-parse --absolute-git-dir) && echo big > big.txt && git add -A && git commit -q -m 'Add big.txt' && truncate -s 600M "$d/objects/pack/pack-${"0".repeat(40)}.pack" && echo planted`,
      ),
    ]);
    await expectLanded(run, "Huge pack");
    expect(await world.onOrigin("big.txt")).toBe("big\n");
    expect(reply).toContain("more than 512 MiB of objects");
  });

  it("a bad object at the branch's tip: refused by the checked fetch, the files and the conversation land", async () => {
    const before = readFileSync(join(world.repo.origin, "HEAD"), "utf8");
    const { run, reply } = await runIssue("Bad object", [
      bash(
        [
          "d=$(git rev-parse --absolute-git-dir)",
          "echo bad > bad.txt && git add -A && git commit -q -m 'Add bad.txt'",
          "t=$(git rev-parse HEAD)",
          'f="$d/objects/$(echo $t | cut -c1-2)/$(echo $t | cut -c3-)"',
          'rm -f "$f" && head -c 300 /dev/urandom > "$f" && echo planted',
        ].join(" && "),
      ),
    ]);
    await expectLanded(run, "Bad object");
    expect(await world.onOrigin("bad.txt")).toBe("bad\n");
    expect(reply).toMatch(/The commits made with git on main were not taken/);
    expect(readFileSync(join(world.repo.origin, "HEAD"), "utf8")).toBe(before);
  });
});
