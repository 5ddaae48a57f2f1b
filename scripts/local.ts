// `bun run local "Fix the typo in the README"`: the whole gitclaw lifecycle on this checkout, offline
// from GitHub. The issue lives in the embedded GitHub emulator, the agent works in a clone, pushes go
// to a throwaway bare remote under .gitclaw-local/, and the model is whatever the environment names.
// `bun run local --issue 1 "…"` continues that conversation.
// `bun run local --demo` needs no key: the same lifecycle with a scripted model (./lib/demo.ts).
import { runLocal, LocalError } from "./lib/local.ts";

try {
  process.exitCode = await runLocal(process.argv.slice(2), {
    cwd: process.cwd(),
    env: process.env,
    out: (line) => console.log(line),
  });
} catch (error) {
  console.error(error instanceof LocalError ? `gitclaw local: ${error.message}` : error);
  process.exitCode = error instanceof LocalError ? 2 : 1;
}
