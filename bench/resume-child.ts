// Child process of the resume benchmark: `bun bench/resume-child.ts REPS FILES_JSON` runs the
// measurement (bench/resume.ts measureResume) in a process of its own, logs to stderr, and prints
// one JSON line with the medians.
import { measureResume } from "./resume.ts";

const [reps = "10", files = "{}"] = process.argv.slice(2);
const result = await measureResume(
  { reps: Number(reps), log: (line) => console.error(line) },
  JSON.parse(files) as Record<number, string>,
);
console.log(JSON.stringify(result));
