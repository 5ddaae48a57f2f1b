// A timing probe for gitclaw's stage scripts, loaded with `bun --preload bench/trace-preload.ts`
// (src/ is not touched). It records, as epoch milliseconds:
//   - "main": when the entry script's own body starts, i.e. every static import has been evaluated;
//   - every fetch (GitHub API or model, told apart by GITHUB_API_URL / ANTHROPIC_BASE_URL), from the
//     call until the response body has been read to its end;
//   - every child process (git, bash), from spawn until exit;
//   - every line the process writes to stdout (the Actions log), by console.log or process.stdout.
// and writes them as JSON to $GITCLAW_BENCH_TRACE when the process exits. Only the benchmark's
// instrumented runs use it; the headline timings run without it.
import { writeFileSync } from "node:fs";

export interface TraceEvent {
  kind: "main" | "fetch" | "spawn" | "line";
  start: number;
  end?: number;
  /** fetch: "github" | "model" | "other"; spawn: the command and its first arguments; line: the text. */
  what: string;
  /** fetch: the HTTP method. */
  method?: string;
}

const out = process.env.GITCLAW_BENCH_TRACE;
const clock = () => performance.timeOrigin + performance.now();
const events: TraceEvent[] = [];

if (out) {
  // Mark the entry script: Bun evaluates its (hoisted) imports before the first statement of its body.
  const entry = process.argv[1] ?? "";
  Bun.plugin({
    name: "gitclaw-bench-trace",
    setup(build) {
      build.onLoad({ filter: /\/lifecycle\/GITCLAW-[A-Z]+\.ts$/ }, async (args) => {
        const source = await Bun.file(args.path).text();
        const mark = args.path === entry ? `globalThis.__gitclawBenchMark?.();\n` : "";
        return { contents: mark + source, loader: "ts" };
      });
    },
  });
  (globalThis as { __gitclawBenchMark?: () => void }).__gitclawBenchMark = () =>
    events.push({ kind: "main", start: clock(), what: "imports done" });

  const github = process.env.GITHUB_API_URL ?? "\0";
  const model = process.env.ANTHROPIC_BASE_URL ?? "\0";
  const traced = async (realFetch: typeof fetch, input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const event: TraceEvent = {
      kind: "fetch",
      start: clock(),
      what: url.startsWith(model) ? "model" : url.startsWith(github) ? "github" : "other",
      method,
    };
    events.push(event);
    const response = await realFetch(input, init);
    if (!response.body) {
      event.end = clock();
      return response;
    }
    // The call is over when its body has been read (model answers stream for the whole turn).
    const body = response.body.pipeThrough(new TransformStream({ flush: () => void (event.end = clock()) }));
    const wrapped = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(wrapped, "url", { value: response.url });
    return wrapped;
  };
  const globalFetch = globalThis.fetch;
  globalThis.fetch = Object.assign(
    (input: string | URL | Request, init?: RequestInit) => traced(globalFetch, input, init),
    globalFetch,
  ) as typeof fetch;
  // Patched through require: an ESM import of node:child_process here would freeze its named exports
  // before the patch, and execa would keep the original.
  const childProcess = require("node:child_process") as typeof import("node:child_process");
  let insideChildProcess = false;
  const realSpawn = childProcess.spawn;
  childProcess.spawn = function (this: unknown, ...args: Parameters<typeof realSpawn>) {
    const [command, argv] = args as unknown as [string, string[] | undefined];
    const event: TraceEvent = {
      kind: "spawn",
      start: clock(),
      what: [
        command,
        ...(Array.isArray(argv) ? argv.filter((a) => !a.startsWith("-c") && !a.includes("=")).slice(0, 2) : []),
      ].join(" "),
    };
    events.push(event);
    insideChildProcess = true;
    try {
      const child = realSpawn.apply(this, args);
      child.once("exit", () => void (event.end = clock()));
      return child;
    } finally {
      insideChildProcess = false;
    }
  } as typeof realSpawn;
  // The bash tool spawns with Bun.spawn (src/tools/bash/process.ts); node:child_process does too, under
  // the wrapper above, and is counted there.
  const realBunSpawn = Bun.spawn;
  Bun.spawn = ((...args: Parameters<typeof realBunSpawn>) => {
    if (insideChildProcess) return realBunSpawn(...args);
    const [first] = args as unknown as [string[] | { cmd: string[] }];
    const argv = Array.isArray(first) ? first : first.cmd;
    const event: TraceEvent = {
      kind: "spawn",
      start: clock(),
      what: argv
        .filter((a) => !a.startsWith("-c") && !a.includes("="))
        .slice(0, 3)
        .join(" "),
    };
    events.push(event);
    const child = realBunSpawn(...args);
    void child.exited.then(() => void (event.end = clock()));
    return child;
  }) as typeof realBunSpawn;

  const lines = (text: string) => {
    const t = clock();
    for (const line of text.split("\n"))
      if (line.trim()) events.push({ kind: "line", start: t, what: line.slice(0, 200) });
  };
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    lines(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  // The stages log with console.log (src/actions/log.ts), one string a call.
  const log = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    lines(args.map(String).join(" "));
    log(...args);
  };

  process.on("exit", () => writeFileSync(out, JSON.stringify(events)));
}
