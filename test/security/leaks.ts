// Finds secrets where they must never be: every model request, every body sent to the GitHub API
// (comments, progress edits), origin's whole history, the session files and artifacts in the
// workspace, the files gitclaw writes under $RUNNER_TEMP, and the stage logs. Each secret is
// looked for in every form it commonly leaks in, independently of src/redact.ts, so that a bug
// there cannot hide itself.
import { Buffer } from "node:buffer";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import type { World } from "../e2e/support.ts";

export interface Secret {
  name: string;
  value: string;
}

export interface Finding {
  place: string;
  secret: string;
  form: string;
  excerpt: string;
}

/** Where to look; `since` skips what earlier tests of the same world produced. */
export interface Scene {
  world: World;
  workspace: string;
  runnerTemp: string;
  logs: string;
  since?: { modelRequests: number; githubRequests: number };
}

const base64 = (text: string) => Buffer.from(text).toString("base64");
const urlSafe = (b64: string) => b64.replace(/\+/g, "-").replace(/\//g, "_");

/**
 * The parts of base64(value) that stay the same wherever the value sits inside a longer encoded
 * text (one per byte alignment): a token inside a base64-encoded file or header is still found.
 */
function embeddedBase64(value: string): string[] {
  return [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), Buffer.from(value)])
      .toString("base64")
      .replace(/=+$/, "");
    const end = (offset + value.length) % 3 === 0 ? encoded.length : encoded.length - 1;
    return encoded.slice(offset === 0 ? 0 : offset + 1, end);
  });
}

export function secretForms(value: string): { form: string; text: string }[] {
  const forms = [
    { form: "raw", text: value },
    { form: "URL-encoded", text: encodeURIComponent(value) },
    { form: "base64", text: base64(value).replace(/=+$/, "") },
    { form: "base64url", text: urlSafe(base64(value)).replace(/=+$/, "") },
    { form: "base64 of x-access-token:<value>", text: base64(`x-access-token:${value}`).replace(/=+$/, "") },
    // Encodings the redactor does not know: only keeping the value from the tools stops these.
    { form: "hex", text: Buffer.from(value).toString("hex") },
    { form: "reversed", text: [...value].reverse().join("") },
    ...embeddedBase64(value).flatMap((text, offset) => [
      { form: `base64, embedded at offset ${offset}`, text },
      { form: `base64url, embedded at offset ${offset}`, text: urlSafe(text) },
    ]),
  ];
  const seen = new Set<string>();
  return forms.filter(({ text }) => !seen.has(text) && seen.add(text));
}

/**
 * The text with its line breaks taken out (also as JSON writes them): base64 that a command printed
 * wrapped (76 columns by default) is found whole there.
 */
const unwrapped = (text: string) => text.replace(/\\r|\\n|\r|\n/g, "");

export function scan(places: Record<string, string>, secrets: readonly Secret[]): Finding[] {
  const findings: Finding[] = [];
  for (const [place, whole] of Object.entries(places)) {
    for (const secret of secrets) {
      for (const { form, text: needle } of secretForms(secret.value)) {
        const text = form.startsWith("base64") ? unwrapped(whole) : whole;
        const at = text.indexOf(needle);
        if (at >= 0)
          findings.push({
            place,
            secret: secret.name,
            form,
            excerpt: text.slice(Math.max(0, at - 60), at + needle.length + 60),
          });
      }
    }
  }
  return findings;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

/**
 * `::add-mask::<value>` is how a step hands a secret to the runner, which then replaces it with ***
 * in the log it stores and shows: the masking mechanism itself, printed by setSecret
 * (src/actions/log.ts). These lines are the one place a raw secret may appear in a step's output.
 */
export const isMaskCommand = (line: string) => line.startsWith("::add-mask::");

export async function gatherPlaces(scene: Scene): Promise<Record<string, string>> {
  const { world } = scene;
  const places: Record<string, string> = {};
  world.model.requests.slice(scene.since?.modelRequests ?? 0).forEach((request, i) => {
    places[`model request ${i}`] = JSON.stringify(request.body);
  });
  world.gh.requests.slice(scene.since?.githubRequests ?? 0).forEach((request, i) => {
    if (request.body !== undefined)
      places[`GitHub API request ${i} (${request.method} ${request.path})`] = JSON.stringify(request.body);
  });
  places["origin history (git log -p --all)"] = String(
    (await execa("git", ["log", "-p", "--all", "--format=commit %H%n%B"], { cwd: world.repo.origin })).stdout,
  );
  for (const file of filesUnder(join(scene.workspace, "state")))
    places[`session file or artifact ${file}`] = readFileSync(file, "utf8");
  for (const file of filesUnder(scene.runnerTemp).filter((path) =>
    /\/(gitclaw-[^/]*|summary\.md|output)$/.test(path),
  )) {
    places[`runner temp ${file}`] = readFileSync(file, "utf8");
  }
  places["stage logs, without ::add-mask:: lines"] = scene.logs
    .split("\n")
    .filter((line) => !isMaskCommand(line))
    .join("\n");
  return places;
}

export async function findLeaks(scene: Scene, secrets: readonly Secret[]): Promise<Finding[]> {
  return scan(await gatherPlaces(scene), secrets);
}
