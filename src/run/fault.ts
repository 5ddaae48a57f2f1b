// Fault injection for the crash-consistency tests: with GITCLAW_FAULT=<point>, the agent kills
// itself (SIGKILL, no cleanup) when it reaches that point, as a lost runner would; with
// GITCLAW_FAIL=<point>, the step at that point fails (throws), as a broken index or disk would make
// it. Inert otherwise.
export type FaultPoint = "after-commit" | "after-push" | "after-progress-comment";
export type FailurePoint = "commit";

export function faultPoint(point: FaultPoint, env: Record<string, string | undefined>): void {
  if (env.GITCLAW_FAULT === point) process.kill(process.pid, "SIGKILL");
}

export function failurePoint(point: FailurePoint, env: Record<string, string | undefined>): void {
  if (env.GITCLAW_FAIL === point) throw new Error(`injected failure at "${point}" (GITCLAW_FAIL)`);
}
