// Entry point of the fake LLM server (see fake-model/index.ts). Run directly, it serves until killed,
// for manual runs and benchmarks:
//   bun test/support/fake-model.ts --turns turns.json   # a JSON array of Turn, served in order
//   bun test/support/fake-model.ts --echo               # every request: a text turn echoing the last user text
// Both flags together: the scripted turns first, then echo. Prints FAKE_MODEL_URL=… on stdout.
import { readFileSync } from "node:fs";
import { startFakeModel, userText, type Turn } from "./fake-model/index.ts";

export * from "./fake-model/index.ts";

function usage(): never {
  console.error("usage: bun test/support/fake-model.ts [--turns turns.json] [--echo]");
  process.exit(2);
}

if (import.meta.main) {
  const args = Bun.argv.slice(2);
  let turns: Turn[] = [];
  let echo = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--echo") echo = true;
    else if (args[i] === "--turns" && args[i + 1]) {
      const parsed: unknown = JSON.parse(readFileSync(args[++i] as string, "utf8"));
      if (!Array.isArray(parsed)) usage();
      turns = parsed as Turn[];
    } else usage();
  }
  if (!echo && turns.length === 0) usage();
  const model = await startFakeModel({
    turns,
    respond: echo ? (request) => ({ text: `echo: ${userText(request.body, "last")}` }) : undefined,
  });
  console.log(`FAKE_MODEL_URL=${model.url}`);
}
