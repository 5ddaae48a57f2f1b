// The job's service containers (`services:` in the workflow), as the action's input `services`
// gives them: `${{ toJSON(job.services) }}`, which `gitclaw init` writes into the step. Each maps
// container ports to ports of the runner's localhost; those are what the `services` entry of
// `network.allow` (and the default policy) lets tool commands reach (src/egress/policy.ts).
import { z } from "zod";

const JobServices = z.record(
  z.string(),
  z.object({ ports: z.record(z.string(), z.string().nullable()).nullish() }).passthrough(),
);

/** The runner's ports of the job's services, from the input's JSON (empty or "null": none); a string says what is wrong. */
export function servicePortsFrom(json: string | undefined): number[] | string {
  if (json === undefined || json.trim() === "" || json.trim() === "null") return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return `the input services is not JSON: pass \${{ toJSON(job.services) }}, not "${json.slice(0, 80)}"`;
  }
  const services = JobServices.safeParse(parsed);
  if (!services.success) return "the input services is not the job's services: pass ${{ toJSON(job.services) }}";
  const ports = Object.values(services.data).flatMap((service) => Object.values(service.ports ?? {}));
  return [...new Set(ports.map(Number).filter((port) => Number.isInteger(port) && port > 0 && port < 65536))];
}
