// `bun run init [path] [options]`: gitclaw init from this checkout (see src/cli/init.ts).
import { main } from "../src/cli/main.ts";

process.exitCode = await main(["init", ...Bun.argv.slice(2)]);
