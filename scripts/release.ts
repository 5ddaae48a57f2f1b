// `bun run release 1.2.3`: cuts gitclaw's release vX.Y.Z (see ./lib/release.ts).
import { release, ReleaseError } from "./lib/release.ts";

try {
  await release(Bun.argv[2], { cwd: process.cwd(), out: (line) => console.log(line) });
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`release: ${error.message}`);
  process.exitCode = 1;
}
