// "The step log": text the model chose (a tool's name) is written to the log, where the runner reads
// workflow commands. None of it may run as one: no forged annotation, no mask that hides gitclaw's
// own lines, no stop of gitclaw's commands, no step output.
import { describe, expect, it } from "vitest";
import { issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, useWorld } from "../e2e/support.ts";
import { runnerCommands } from "./support.ts";

const world = useWorld();

const HOSTILE_NAMES = [
  "read\n::error title=INJECTED::a forged annotation",
  "bash\r::add-mask::gitclaw INJECTED",
  "bash\n  ::stop-commands::INJECTED",
  "bash\n::set-output name=proceed::INJECTED",
  "bash ##[error]INJECTED in the old syntax",
];

describe("tool names chosen by the model", () => {
  it("reach the log as text, never as workflow commands", async () => {
    const issue = world.gh.createIssue({ title: "Look around", body: "Run what you like.", user: "alice" });
    world.model.script([{ toolCalls: HOSTILE_NAMES.map((name) => ({ name, input: {} })) }, { text: "Done." }]);

    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
    expect(run.stages.agent?.exitCode, run.logs).toBe(0);

    const agentLog = run.stages.agent!.stdout + run.stages.agent!.stderr;
    for (const name of HOSTILE_NAMES) expect(agentLog).toContain(name);
    const commands = runnerCommands(agentLog);
    expect(commands.filter((c) => `${c.properties}${c.data}`.includes("INJECTED"))).toEqual([]);
    expect(
      commands.filter((c) => !["add-mask", "group", "endgroup", "warning", "error", "stop-commands"].includes(c.name)),
    ).toEqual([]);
    // gitclaw's own commands after the hostile lines still run: the second turn's group opens and closes.
    expect(commands.slice(-2).map((c) => `${c.name}:${c.data}`)).toEqual(["group:gitclaw: turn 2", "endgroup:"]);
  });
});
