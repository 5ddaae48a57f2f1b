// Quoting people's text where it is shown to the model among lines gitclaw writes (the user message,
// the github tool's issue and pull request views): every line of it starts with `> `, so nothing in
// it can pose as a line gitclaw wrote, such as a part's frame or another comment's heading. And
// fencing text in Markdown so that nothing in it can end the block early.

/** A fenced code block whose fence is longer than any backtick run inside, so the content cannot close it. */
export function fence(text: string, lang = ""): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const marks = "`".repeat(Math.max(3, longest + 1));
  return `${marks}${lang}\n${text}\n${marks}`;
}

/** Every line break the model might see as one counts, not only `\n`. */
export function quoteAsData(text: string): string {
  return text
    .split(/\r\n|[\n\r\u0085\u2028\u2029]/)
    .map((line) => `> ${line}`)
    .join("\n");
}
