// Which ports the namespace intercepts what tool commands send to anywhere but the proxy's port on
// (src/egress/intercept-handoff.ts makes the sockets there, src/egress/intercept.ts serves them).

/** Ports always intercepted: the web's and ssh's. */
export const ALWAYS_INTERCEPTED_PORTS: readonly number[] = [22, 80, 443];

/** The ports tool commands' connections are intercepted on: ALWAYS_INTERCEPTED_PORTS and every port the policy names. */
export function interceptedPorts(policyPorts: readonly number[]): number[] {
  return [...new Set([...ALWAYS_INTERCEPTED_PORTS, ...policyPorts])].sort((a, b) => a - b);
}
