// Owns one session file: creates it, loads it (tolerating damage), and appends entries one complete
// line at a time, so a job killed at any moment leaves a file that pi and gitclaw can still load. A
// session in memory (SessionFile.inMemory, as pi's SessionManager.inMemory) keeps its entries and
// writes no file.
import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { buildContext, extendContext, type SessionContext } from "./context.ts";
import { CUSTOM, type CustomType } from "./custom.ts";
import {
  SESSION_VERSION,
  SessionHeader,
  isSessionId,
  parseEntry,
  type NewEntry,
  type SessionEntry,
} from "./entries.ts";
import { ActionableError } from "../errors.ts";

export interface LoadNote {
  line: number;
  reason: string;
  /** A note an earlier run already reported (custom entry CUSTOM.damagedLines): not news any more. */
  reported?: boolean;
}

export class SessionError extends ActionableError {
  override name = "SessionError";
}

export interface SessionOptions {
  now?: () => Date;
  /** Load without repairing a cut last line (viewers must not change committed files). */
  readOnly?: boolean;
}

/** Entry ids: 8 hex characters like pi's, redrawn on the rare collision. */
function newEntryId(taken: ReadonlySet<string>): string {
  for (let i = 0; i < 100; i++) {
    const id = randomUUID().slice(0, 8);
    if (!taken.has(id)) return id;
  }
  return randomUUID();
}

/** pi's file name: the header timestamp with `:` and `.` replaced, then the session id. */
export function sessionFileName(header: { id: string; timestamp: string }): string {
  return `${header.timestamp.replace(/[:.]/g, "-")}_${header.id}.jsonl`;
}

export class SessionFile {
  private readonly ids = new Set<string>();
  /** What the model sees, once asked for: kept up to date by append(), rebuilt only after a compaction. */
  private built: SessionContext | undefined;
  private readonly now: () => Date;
  private readonly readOnly: boolean;
  /** Set for a session kept in memory: no file is written, and its artifacts live here. */
  private memory: { artifactsDir: string } | undefined;

  private constructor(
    readonly path: string,
    readonly header: SessionHeader,
    readonly entries: SessionEntry[],
    /** Lines that could not be used when loading (a truncated last line after a crash, junk). */
    readonly notes: LoadNote[],
    options: SessionOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.readOnly = options.readOnly ?? false;
    for (const entry of entries) this.ids.add(entry.id);
  }

  get id(): string {
    return this.header.id;
  }

  /** The entry new entries attach to: pi's rule, the last entry in file order. */
  get leafId(): string | null {
    return this.entries.at(-1)?.id ?? null;
  }

  /** Where tool artifacts of this session live: a folder named after the session id, beside the file. */
  get artifactsDir(): string {
    return this.memory?.artifactsDir ?? join(dirname(this.path), this.header.id);
  }

  /** `parentSession`: the session that started this one (a sub-agent's parent), as pi records a fork's origin. */
  static create(dir: string, init: { cwd: string; id?: string; parentSession?: string } & SessionOptions): SessionFile {
    if (init.id !== undefined && !isSessionId(init.id))
      throw new SessionError(`not a session id: ${JSON.stringify(init.id)}`);
    const now = init.now ?? (() => new Date());
    const header: SessionHeader = {
      type: "session",
      version: SESSION_VERSION,
      id: init.id ?? randomUUID(),
      timestamp: now().toISOString(),
      cwd: init.cwd,
      ...(init.parentSession ? { parentSession: init.parentSession } : {}),
    };
    mkdirSync(dir, { recursive: true });
    const path = join(dir, sessionFileName(header));
    if (existsSync(path)) throw new SessionError(`Session file already exists: ${path}`);
    writeFileSync(path, `${JSON.stringify(header)}\n`);
    return new SessionFile(path, header, [], [], init);
  }

  /**
   * A session whose entries stay in memory: `path` is the file it stands for (records name it; a task
   * job's stands for the parent's session, which it never writes), `artifactsDir` where its tool
   * artifacts and task records go.
   */
  static inMemory(path: string, init: { cwd: string; artifactsDir: string } & SessionOptions): SessionFile {
    const now = init.now ?? (() => new Date());
    const header: SessionHeader = {
      type: "session",
      version: SESSION_VERSION,
      id: randomUUID(),
      timestamp: now().toISOString(),
      cwd: init.cwd,
    };
    const session = new SessionFile(path, header, [], [], init);
    session.memory = { artifactsDir: init.artifactsDir };
    return session;
  }

  static load(path: string, options: SessionOptions = {}): SessionFile {
    if (!existsSync(path)) throw new SessionError(`Session file not found: ${path}`);
    const text = readFileSync(path, "utf8");
    const lines = text.split("\n");
    // A file that does not end in a newline was cut mid-write: its last line is incomplete.
    const complete = text.endsWith("\n");
    if (complete) lines.pop();
    const header = checkedHeader(path, lines[0]);
    const { entries, notes } = readEntries(lines, complete);
    const session = new SessionFile(path, header, entries, notes, options);
    // Terminate a cut line so the next append starts on a line of its own; the damaged bytes stay
    // in the file (nothing is ever removed) and readers skip them.
    if (!complete && !options.readOnly) appendFileSync(path, "\n");
    return session;
  }

  /** Appends one entry as one line, parented on the current leaf, and returns it. */
  append(entry: NewEntry): SessionEntry {
    if (this.readOnly) throw new SessionError(`${this.path} was loaded read-only`);
    const full = {
      ...entry,
      id: newEntryId(this.ids),
      parentId: this.leafId,
      timestamp: this.now().toISOString(),
    } as SessionEntry;
    // Stored key order matches pi's writer: type, id, parentId, timestamp, then the payload.
    const { type, id, parentId, timestamp, ...payload } = full;
    if (!this.memory) appendFileSync(this.path, `${JSON.stringify({ type, id, parentId, timestamp, ...payload })}\n`);
    this.entries.push(full);
    this.ids.add(full.id);
    if (this.built && !extendContext(this.built, full)) this.built = undefined;
    return full;
  }

  /** What the person said this turn. */
  appendUserText(text: string, timestamp: number): SessionEntry {
    return this.append({ type: "message", message: { role: "user", content: [{ type: "text", text }], timestamp } });
  }

  /** A gitclaw record (see ./custom.ts). */
  appendCustom(customType: CustomType, data: unknown): SessionEntry {
    return this.append({ type: "custom", customType, data });
  }

  /** How a new conversation starts in pi's format: the model, and its thinking level (default off). */
  appendStart(model: { provider: string; modelId: string }, thinkingLevel = "off"): void {
    this.append({ type: "model_change", provider: model.provider, modelId: model.modelId });
    this.append({ type: "thinking_level_change", thinkingLevel });
  }

  /**
   * What the model sees, by pi's rules: built from the entries on the first call, then extended by
   * each append, so a turn costs the same at the thousandth turn as at the tenth. The same object on
   * every call, changing as entries are appended: read it, do not change it.
   */
  context(): SessionContext {
    return (this.built ??= buildContext(this.entries, this.leafId));
  }

  get fileName(): string {
    return basename(this.path);
  }
}

/**
 * An entry that failed validation but still says where it sits in the tree stays in the tree, so
 * the entries after it keep their history. A user message keeps its text (what the person asked
 * must never drop out of the conversation); anything else stands in as an entry of no type the
 * context knows.
 */
function standInFor(json: unknown): SessionEntry | undefined {
  const value = json as {
    id?: unknown;
    parentId?: unknown;
    timestamp?: unknown;
    type?: unknown;
    message?: unknown;
  } | null;
  if (!value || typeof value.id !== "string" || (typeof value.parentId !== "string" && value.parentId !== null))
    return undefined;
  const base = {
    id: value.id,
    parentId: value.parentId,
    timestamp: typeof value.timestamp === "string" ? value.timestamp : "",
  };
  const message = value.message as { role?: unknown; content?: unknown; timestamp?: unknown } | undefined;
  if (value.type === "message" && message?.role === "user") {
    const parts =
      typeof message.content === "string" ? [message.content] : Array.isArray(message.content) ? message.content : [];
    const text = parts
      .map((part) => (typeof part === "string" ? part : typeof part?.text === "string" ? part.text : ""))
      .join("\n")
      .trim();
    if (text) {
      const timestamp = typeof message.timestamp === "number" ? message.timestamp : Date.parse(base.timestamp) || 0;
      return {
        ...base,
        type: "message",
        message: { role: "user", content: [{ type: "text", text }], timestamp },
      } as SessionEntry;
    }
  }
  return { ...base, type: "gitclaw.unreadable" } as SessionEntry;
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** Line 1: a pi session header, of a version with entry ids, naming a session whose id is a plain name. */
function checkedHeader(path: string, headerLine: string | undefined): SessionHeader {
  const header = headerLine ? SessionHeader.safeParse(safeJson(headerLine)) : undefined;
  if (!header?.success) {
    throw new SessionError(
      `${path} is not a pi session: line 1 must be a header like {"type":"session","version":3,"id":…}. ` +
        `Remove the file or fix the mapping in state/issues/ to start a new session.`,
    );
  }
  if (!isSessionId(header.data.id)) {
    throw new SessionError(
      `${path}: the session id ${JSON.stringify(header.data.id)} is not a plain name (letters, digits, ".", "_", "-"), ` +
        `and its artifacts folder is named after it. Fix the header, or the mapping in state/issues/, to start a new session.`,
    );
  }
  if ((header.data.version ?? 1) < 2) {
    throw new SessionError(
      `${path} is a version 1 pi session (entries without ids). Open it once with pi (pi --session ${path}) to migrate it.`,
    );
  }
  return header.data;
}

/** The entries after the header; a damaged line keeps its place as a stand-in, with a note saying why. */
function readEntries(lines: string[], complete: boolean): { entries: SessionEntry[]; notes: LoadNote[] } {
  const entries: SessionEntry[] = [];
  const notes: LoadNote[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const isLast = i === lines.length - 1;
    const json = safeJson(line);
    const entry = parseEntry(json);
    if (entry) {
      entries.push(entry);
      continue;
    }
    // The line stays in the file; in memory it keeps its place in the tree.
    const standIn = standInFor(json);
    if (standIn) entries.push(standIn);
    const reason = !complete && isLast ? "truncated last line (interrupted write)" : "not a valid entry";
    const kept = standIn?.type === "message" ? "; its text is kept in the conversation" : "";
    notes.push({ line: i + 1, reason: `${reason}${kept}` });
  }
  const reported = new Set(
    entries.flatMap((e) =>
      e.type === "custom" && e.customType === CUSTOM.damagedLines
        ? ((e.data as { lines?: number[] })?.lines ?? [])
        : [],
    ),
  );
  for (const note of notes) if (reported.has(note.line)) note.reported = true;
  return { entries, notes };
}
