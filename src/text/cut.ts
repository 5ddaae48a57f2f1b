// Text cut to a byte budget without breaking a character, for what goes into the prompt.

/** At most `bytes` of `text`, whole characters, ending at a line break when one is near. */
export function cutAt(text: string, bytes: number): string {
  const encoded = Buffer.from(text);
  if (encoded.length <= bytes) return text;
  const head = new TextDecoder().decode(encoded.subarray(0, bytes)).replace(/\uFFFD+$/, "");
  const lineEnd = head.lastIndexOf("\n");
  return lineEnd >= head.length - 1024 && lineEnd > 0 ? head.slice(0, lineEnd + 1) : head;
}
