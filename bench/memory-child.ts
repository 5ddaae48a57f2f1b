// Child process of the memory benchmark. `bun bench/memory-child.ts tool BYTES` imports the tool set,
// runs one bash call whose command prints BYTES bytes, and prints one JSON line: peak RSS before and
// after (VmHWM), when the command's last write ended (a `date` stamp the command itself writes) and
// when the tool returned. `… capture BYTES` feeds the same bytes straight into the tool's output
// capture (no process, no pipe) in 64 KiB chunks, sampling the JS heap every 64 chunks: what the
// capture alone costs. A last argument `gc` forces full collections while it runs (every 64 chunks,
// or every 20 ms during the tool call), to tell garbage awaiting collection from live memory.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { OutputCapture } from "../src/tools/bash/capture.ts";
import { createTools } from "../src/tools/index.ts";
import { memoryStatus, removeTempDirs, tempDir, toolContext } from "./lib.ts";

const [mode = "tool", size = "1e9", gc] = process.argv.slice(2);
const collect = gc === "gc";
const bytes = Number(size);
const workspace = tempDir("memory");
const context = toolContext(workspace);
const clock = () => performance.timeOrigin + performance.now();
const LINE = `${"x".repeat(99)}\n`;

if (mode === "capture") {
  const capture = new OutputCapture({ redact: context.redact, artifacts: context.artifacts, kind: "bash.log" });
  const chunk = Buffer.from(LINE.repeat(655) + "x".repeat(36)); // 65,536 bytes; lines straddle chunks as in a pipe
  const before = memoryStatus();
  const start = clock();
  let heapPeak = 0;
  for (let sent = 0, n = 0; sent < bytes; sent += chunk.length, n++) {
    capture.write(chunk);
    if (n % 64 === 0) {
      if (collect) Bun.gc(true);
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }
  }
  capture.finish();
  console.log(
    JSON.stringify({ peakBefore: before.peak, peak: memoryStatus().peak, heapPeak, wallMs: clock() - start }),
  );
} else {
  const endFile = join(workspace, "command-ended");
  const bash = createTools().tools.find((t) => t.name === "bash")!;
  // 100-byte lines; `date` records the moment the last byte was written.
  const command = `yes ${"x".repeat(99)} | head -c ${bytes}; date +%s%N > ${endFile}`;
  const before = memoryStatus();
  const start = clock();
  let collections = 0;
  const collector = collect
    ? setInterval(() => {
        Bun.gc(true);
        collections++;
      }, 20)
    : undefined;
  const result = await bash.execute({ command, timeout: 600 }, context);
  clearInterval(collector);
  const returned = clock();
  const ended = Number(readFileSync(endFile, "utf8").trim()) / 1e6;
  console.log(
    JSON.stringify({
      peakBefore: before.peak,
      peak: memoryStatus().peak,
      wallMs: returned - start,
      endToReturnMs: returned - ended,
      isError: result.isError,
      collections,
    }),
  );
}
removeTempDirs();
