// The sandbox with the run's network policy: where the policy limits anything, the egress proxy
// starts first and the sandbox confines tool commands to it (src/egress/namespace.ts); where
// it cannot, the run stops here, before the model is called, and says why and how to accept the
// risk. Fail closed: there is no run with a restrictive policy and an open network.
import { prepareSandbox, type Sandbox, SandboxError, type SandboxOptions } from "../sandbox/sandbox.ts";
import { CONFIG_FILE } from "../config/paths.ts";
import { egressPolicy, type EgressPolicy, type NetworkConfig } from "./policy.ts";
import { z } from "zod";
import { type EgressCounts, hostsFileResolver, type Resolver, startEgressProxy, systemResolver } from "./proxy.ts";
import { DEFAULT_LIMITS, type ProxyLimits } from "./tunnel.ts";
import { openNetworkNamespace } from "./namespace.ts";
import { interceptedPorts } from "./intercept-sockets.ts";
import { servicePortsFrom } from "./services.ts";

export interface Egress {
  policy: EgressPolicy;
  /** HTTP_PROXY and friends for the tool commands; empty when the network is open. */
  env: Record<string, string>;
  /** What the proxy refused and let through; undefined when the network is open. */
  counts?: EgressCounts;
  /** Stops the proxy; after the sandbox's release. */
  close(): Promise<void>;
}

/** A SandboxError: the agent stage reports its message as is. */
export class EgressError extends SandboxError {
  override name = "EgressError";
}

export interface NetworkOptions {
  config: NetworkConfig | undefined;
  /** The proxy's resolver; by default the system's, or the hosts file GITCLAW_EGRESS_HOSTS names. */
  resolve?: Resolver;
  /** How many connections the proxy takes at once and how long they may wait; DEFAULT_LIMITS by default. */
  limits?: ProxyLimits;
  /** Opens the network namespace; tests stand in a machine that cannot. */
  openNetwork?: typeof openNetworkNamespace;
  /** The runner's ports of the job's service containers (the input services, servicesFrom). */
  servicePorts?: readonly number[];
}

/** The runner's ports of the job's services: GITCLAW_SERVICES, the input services (`${{ toJSON(job.services) }}`). */
export function servicesFrom(env: Record<string, string | undefined>): number[] {
  const ports = servicePortsFrom(env.GITCLAW_SERVICES);
  if (typeof ports === "string") throw new EgressError(ports);
  return ports;
}

/**
 * Ports whose connections are intercepted in audit mode besides the policy's and ALWAYS_INTERCEPTED_PORTS
 * (interceptedPorts): common protocols' (not development servers').
 */
const AUDIT_PORTS = [21, 25, 465, 587, 993, 1433, 1521, 3306, 5432, 5672, 6379, 9418, 11211, 27017];

/** The resolver the environment asks for: GITCLAW_EGRESS_HOSTS names a hosts file read before DNS. */
export const resolverFrom = (env: Record<string, string | undefined>): Resolver =>
  env.GITCLAW_EGRESS_HOSTS ? hostsFileResolver(env.GITCLAW_EGRESS_HOSTS) : systemResolver;

const Count = z.coerce.number().int().positive();

/**
 * The proxy's limits, each default replaced by its variable where one is set (a runner with unusual
 * needs, a test that must not wait minutes): GITCLAW_EGRESS_MAX_CONNECTIONS, GITCLAW_EGRESS_HANDSHAKE_MS,
 * GITCLAW_EGRESS_IDLE_MS. A value that is not a positive whole number is an error that says which.
 */
export function limitsFrom(env: Record<string, string | undefined>): ProxyLimits {
  const read = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === "") return fallback;
    const parsed = Count.safeParse(value);
    if (!parsed.success) throw new EgressError(`${name} must be a positive whole number, not "${value}"`);
    return parsed.data;
  };
  return {
    maxConnections: read("GITCLAW_EGRESS_MAX_CONNECTIONS", DEFAULT_LIMITS.maxConnections),
    handshakeMs: read("GITCLAW_EGRESS_HANDSHAKE_MS", DEFAULT_LIMITS.handshakeMs),
    idleMs: read("GITCLAW_EGRESS_IDLE_MS", DEFAULT_LIMITS.idleMs),
  };
}

/** The sandbox, confined to the policy's hosts; throws EgressError where the policy cannot be enforced. */
export async function prepareConfinedSandbox(
  options: SandboxOptions,
  network: NetworkOptions,
): Promise<{ sandbox: Sandbox; egress: Egress }> {
  const servicePorts = network.servicePorts ?? [];
  const policy = egressPolicy(network.config, options.workspace, servicePorts);
  if (policy.open)
    return { sandbox: await prepareSandbox(options), egress: { policy, env: {}, close: async () => {} } };
  const proxy = startEgressProxy(policy, network.resolve ?? systemResolver, network.limits ?? DEFAULT_LIMITS);
  // The proxy serves the namespace's listening socket: the sandbox only learns where tool commands go.
  const open = network.openNetwork ?? openNetworkNamespace;
  const named = [...policy.hostPorts.map((entry) => entry.port), ...policy.localPorts, ...servicePorts];
  const ports = interceptedPorts(policy.audit ? [...named, ...AUDIT_PORTS] : named);
  const confine = (root: boolean) => open({ root, serve: proxy.serve, onRefused: proxy.refusedAround, ports });
  const sandbox = await prepareSandbox({ ...options, network: confine }).catch(async (error) => {
    await proxy.close();
    throw error;
  });
  if (!sandbox.isolated || sandbox.proxyPort === undefined) {
    await sandbox.release();
    await proxy.close();
    throw new EgressError(
      unenforceable(policy, sandbox.isolated ? "the sandbox has no network namespace" : sandbox.reason),
    );
  }
  return { sandbox, egress: { policy, env: proxyEnv(sandbox.proxyPort), counts: proxy.counts, close: proxy.close } };
}

function unenforceable(policy: EgressPolicy, reason: string): string {
  const what = policy.open ? "" : policy.source === "detected" ? "the default network policy" : "the network policy";
  return (
    `gitclaw cannot limit tool commands to the allowed hosts here (${what} of ${CONFIG_FILE}): ${reason}. ` +
    `Run gitclaw as root or with passwordless sudo on Linux with network namespaces (GitHub-hosted runners qualify), ` +
    `or accept unrestricted network access for tool commands with "network": "open" in ${CONFIG_FILE} (or the input network: open).`
  );
}

/** The proxy variables common tools read, upper and lower case; the loopback stays direct. */
function proxyEnv(port: number): Record<string, string> {
  const proxy = `http://127.0.0.1:${port}`;
  const direct = "localhost,127.0.0.1,::1";
  return {
    HTTP_PROXY: proxy,
    HTTPS_PROXY: proxy,
    ALL_PROXY: proxy,
    http_proxy: proxy,
    https_proxy: proxy,
    all_proxy: proxy,
    NO_PROXY: direct,
    no_proxy: direct,
    // Node's own fetch reads the variables only when asked to.
    NODE_USE_ENV_PROXY: "1",
  };
}
