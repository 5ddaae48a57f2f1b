// Sessions are pi's format so people can open them with pi: pi renders and resumes what gitclaw
// wrote, and gitclaw resumes what pi wrote.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SessionFile } from "../../src/session/session-file.ts";
import { git } from "../support/git-repo.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { piAgentDir, piExport, piPrintArgs, runPi } from "../support/pi.ts";
import { makeAndReadTurns, png } from "../support/images.ts";
import { OWNER, REPO, createWorld, sessionLines, type World } from "./support.ts";

let world: World;
let agentDir: string;
beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
  agentDir = piAgentDir(world.model.url);
});
afterAll(() => world.stop());
const target = { owner: OWNER, repo: REPO };

describe("pi reads gitclaw's sessions", () => {
  let sessionFile: string;

  beforeAll(async () => {
    const issue = world.gh.createIssue({ title: "Interop", body: "list the files", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "bash", input: { command: "ls" } }] },
      { text: "The repository has a README." },
    ]);
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    sessionFile = join(mkdtempSync(join(tmpdir(), "gitclaw-interop-")), basename(mapping.sessionPath));
    await Bun.write(sessionFile, await world.onOrigin(mapping.sessionPath));
  });

  it("pi --export renders it", async () => {
    expect(await piExport(sessionFile, agentDir)).toContain("The repository has a README.");
  });

  it("pi --session resumes it, with gitclaw's turns in the model's context, and gitclaw loads the result", async () => {
    world.model.script([{ text: "Continuing in pi." }]);
    const before = world.model.requests.length;
    const result = await runPi(piPrintArgs("what did you find?", ["--session", sessionFile]), {
      agentDir,
      cwd: tmpdir(),
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const request = JSON.stringify(world.model.requests[before]!.body);
    expect(request).toContain("list the files");
    expect(request).toContain("The repository has a README.");
    const reloaded = SessionFile.load(sessionFile);
    expect(reloaded.notes).toEqual([]);
    const last = reloaded.context().messages.at(-1)!;
    expect(last).toMatchObject({ role: "assistant", content: [{ type: "text", text: "Continuing in pi." }] });
  });
});

describe("gitclaw resumes pi's sessions", () => {
  it("continues a conversation pi started, mapped to an issue", async () => {
    const sessionsDir = mkdtempSync(join(tmpdir(), "gitclaw-pi-sessions-"));
    world.model.script([
      { toolCalls: [{ name: "bash", input: { command: "echo from-pi" } }] },
      { text: "pi says the build is green." },
    ]);
    const piRun = await runPi(piPrintArgs("check the build", ["--session-dir", sessionsDir]), {
      agentDir,
      cwd: sessionsDir,
    });
    expect(piRun.exitCode, piRun.stderr).toBe(0);
    const [file] = readdirSync(sessionsDir).filter((f) => f.endsWith(".jsonl"));

    const issue = world.gh.createIssue({ title: "From pi", body: "continued from a pi session", user: "alice" });
    const workspace = await world.checkout();
    mkdirSync(join(workspace, "state/sessions"), { recursive: true });
    mkdirSync(join(workspace, "state/issues"), { recursive: true });
    copyFileSync(join(sessionsDir, file!), join(workspace, "state/sessions", file!));
    await Bun.write(
      join(workspace, `state/issues/${issue.number}.json`),
      JSON.stringify({
        issueNumber: issue.number,
        sessionPath: `state/sessions/${file}`,
        updatedAt: new Date().toISOString(),
      }),
    );
    await git(workspace, "add", "-A");
    await git(workspace, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "pi session");
    await git(workspace, "push", "-q", "origin", "HEAD:main");

    const comment = world.gh.addComment(issue.number, { body: "and the tests?", user: "alice" });
    world.model.script([{ text: "gitclaw here: tests pass too." }]);
    const before = world.model.requests.length;
    const run = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment }),
    );
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const request = JSON.stringify(world.model.requests[before]!.body);
    expect(request).toContain("check the build");
    expect(request).toContain("from-pi");
    expect(request).toContain("pi says the build is green.");
    expect(request).toContain("and the tests?");
    const lines = sessionLines(await world.onOrigin(`state/sessions/${file}`));
    expect(lines[0]).toMatchObject({ type: "session" });
    expect(JSON.stringify(lines.at(-2))).toContain("gitclaw here: tests pass too.");
  });
});

describe("sessions with images", () => {
  it("pi renders and resumes a session holding an issue's screenshot and a read PNG, and re-sends both", async () => {
    const screenshot = png(24, 18, { rgb: [10, 200, 10] });
    const logo = png(9, 9, { rgb: [0, 0, 250] });
    const url = world.gh.addAttachment(screenshot);
    const issue = world.gh.createIssue({ title: "Pictures", body: `![shot](${url})`, user: "alice" });
    world.model.script([...makeAndReadTurns("logo.png", logo), { text: "A green screenshot and a blue logo." }]);
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const sessionFile = join(mkdtempSync(join(tmpdir(), "gitclaw-interop-images-")), basename(mapping.sessionPath));
    await Bun.write(sessionFile, await world.onOrigin(mapping.sessionPath));
    const stored = await Bun.file(sessionFile).text();
    for (const picture of [screenshot, logo]) expect(stored).toContain(picture.toString("base64"));

    expect(await piExport(sessionFile, agentDir)).toContain("A green screenshot and a blue logo.");

    // pi sends images to a model declared to take them (its models.json `input`).
    const visionDir = piAgentDir(world.model.url);
    const models = JSON.parse(readFileSync(join(visionDir, "models.json"), "utf8"));
    models.providers.fake.models[0].input = ["text", "image"];
    writeFileSync(join(visionDir, "models.json"), JSON.stringify(models));
    world.model.script([{ text: "Still green and blue." }]);
    const before = world.model.requests.length;
    const resumed = await runPi(piPrintArgs("what colours again?", ["--session", sessionFile]), {
      agentDir: visionDir,
      cwd: tmpdir(),
    });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    const request = JSON.stringify(world.model.requests[before]!.body);
    expect(request).toContain(screenshot.toString("base64"));
    expect(request).toContain(logo.toString("base64"));
  });
});
