// `bun run local "Fix the typo in the README"`: the whole gitclaw lifecycle on the repository you are
// in, offline from GitHub (`gitclaw local` of the package is the same). The issue lives in the embedded
// GitHub emulator, the agent works in a clone, pushes go to a throwaway bare remote under .gitclaw-local/,
// and the model is whatever the environment names. `--issue 1 "…"` continues that conversation;
// `--demo` needs no key: the same lifecycle with a scripted model (./lib/demo.ts).
import { resolve } from "node:path";
import { PACKAGE_ROOT } from "../src/package-root.ts";
import { runLocalCommand } from "./lib/local.ts";

// The hints name a command that works where the user is: `bun run local` only works in gitclaw's checkout.
const command =
  PACKAGE_ROOT && resolve(process.cwd()) === resolve(PACKAGE_ROOT) ? "bun run local" : `bun ${import.meta.path}`;
process.exitCode = await runLocalCommand(process.argv.slice(2), command);
