// `bun run doctor`: checks that this repository is ready for gitclaw (see src/cli/doctor-cli.ts).
import "../src/cli/doctor-cli.ts";
