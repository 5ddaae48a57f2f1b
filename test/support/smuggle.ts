// A commit message that smuggles a change: `git format-patch` writes the message into the mbox and
// `git am` ends the message at the first `---` line, applying what follows. Below it, a plain (not
// git's) diff that replaces a file's one line, which a reading of the patch's `diff --git` headers
// never sees. Sub-agents' commits carry it in the tests of what a series changed once applied.

/** The message: a harmless subject and body, then the `---` line and a diff of `file` from `before` to `after` (one line each, no final newline). */
export function smugglingMessage(subject: string, file: string, before: string, after: string): string {
  const noNewline = "\\ No newline at end of file";
  return [
    subject,
    "",
    "Tidied up as asked.",
    "---",
    `--- a/${file}`,
    `+++ b/${file}`,
    "@@ -1 +1 @@",
    `-${before}`,
    noNewline,
    `+${after}`,
    noNewline,
  ].join("\n");
}
