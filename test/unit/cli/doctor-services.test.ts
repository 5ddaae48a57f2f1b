// The doctor's services check (src/cli/doctor-services.ts): the job's service containers against
// the network policy, from the workflow as written.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { servicesCheck } from "../../../src/cli/doctor-services.ts";
import { findGitclawSteps } from "../../../src/cli/workflow.ts";
import { parseConfig } from "../../../src/config/config.ts";

const repo = mkdtempSync(join(tmpdir(), "gitclaw-doctor-services-"));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** gitclaw's step in a job with `services` (YAML lines under `services:`), passing them or not. */
function step(services: string[], passed: boolean) {
  const text = [
    "jobs:",
    "  agent:",
    "    runs-on: ubuntu-latest",
    ...(services.length ? ["    services:", ...services.map((line) => `      ${line}`)] : []),
    "    steps:",
    "      - uses: gitclaw/gitclaw@v1",
    "        with:",
    "          anthropic_api_key: ${{ secrets.ANTHROPIC_API_KEY }}",
    ...(passed ? ["          services: ${{ toJSON(job.services) }}"] : []),
  ].join("\n");
  return findGitclawSteps(parseDocument(text))[0];
}

const POSTGRES = ["postgres:", "  image: postgres:16", "  ports: ['5432:5432']"];
const REDIS = ["redis:", "  image: redis", "  ports: ['6379']"];

describe("the doctor's services check", () => {
  it("says nothing for a job without services", () => {
    expect(servicesCheck(step([], true), parseConfig({}), repo)).toBeUndefined();
  });

  it("passes with the default policy when the step passes the job's services", () => {
    const result = servicesCheck(step([...POSTGRES, ...REDIS], true), parseConfig({}), repo);
    expect(result).toEqual({
      name: "Services",
      status: "PASS",
      detail: "the job's services (postgres 5432:5432, redis 6379) reach tool commands",
    });
  });

  it("names each port a policy without them leaves unreachable, and how to allow it", () => {
    const config = parseConfig({ network: { allow: ["npm", "localhost:6379"] } });
    const result = servicesCheck(step([...POSTGRES, ...REDIS], true), config, repo);
    expect(result?.status).toBe("WARN");
    expect(result?.detail).toBe(
      "tool commands cannot reach postgres (localhost:5432), redis (6379): the network policy leaves them out",
    );
    expect(result?.fix).toContain('add "services" to network.allow');
    const listed = parseConfig({ network: { allow: ["localhost:5432"] } });
    expect(servicesCheck(step(POSTGRES, false), listed, repo)?.status).toBe("PASS");
  });

  it('names the missing input when the policy has "services" but the step does not pass them', () => {
    const result = servicesCheck(step(POSTGRES, false), parseConfig({}), repo);
    expect(result?.status).toBe("WARN");
    expect(result?.fix).toContain("with: services: ${{ toJSON(job.services) }}");
  });
});
