// Blocks shell commands that a dedicated tool does better (viewing, editing, writing files), with a
// message pointing at that tool. Rules look at each command segment, never inside quotes,
// command substitutions or heredoc bodies, and only at the first stage of a pipeline.

export interface InterceptorRule {
  /** The tool to use instead; the rule is active only when that tool is enabled. */
  tool: string;
  /** Tested against a segment's shape (see CommandSegment), leading `NAME=value` words removed. */
  pattern: RegExp;
  message: string;
}

export interface CommandSegment {
  /** The segment as written. */
  text: string;
  /**
   * The segment with shell-special characters inside quotes and substitutions masked as `_` and
   * heredoc bodies removed, so patterns see only the command's own structure.
   */
  shape: string;
}

/** A `>` redirect that truncates a real file (not `>>`, `>&2`, `2>`, or anything under /dev/). */
const REDIRECT_TO_FILE = String.raw`(?<![<>&\d])>(?![>&])\s*(?!["']?/dev/)\S`;

const INTERCEPTOR_RULES: readonly InterceptorRule[] = [
  {
    tool: "read",
    // A viewer with a file operand and no pipe or redirection. Operands starting with / ~ or $
    // are likely outside the workspace, which `read` cannot open, so those are left alone.
    pattern: /^(?:cat|head|tail|less|more)\s(?!.*[|<>])(?=(?:.*\s)?(?!["']?[/~$])[^\s-])/,
    message:
      "Use the `read` tool to view files instead of cat/head/tail/less/more: it pages with offset/limit and describes binary files.",
  },
  {
    tool: "edit",
    pattern:
      /^(?:sed\s(?:.*\s)?(?:-[a-zA-Z]*i|--in-place)(?![a-zA-Z-])|perl\s(?:.*\s)?-[a-zA-Z]*i(?![a-zA-Z])|awk\s(?:.*\s)?-i\s*inplace)/,
    message:
      "Use the `edit` tool instead of sed -i / perl -i / awk -i inplace: it replaces one exact, unique piece of text and says clearly when it does not match.",
  },
  {
    tool: "write",
    pattern: new RegExp(String.raw`^(?:(?:echo|printf)\s.*${REDIRECT_TO_FILE}|cat\s(?=.*<<).*${REDIRECT_TO_FILE})`),
    message:
      "Use the `write` tool to create or overwrite files instead of echo/printf/cat-heredoc redirection: it creates parent folders and needs no shell quoting.",
  },
];

const maskSpecial = (char: string): string => (/[\s|&;<>()]/.test(char) ? "_" : char);

interface Heredoc {
  delimiter: string;
  stripTabs: boolean;
}

/** A command being split: the segments so far, the one being read, and what the position is inside of. */
interface Scan {
  command: string;
  /** The current character; a step that reads further leaves it on the last character it read. */
  at: number;
  segments: CommandSegment[];
  text: string;
  shape: string;
  quote: "'" | '"' | undefined;
  substitutionDepth: number;
  inBacktick: boolean;
  /** Heredocs opened on the current line: their bodies follow it. */
  heredocs: Heredoc[];
}

/** Each step reads what starts at the current character, or returns false to leave it to the next step. */
const STEPS = [readQuoted, readSubstitution, readComment, readHeredocOperator, readSeparator];

/** Splits on `&&`, `||`, `;`, `&` and newlines outside quotes, substitutions and heredocs. */
export function splitCommandSegments(command: string): CommandSegment[] {
  const scan: Scan = {
    command,
    at: 0,
    segments: [],
    text: "",
    shape: "",
    quote: undefined,
    substitutionDepth: 0,
    inBacktick: false,
    heredocs: [],
  };
  for (; scan.at < command.length; scan.at++) {
    const char = command[scan.at] ?? "";
    const next = command[scan.at + 1] ?? "";
    if (!STEPS.some((step) => step(scan, char, next))) append(scan, char, char);
  }
  endSegment(scan);
  return scan.segments;
}

function append(scan: Scan, text: string, shape: string): void {
  scan.text += text;
  scan.shape += shape;
}

function endSegment(scan: Scan): void {
  if (scan.text.trim() !== "") scan.segments.push({ text: scan.text.trim(), shape: scan.shape.trim() });
  scan.text = "";
  scan.shape = "";
}

/** Quotes and backslash escapes: what they enclose is data, masked in the shape. */
function readQuoted(scan: Scan, char: string, next: string): boolean {
  if (scan.quote === "'") {
    append(scan, char, maskSpecial(char));
    if (char === "'") scan.quote = undefined;
  } else if (char === "\\") {
    append(scan, char + next, `_${next === "" ? "" : "_"}`);
    scan.at++;
  } else if (scan.quote === '"') {
    append(scan, char, maskSpecial(char));
    if (char === '"') scan.quote = undefined;
  } else if (char === "'" || char === '"') {
    scan.quote = char;
    append(scan, char, char);
  } else return false;
  return true;
}

/** `$(…)` and backticks: commands of their own, masked in the shape but for the outermost delimiters. */
function readSubstitution(scan: Scan, char: string, next: string): boolean {
  if (char === "`") {
    scan.inBacktick = !scan.inBacktick;
    append(scan, char, char);
  } else if (char === "$" && next === "(") {
    const nested = scan.substitutionDepth > 0 || scan.inBacktick;
    scan.substitutionDepth++;
    append(scan, "$(", nested ? "__" : "$(");
    scan.at++;
  } else if (scan.substitutionDepth > 0) {
    if (char === "(") scan.substitutionDepth++;
    if (char === ")") scan.substitutionDepth--;
    append(scan, char, scan.substitutionDepth === 0 && !scan.inBacktick ? char : maskSpecial(char));
  } else if (scan.inBacktick) append(scan, char, maskSpecial(char));
  else return false;
  return true;
}

/** A `#` that starts a word comments out the rest of the line: kept in the text, left out of the shape. */
function readComment(scan: Scan, char: string): boolean {
  const startsWord = scan.text === "" || /\s/.test(scan.text.at(-1) ?? "");
  if (char !== "#" || !startsWord) return false;
  const newline = scan.command.indexOf("\n", scan.at);
  const end = newline === -1 ? scan.command.length : newline;
  scan.text += scan.command.slice(scan.at, end);
  scan.at = end - 1;
  return true;
}

/** `<<<` (a here-string: its word is ordinary data on the same line) and `<<WORD`, which opens a heredoc. */
function readHeredocOperator(scan: Scan, char: string, next: string): boolean {
  if (char !== "<" || next !== "<") return false;
  const { command } = scan;
  if (command[scan.at + 2] === "<") {
    append(scan, "<<<", "<<<");
    scan.at += 2;
    return true;
  }
  let end = scan.at + 2;
  const stripTabs = command[end] === "-";
  if (stripTabs) end++;
  while (command[end] === " " || command[end] === "\t") end++;
  const wordStart = end;
  while (end < command.length && !/[\s;&|<>()]/.test(command[end] ?? "")) end++;
  scan.heredocs.push({ delimiter: command.slice(wordStart, end).replace(/["'\\]/g, ""), stripTabs });
  const operator = command.slice(scan.at, end);
  append(scan, operator, operator);
  scan.at = end - 1;
  return true;
}

/** What ends a segment: a newline (after the bodies of heredocs opened on its line), `&&`, `||`, `;`, `&`. */
function readSeparator(scan: Scan, char: string, next: string): boolean {
  const doubled = (char === "&" && next === "&") || (char === "|" && next === "|");
  // `&` alone ends a segment; in `2>&1`, `<&3`, `&>file` and `|&` it is part of a redirection or pipe.
  const backgrounds = char === "&" && !/[<>|]$/.test(scan.text) && next !== ">";
  if (char !== "\n" && char !== ";" && !doubled && !backgrounds) return false;
  if (char === "\n") readHeredocBodies(scan);
  if (doubled) scan.at++;
  endSegment(scan);
  return true;
}

/** The bodies follow the line, one per pending heredoc; they are data, not commands. */
function readHeredocBodies(scan: Scan): void {
  if (scan.heredocs.length === 0) return;
  const { command } = scan;
  let position = scan.at + 1;
  for (const { delimiter, stripTabs } of scan.heredocs) {
    while (position < command.length) {
      const newline = command.indexOf("\n", position);
      const lineEnd = newline === -1 ? command.length : newline;
      const line = command.slice(position, lineEnd);
      position = lineEnd + 1;
      if ((stripTabs ? line.replace(/^\t+/, "") : line) === delimiter) break;
    }
  }
  scan.text += command.slice(scan.at, position);
  scan.heredocs = [];
  scan.at = position - 1;
}

const LEADING_ASSIGNMENTS = /^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)+/;

/** The first rule (whose tool is enabled) that blocks the command, if any. */
export function findInterception(command: string, enabledTools: ReadonlySet<string>): InterceptorRule | undefined {
  const shapes = splitCommandSegments(command).map((segment) => segment.shape.replace(LEADING_ASSIGNMENTS, ""));
  return INTERCEPTOR_RULES.find(
    (rule) => enabledTools.has(rule.tool) && shapes.some((shape) => rule.pattern.test(shape)),
  );
}

export const formatInterception = (rule: InterceptorRule, command: string): string =>
  `Blocked: ${rule.message}\n\nOriginal command: ${command}`;
