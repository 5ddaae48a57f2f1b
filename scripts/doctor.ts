// `bun run doctor`: checks that this repository is ready for gitclaw (see src/cli/doctor.ts).
import { main } from "../src/cli/main.ts";

process.exitCode = await main(["doctor", ...Bun.argv.slice(2)]);
