// `bun run session <issue-number|file.jsonl> [--repo <dir>]`: prints a conversation as Markdown.
// The viewer lives in src/ so that repositories gitclaw is installed into have it too.
import { runSessionCommand } from "../src/session/render.ts";

runSessionCommand(Bun.argv.slice(2));
