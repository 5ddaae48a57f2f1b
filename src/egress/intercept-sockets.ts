// gitclaw's side of the sockets that intercept what tool commands send anywhere but the proxy's
// port: which ports, and taking the sockets the namespace's holder made and sent
// (src/egress/intercept-handoff.ts), which the proxy serves (src/egress/intercept.ts).
import { takeSentFds } from "./libc.ts";

const MAX_FDS = 64;

/** The intercepting sockets a connection to `listener` already sent in one message, without waiting; [] when none. */
export const takeInterceptingFds = (listener: number): number[] => takeSentFds(listener, MAX_FDS);

/** The ports tool commands' connections are intercepted on: the web's, ssh's, and every port the policy names. */
export function interceptedPorts(policyPorts: readonly number[]): number[] {
  return [...new Set([22, 80, 443, ...policyPorts])].sort((a, b) => a - b);
}
