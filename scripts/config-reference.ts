// `bun run docs:config`: writes docs/configuration.md from the configuration's schema (./lib/config-reference.ts).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { configurationReference, REFERENCE_FILE } from "./lib/config-reference.ts";

writeFileSync(join(import.meta.dir, "..", REFERENCE_FILE), configurationReference());
console.log(`wrote ${REFERENCE_FILE}`);
