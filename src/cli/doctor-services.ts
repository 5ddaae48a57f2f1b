// The doctor's look at the job's service containers (`services:` of gitclaw's job): each maps a
// port of the runner's localhost, which tool commands reach only when the network policy allows it
// (the entry "services", in the default policy, or `localhost:<port>`) and, for "services", when the
// step passes the job's services (`services: ${{ toJSON(job.services) }}`, which `gitclaw init` writes).
import { isMap, isScalar, isSeq, type YAMLMap } from "yaml";
import type { Config } from "../config/config.ts";
import { CONFIG_FILE } from "../config/paths.ts";
import { egressPolicy, SERVICES } from "../egress/policy.ts";
import { pass, warn, type CheckResult } from "./checks.ts";
import type { GitclawStep } from "./workflow.ts";

/** A service's port on the runner: its number, or undefined when Docker picks it (only the container's port is given). */
interface ServicePort {
  service: string;
  spec: string;
  runnerPort?: number;
}

/** The ports the job's services map on the runner, as its `services:` writes them. */
export function servicePortsOf(job: YAMLMap): ServicePort[] {
  const services = job.get("services", true);
  if (!isMap(services)) return [];
  return services.items.flatMap(({ key, value }) => {
    const service = String(isScalar(key) ? key.value : key);
    const ports = isMap(value) ? value.get("ports", true) : undefined;
    if (!isSeq(ports)) return [];
    return ports.items.map((item) => {
      const spec = String(isScalar(item) ? item.value : item);
      // [host_ip:]host_port:container_port[/protocol]; a container port alone: Docker picks the runner's.
      const parts = spec.replace(/\/\w+$/, "").split(":");
      const runner = parts.length >= 2 ? Number(parts.at(-2)) : undefined;
      return { service, spec, ...(runner && Number.isInteger(runner) ? { runnerPort: runner } : {}) };
    });
  });
}

/** Whether the job's services reach tool commands under the policy; undefined when the job has none. */
export function servicesCheck(found: GitclawStep | undefined, config: Config, cwd: string): CheckResult | undefined {
  const ports = found ? servicePortsOf(found.job) : [];
  if (!found || ports.length === 0) return undefined;
  const inputs = found.step.get("with", true);
  const passed = isMap(inputs) && inputs.has("services");
  const known = ports.flatMap((port) => (port.runnerPort ? [port.runnerPort] : []));
  const policy = egressPolicy(config.network, cwd, passed ? known : []);
  const named = ports.map((port) => `${port.service} ${port.spec}`).join(", ");
  if (policy.open) return pass("Services", `the job's services (${named}) reach tool commands ("network": "open")`);
  const byEntry = policy.entries.includes(SERVICES) && passed;
  const unreachable = ports.filter(
    (port) => !(byEntry || (port.runnerPort !== undefined && policy.localPorts.includes(port.runnerPort))),
  );
  if (unreachable.length === 0) return pass("Services", `the job's services (${named}) reach tool commands`);
  const what = unreachable.map(
    (port) => `${port.service} (${port.runnerPort ? `localhost:${port.runnerPort}` : port.spec})`,
  );
  const fix =
    policy.entries.includes(SERVICES) && !passed
      ? "pass the job's services to gitclaw's step: with: services: ${{ toJSON(job.services) }} (gitclaw init writes it)"
      : `add "services" to network.allow in ${CONFIG_FILE} (and with: services: \${{ toJSON(job.services) }} to gitclaw's step)`;
  return warn("Services", `tool commands cannot reach ${what.join(", ")}: the network policy leaves them out`, fix);
}
