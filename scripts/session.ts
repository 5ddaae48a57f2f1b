// `bun run session <issue-number|file.jsonl> [--repo <dir>]`: prints a conversation as Markdown.
// The same as `bunx gitclaw session` (src/cli/main.ts).
import { main } from "../src/cli/main.ts";

process.exitCode = await main(["session", ...Bun.argv.slice(2)]);
