// `bun run doctor`: checks that this repository is ready for gitclaw (see src/doctor-cli.ts).
import "../src/doctor-cli.ts";
