// Fault injection for the crash-consistency tests: with GITCLAW_FAULT=<point>, the agent kills
// itself (SIGKILL, no cleanup) when it reaches that point, as a lost runner would. Inert otherwise.
export type FaultPoint = "after-commit" | "after-push" | "after-progress-comment";

export function faultPoint(point: FaultPoint, env: Record<string, string | undefined>): void {
  if (env.GITCLAW_FAULT === point) process.kill(process.pid, "SIGKILL");
}
