// The one redactor every outgoing string passes through: comments, committed session files,
// tool results shown to the model, step summaries and error messages.
//
// It removes two kinds of thing in a single regex pass:
// - known secret values (from the environment), in every encoding they commonly leak in: raw,
//   JSON-escaped, URL-encoded and base64 — including base64 embedded in a longer base64 string,
//   which is how `actions/checkout` stores the job token in `.git/config`
//   (`AUTHORIZATION: basic base64("x-access-token:" + token)`), and base64 broken into lines
//   anywhere, as `base64` prints it by default (76 columns) and PEM and MIME wrap it;
// - credential shapes whose value we were never told (a PAT pasted into an issue, a key printed
//   by some tool).
import { Buffer } from "node:buffer";

export const REDACTED = "[REDACTED]";

/**
 * Shorter values are ignored. Env "secrets" such as `true`, `1` or `main` would otherwise
 * blank out ordinary words everywhere (and the pattern of blanks would reveal the value anyway),
 * and base64 fragments of a short value collide with unrelated base64 text. Real credentials
 * are far longer.
 */
export const MIN_SECRET_LENGTH = 8;

export interface Redactor {
  (text: string): string;
  /** Registers another secret value; takes effect on the next call. */
  add(secret: string): void;
}

// Token shapes recognised without knowing the value. Each is a non-capturing source fragment,
// except the Authorization header, whose one capture group (the header prefix) is kept.
// Leading lookbehinds stop matches inside longer words ("task-list", "ASKIA…").
const TOKEN_SHAPES: readonly string[] = [
  // PEM private keys; an unterminated block (truncated output) is redacted to the end.
  String.raw`-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?` +
    String.raw`(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)`,
  // GitHub classic, OAuth, user-to-server, installation and refresh tokens; fine-grained PATs.
  String.raw`(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{36,}`,
  String.raw`(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{22,}`,
  // Anthropic (`sk-ant-…`) and OpenAI (`sk-…`, `sk-proj-…`) keys.
  String.raw`(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{20,}`,
  // AWS access key ids.
  String.raw`(?<![A-Za-z0-9])A(?:KIA|SIA)[A-Z0-9]{16}(?![A-Za-z0-9])`,
  // Slack tokens.
  String.raw`(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9-]{10,}`,
  // JWTs: header.payload.signature in base64url; a header `{"alg"…` always encodes to `eyJ…`.
  String.raw`(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+`,
  // Header values, also as a JSON/JS property (`"authorization": "Bearer …"`); the value charset
  // is RFC 6750's token68, which covers base64, JWTs and every token format above.
  String.raw`(${caseless("authorization")}["']?\s*[:=]\s*["']?` +
    String.raw`(?:${caseless("basic")}|${caseless("bearer")}|${caseless("token")})\s+)` +
    String.raw`[A-Za-z0-9._~+/=-]+`,
];

/** A case-insensitive source fragment, so that the combined regex can stay case-sensitive. */
function caseless(word: string): string {
  return word.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function base64(bytes: Buffer): string {
  return bytes.toString("base64");
}

function toUrlSafe(b64: string): string {
  return b64.replace(/\+/g, "-").replace(/\//g, "_");
}

/**
 * The parts of base64(value) that are the same wherever the value sits inside a longer encoded
 * string, one per byte alignment (0, 1 or 2 bytes before it in its 3-byte group). Characters
 * that also depend on the neighbouring bytes are dropped from both ends.
 */
function alignedBase64Fragments(value: Buffer): string[] {
  const fragments: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const padded = Buffer.concat([Buffer.alloc(offset), value]);
    const unpadded = base64(padded).replace(/=+$/, "");
    // Leading characters mixing in the filler: none at offset 0, else offset + 1.
    const start = offset === 0 ? 0 : offset + 1;
    // A trailing partial 3-byte group ends in one character that mixes in the next byte.
    const end = padded.length % 3 === 0 ? unpadded.length : unpadded.length - 1;
    fragments.push(unpadded.slice(start, end));
  }
  return fragments;
}

/** Every form in which `secret` may appear in text we send out: as written, and in base64. */
function encodedForms(secret: string): { literal: string[]; base64: string[] } {
  const literal = [
    secret,
    JSON.stringify(secret).slice(1, -1), // as written into the committed JSON session files
    encodeURIComponent(secret), // in URLs, e.g. `https://user:<value>@host`
  ];
  const forms = new Set<string>();
  // The checkout extraheader encodes `x-access-token:<token>`; list it whole so that the
  // entire header value goes rather than just the fragment in the middle.
  for (const plain of [secret, `x-access-token:${secret}`]) {
    const standard = base64(Buffer.from(plain));
    const urlSafe = toUrlSafe(standard);
    for (const form of [standard, urlSafe]) {
      forms.add(form);
      forms.add(form.replace(/=+$/, ""));
    }
  }
  for (const fragment of alignedBase64Fragments(Buffer.from(secret))) {
    forms.add(fragment);
    forms.add(toUrlSafe(fragment));
  }
  return { literal, base64: [...forms] };
}

/** A base64 form as a pattern that also matches it broken into lines at any point (`\n`, `\r\n`, JSON's `\\n`). */
const wrappable = (form: string): string => [...form].map(escapeRegExp).join(String.raw`(?:(?:\\r)?\\n|\r?\n)?`);

/**
 * `shapes: false` removes only the known values: for the repository's own files (src/git/scrub.ts),
 * where a test fixture shaped like a token is content, not a leak.
 */
export function createRedactor(
  secrets: Iterable<string | undefined> = [],
  { shapes = true }: { shapes?: boolean } = {},
): Redactor {
  const known = new Set<string>();
  let pattern: RegExp | undefined;

  const add = (secret: string): void => {
    const value = secret.trim();
    if (value.length < MIN_SECRET_LENGTH || known.has(value)) return;
    known.add(value);
    pattern = undefined;
  };
  for (const secret of secrets) if (secret !== undefined) add(secret);

  // Known values come first and longest first: at one position the longest form wins, and a
  // known value beats a token shape that would stop short of the value's end.
  const build = (): RegExp => {
    const forms = [...known].map(encodedForms);
    const literals = [
      ...[...new Set(forms.flatMap((form) => form.literal))].map((text) => ({ text, source: escapeRegExp(text) })),
      ...[...new Set(forms.flatMap((form) => form.base64))].map((text) => ({ text, source: wrappable(text) })),
    ]
      .sort((a, b) => b.text.length - a.text.length)
      .map(({ source }) => source);
    const alternatives = [...literals, ...(shapes ? TOKEN_SHAPES : [])];
    // Without shapes or values there is nothing to find: a pattern that never matches.
    return new RegExp(alternatives.join("|") || "(?!)", "g");
  };

  const redact = (text: string): string => {
    pattern ??= build();
    // Without the shapes there is no capture group, and the second argument is the match's offset.
    return text.replace(pattern, (_match, headerPrefix: unknown) =>
      typeof headerPrefix === "string" ? headerPrefix + REDACTED : REDACTED,
    );
  };
  return Object.assign(redact, { add });
}

/** Applies the redactor to every string inside a value (messages, tool arguments). */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)])) as T;
  }
  return value;
}
