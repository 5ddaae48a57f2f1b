// The doctor's network check (src/cli/doctor-network.ts): the policy in force, and whether this
// machine can enforce it; the probe stands in for a machine without network namespaces.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { networkCheck } from "../../../src/cli/doctor-network.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { networkNamespaceProbe } from "../../../src/egress/namespace.ts";

const repo = mkdtempSync(join(tmpdir(), "gitclaw-doctor-network-"));
writeFileSync(join(repo, "package.json"), "{}");
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const cannot = async () => "unshare: unshare failed: Operation not permitted";

describe("the doctor's network check", () => {
  it("passes where the default policy is enforced (root or passwordless sudo, as here and on runners)", async () => {
    const result = await networkCheck(parseConfig({}), repo, networkNamespaceProbe, true);
    expect(result).toEqual({
      name: "Network",
      status: "PASS",
      detail: "default, from the manifests: tool commands reach npm, github, enforced here in a network namespace",
    });
  });

  it("fails in Actions where the policy cannot be enforced, and warns elsewhere, with the way out", async () => {
    const config = parseConfig({ network: { allow: ["pypi"] } });
    const inActions = await networkCheck(config, repo, cannot, true);
    expect(inActions.status).toBe("FAIL");
    expect(inActions.detail).toBe(
      ".github/gitclaw.json: tool commands reach pypi, but this machine cannot enforce it (unshare: unshare failed: Operation not permitted): a run here refuses before calling the model",
    );
    expect(inActions.fix).toContain('"network": "open"');
    expect((await networkCheck(config, repo, cannot, false)).status).toBe("WARN");
    const off = await networkCheck(parseConfig({ sandbox: "off" }), repo, async () => undefined, true);
    expect(off.detail).toContain('the configuration sets "sandbox" to "off"');
  });

  it('passes "open" without probing', async () => {
    const result = await networkCheck(parseConfig({ network: "open" }), repo, cannot, true);
    expect(result.status).toBe("PASS");
  });
});
