// Where gitclaw's own files are (action.yml, dist/): one level up from this file in a checkout (src/),
// and one level up from the bundle in the package (dist/), since the bundle's import.meta.url is its own.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));

/** The directory holding gitclaw's action.yml, or undefined when this code runs from elsewhere. */
export const PACKAGE_ROOT: string | undefined = [join(here, ".."), join(here, "..", "..")].find((dir) =>
  existsSync(join(dir, "action.yml")),
);
