// What the tests do as another user, in both shapes CI runs them in: as root (container jobs), and
// as a GitHub-hosted runner's user, which is not root but has passwordless sudo.
import { rmSync } from "node:fs";
import { execa } from "execa";

export const isRoot = (): boolean => process.getuid?.() === 0;

/** Removes a path another user created (in the sticky temp directory only its owner or root may). */
export async function removeAsRoot(path: string): Promise<void> {
  if (isRoot()) rmSync(path, { recursive: true, force: true });
  else await execa("sudo", ["-n", "rm", "-rf", "--", path]);
}

/** Runs `argv` as `nobody` with exactly `env`. */
export function runAsNobody(argv: string[], env: Record<string, string>, cwd = "/") {
  const [file = "", ...args] = argv;
  if (isRoot()) return execa(file, args, { uid: 65534, gid: 65534, cwd, env, extendEnv: false });
  return execa(
    "sudo",
    ["-n", "-u", "nobody", "env", "-i", ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...argv],
    { cwd },
  );
}

/** Runs `argv` as root: directly, or through passwordless sudo. Never rejects: the caller reads the result. */
export function runAsRoot(argv: string[], input?: string) {
  const [file = "", ...args] = isRoot() ? argv : ["sudo", "-n", ...argv];
  return execa(file, args, { reject: false, ...(input === undefined ? { stdin: "ignore" as const } : { input }) });
}
