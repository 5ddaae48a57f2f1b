// `bun scripts/init.ts [path]`: adds gitclaw to the git repository at `path` (default: the current
// directory), or upgrades it there, from this checkout. See src/cli/install.ts.
import { formatReport, install, InstallError } from "../src/cli/install.ts";

const args = Bun.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith("-")) {
  console.error("usage: bun scripts/init.ts [path-to-repository]");
  process.exit(2);
}
try {
  process.stdout.write(formatReport(install(args[0] ?? ".")));
} catch (error) {
  if (!(error instanceof InstallError)) throw error;
  console.error(`gitclaw init: ${error.message}`);
  process.exitCode = 1;
}
