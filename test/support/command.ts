// A command run as a user runs it (`bun scripts/local.ts …`, `bun src/cli/main.ts …`): its output and
// exit code, whatever the code, for tests that check what a person sees.
export interface CommandResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export async function runCommand(
  argv: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<CommandResult> {
  const child = Bun.spawn(argv, { cwd: options.cwd, env: options.env, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { stdout, stderr, exitCode };
}
