// Whatever a command leaves in the working tree, the run lands: its other work committed, its
// conversation saved, and a reply that says plainly what was not saved. Folders swapped for symbolic
// links (a protected one too, which the revert puts back), files turned into folders and back, names
// with line breaks, a repository inside the checkout that git cannot take, and a commit that fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolResultTexts } from "../support/fake-model.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { createWorld, OWNER, REPO, type World } from "./support.ts";

let world: World;
beforeAll(async () => {
  world = await createWorld({
    "lifecycle/GITCLAW-AGENT.ts": "export {};\n",
    "src/index.ts": "export const x = 1;\n",
    "notes.txt": "a file\n",
    "data/one.txt": "in a folder\n",
  });
  world.gh.addUser({ login: "alice", permission: "write" });
});
afterAll(() => world.stop());

async function runCommand(title: string, command: string, env: Record<string, string> = {}) {
  world.model.script([{ toolCalls: [{ name: "bash", input: { command } }] }, { text: `Done: ${title}.` }]);
  const issue = world.gh.createIssue({ title, body: "Please.", user: "alice" });
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), { env });
  const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`)) as { sessionPath: string };
  const session = await world.onOrigin(mapping.sessionPath);
  return { run, session, reply: world.gh.comments(issue.number).at(-1)!.body };
}

const tree = async () => (await world.repo.originGit("ls-tree", "-r", "-z", "main")).split("\0").filter(Boolean);

describe("a protected folder swapped for a symbolic link, among other type changes", () => {
  it("is put back, and everything else is committed and pushed with the conversation", async () => {
    const command = [
      "rm -rf lifecycle && ln -s src lifecycle",
      "rm notes.txt && mkdir notes.txt && echo inner > notes.txt/inner.md",
      "rm -rf data && echo 'now a file' > data",
      "ln -s src link && rm link && mkdir link && echo y > link/y.txt",
      "printf 'two lines' > \"$(printf 'odd\\nname.txt')\"",
      "echo kept > kept.md",
    ].join("; ");
    const { run, session, reply } = await runCommand("Swap folders", command);

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(session).toContain("Done: Swap folders.");
    expect(await world.repo.originGit("ls-tree", "main", "lifecycle")).toMatch(/^040000 tree [0-9a-f]{40}\tlifecycle$/);
    expect(await world.onOrigin("lifecycle/GITCLAW-AGENT.ts")).toBe("export {};\n");
    expect(await world.onOrigin("notes.txt/inner.md")).toBe("inner\n");
    expect(await world.onOrigin("data")).toBe("now a file\n");
    expect(await world.onOrigin("link/y.txt")).toBe("y\n");
    expect(await world.onOrigin("odd\nname.txt")).toBe("two lines");
    expect(await world.onOrigin("kept.md")).toBe("kept\n");
    expect(reply).toContain("Done: Swap folders.");
    expect(reply).toMatch(/Changes to protected paths were not committed: .*`lifecycle`/);
    expect(reply).not.toContain("could not be committed");
  });
});

describe("a repository inside the checkout without a commit, and a name that is not UTF-8, which git cannot take", () => {
  it("are named as not saved; the run's other work and its conversation land, and the run fails", async () => {
    const command =
      "git init -q vendor/lib && echo x > vendor/lib/a.txt; printf x > \"$(printf 'bad\\377.txt')\"; echo kept > kept-too.md";
    const { run, session, reply } = await runCommand("Vendor a library", command);
    expect(toolResultTexts(world.model.requests.at(-1)!.body).at(-1)).not.toMatch(/No such file|rror/);

    expect(run.stages.agent!.exitCode).toBe(1);
    expect(session).toContain("Done: Vendor a library.");
    expect(await world.onOrigin("kept-too.md")).toBe("kept\n");
    expect((await tree()).some((entry) => entry.includes("vendor/lib"))).toBe(false);
    expect(reply).toContain("> These changes could not be committed and are not saved:\n> - ");
    expect(reply).toContain("> - `vendor/lib`: ");
    expect(reply).toContain("> - `bad\uFFFD.txt`: its name is not valid UTF-8");
  });
});

describe("a workflow change git cannot make a patch of (a repository without a commit under .github/workflows/)", () => {
  it("says it is lost; the run's other work and its conversation land, and the run fails", async () => {
    const command =
      "git init -q .github/workflows/vendored && echo 'on: push' > .github/workflows/vendored/x.yml; echo ok > ok.md";
    const { run, session, reply } = await runCommand("Vendor a workflow", command);

    expect(run.stages.agent!.exitCode).toBe(1);
    expect(session).toContain("Done: Vendor a workflow.");
    expect(await world.onOrigin("ok.md")).toBe("ok\n");
    expect((await tree()).some((entry) => entry.includes(".github/workflows"))).toBe(false);
    expect(reply).toContain(
      "> The changes to `.github/workflows/vendored/` were not pushed, and could not be saved as a patch either (",
    );
  });
});

describe("a commit of the work that fails", () => {
  it("lands the conversation alone, says the changes are not saved, and the run fails", async () => {
    const { run, session, reply } = await runCommand("Write a note", "echo lost > lost.md", {
      GITCLAW_FAIL: "commit",
    });

    expect(run.stages.agent!.exitCode).toBe(1);
    expect(session).toContain("Done: Write a note.");
    await expect(world.onOrigin("lost.md")).rejects.toThrow();
    expect(reply).toContain(
      '> The run\'s changes could not be committed (injected failure at "commit" (GITCLAW_FAIL)), so they are not saved: only the conversation was.',
    );
  });
});
