// gitclaw's version, as package.json names it: bundled into dist/ with the code, so `gitclaw --version`
// says which release runs whatever directory it runs from.
import { version } from "../package.json" with { type: "json" };

export const PACKAGE_VERSION: string = version;
