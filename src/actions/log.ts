// Workflow commands (`::warning::…`, groups, masks) and the step summary, as documented in GitHub's
// "Workflow commands for GitHub Actions". gitclaw's own rather than @actions/core's: every plain
// line here is neutralised when it could read as a command (text the model chose reaches the log),
// which core.info does not do, and core also loads an HTTP client for OIDC tokens gitclaw never
// requests (3.5 MB of the agent's memory, bench/memory).
import { appendFileSync } from "node:fs";

type Write = (line: string) => void;

// console.log writes a string as it is, synchronously; the first use of process.stdout builds Node's
// stream around it, about 19 ms of every stage's start-up under Bun (bench indicator).
let write: Write = (line) => console.log(line);

/** Sends workflow commands elsewhere (tests); returns what restores the default. */
export function redirectLog(to: Write): () => void {
  const previous = write;
  write = to;
  return () => void (write = previous);
}

/** A message can span lines: the runner reads one command per line, so line breaks are escaped. */
const escapeData = (text: string) => text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
const escapeProperty = (text: string) => escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");

function command(name: string, message: string, properties: Record<string, string | undefined> = {}): void {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${escapeProperty(value)}`)
    .join(",");
  write(`::${name}${props ? ` ${props}` : ""}::${escapeData(message)}`);
}

// The runner reads a line as a command when it starts with `::` (after blanks) or holds `##[` (the
// old syntax) anywhere. A plain line can carry text from outside gitclaw (a tool name the model
// chose, a path a command made), so one that could read as a command is written between
// `::stop-commands::<token>` and `::<token>::`, with a token drawn for it: the runner shows it and
// runs none of it. Line breaks cannot escape that frame, and nothing outside can guess the token.
const COMMAND_LIKE = /(?:^|[\r\n])\s*::|##\[/;

export function info(message: string): void {
  if (!COMMAND_LIKE.test(message)) {
    write(message);
    return;
  }
  // The Web Crypto global: importing node:crypto costs the indicator step about 9 ms of start-up.
  const token = crypto.randomUUID();
  write(`::stop-commands::${token}`);
  write(message);
  write(`::${token}::`);
}
export const warning = (message: string, title?: string): void => command("warning", message, { title });
export const error = (message: string, title?: string): void => command("error", message, { title });
export const startGroup = (name: string): void => command("group", name);
export const endGroup = (): void => command("endgroup", "");
/** Masks `secret` in the rest of the job's log. */
export const setSecret = (secret: string): void => command("add-mask", secret);

/** Where secrets go the moment gitclaw learns them (a credential an exchange returns): the redactor and the log's mask. */
export const secretSink =
  (redact: { add(secret: string): void }) =>
  (secrets: readonly string[]): void => {
    for (const secret of secrets) {
      redact.add(secret);
      setSecret(secret);
    }
  };

/** Appends Markdown to the step summary (`$GITHUB_STEP_SUMMARY`); throws when there is none. */
export function appendSummary(file: string | undefined, markdown: string): void {
  if (!file) throw new Error("GITHUB_STEP_SUMMARY is not set: there is no job summary to write to");
  appendFileSync(file, `${markdown}\n`);
}
