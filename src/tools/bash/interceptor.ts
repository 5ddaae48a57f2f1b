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

/** Splits on `&&`, `||`, `;`, `&` and newlines outside quotes, substitutions and heredocs. */
export function splitCommandSegments(command: string): CommandSegment[] {
  const segments: CommandSegment[] = [];
  let text = "";
  let shape = "";
  let quote: "'" | '"' | undefined;
  let substitutionDepth = 0;
  let inBacktick = false;
  let heredocs: Array<{ delimiter: string; stripTabs: boolean }> = [];
  const flush = () => {
    if (text.trim() !== "") segments.push({ text: text.trim(), shape: shape.trim() });
    text = "";
    shape = "";
  };

  for (let i = 0; i < command.length; i++) {
    const char = command[i] ?? "";
    const next = command[i + 1] ?? "";
    const nested = substitutionDepth > 0 || inBacktick;
    if (quote === "'") {
      text += char;
      shape += maskSpecial(char);
      if (char === "'") quote = undefined;
      continue;
    }
    if (char === "\\") {
      text += char + next;
      shape += `_${next === "" ? "" : "_"}`;
      i++;
      continue;
    }
    if (quote === '"') {
      text += char;
      shape += maskSpecial(char);
      if (char === '"') quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      text += char;
      shape += char;
      continue;
    }
    if (char === "`") {
      inBacktick = !inBacktick;
      text += char;
      shape += char;
      continue;
    }
    if (char === "$" && next === "(") {
      substitutionDepth++;
      text += "$(";
      shape += nested ? "__" : "$(";
      i++;
      continue;
    }
    if (substitutionDepth > 0) {
      if (char === "(") substitutionDepth++;
      if (char === ")") substitutionDepth--;
      text += char;
      shape += substitutionDepth === 0 && !inBacktick ? char : maskSpecial(char);
      continue;
    }
    if (inBacktick) {
      text += char;
      shape += maskSpecial(char);
      continue;
    }
    if (char === "#" && (text === "" || /\s/.test(text.at(-1) ?? ""))) {
      const newline = command.indexOf("\n", i);
      const end = newline === -1 ? command.length : newline;
      text += command.slice(i, end);
      i = end - 1;
      continue;
    }
    if (char === "<" && next === "<" && command[i + 2] === "<") {
      // A here-string: its word is ordinary data on the same line.
      text += "<<<";
      shape += "<<<";
      i += 2;
      continue;
    }
    if (char === "<" && next === "<") {
      let end = i + 2;
      const stripTabs = command[end] === "-";
      if (stripTabs) end++;
      while (command[end] === " " || command[end] === "\t") end++;
      const wordStart = end;
      while (end < command.length && !/[\s;&|<>()]/.test(command[end] ?? "")) end++;
      const word = command.slice(wordStart, end);
      heredocs.push({ delimiter: word.replace(/["'\\]/g, ""), stripTabs });
      text += command.slice(i, end);
      shape += command.slice(i, end);
      i = end - 1;
      continue;
    }
    if (char === "\n") {
      if (heredocs.length > 0) {
        // The bodies follow this line, one per pending heredoc; they are data, not commands.
        let position = i + 1;
        for (const { delimiter, stripTabs } of heredocs) {
          while (position < command.length) {
            const newline = command.indexOf("\n", position);
            const lineEnd = newline === -1 ? command.length : newline;
            const line = command.slice(position, lineEnd);
            position = lineEnd + 1;
            if ((stripTabs ? line.replace(/^\t+/, "") : line) === delimiter) break;
          }
        }
        text += command.slice(i, position);
        heredocs = [];
        i = position - 1;
      }
      flush();
      continue;
    }
    if ((char === "&" && next === "&") || (char === "|" && next === "|")) {
      flush();
      i++;
      continue;
    }
    if (char === ";") {
      flush();
      continue;
    }
    // `&` alone ends a segment; in `2>&1`, `<&3`, `&>file` and `|&` it is part of a redirection or pipe.
    if (char === "&" && !/[<>|]$/.test(text) && next !== ">") {
      flush();
      continue;
    }
    text += char;
    shape += char;
  }
  flush();
  return segments;
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
