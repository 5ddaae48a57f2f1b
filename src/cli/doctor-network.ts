// The doctor's look at the network policy: which hosts tool commands may reach, and whether this
// machine can enforce it. Where it cannot, a run with that policy refuses before the model is called:
// a FAIL in Actions (the run would refuse), a WARN elsewhere (a developer's laptop is not the runner).
import type { Config } from "../config/config.ts";
import { CONFIG_FILE } from "../config/paths.ts";
import { egressPolicy } from "../egress/policy.ts";
import { failed, pass, warn, type CheckResult } from "./checks.ts";

export async function networkCheck(
  config: Config,
  cwd: string,
  probe: () => Promise<string | undefined>,
  inActions: boolean,
): Promise<CheckResult> {
  const policy = egressPolicy(config.network, cwd);
  if (policy.open) return pass("Network", 'open: tool commands reach any host ("network": "open")');
  const entries = policy.entries.length ? policy.entries.join(", ") : "nothing";
  const what = `${policy.source === "detected" ? "default, from the manifests" : CONFIG_FILE}: tool commands reach ${entries}`;
  const reason = config.sandbox === "off" ? 'the configuration sets "sandbox" to "off"' : await probe();
  if (reason === undefined) return pass("Network", `${what}, enforced here in a network namespace`);
  const detail = `${what}, but this machine cannot enforce it (${reason}): a run here refuses before calling the model`;
  const fix = `run where gitclaw is root or has passwordless sudo on Linux (GitHub-hosted runners), or set "network": "open" in ${CONFIG_FILE} to accept the risk`;
  return inActions ? failed("Network", detail, fix) : warn("Network", detail, fix);
}
