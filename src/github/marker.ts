// The hidden marker every comment gitclaw writes ends with: posted with a PAT or an App token its
// comments start workflows like a person's, and the marker is how gitclaw knows its own.
export const REPLY_MARKER = "<!-- gitclaw:reply -->";

/** A comment body as gitclaw posts it: ending with the marker, added once. */
export const withReplyMarker = (body: string): string =>
  body.includes(REPLY_MARKER) ? body : `${body}\n${REPLY_MARKER}`;
