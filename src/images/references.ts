// Where a person's text shows images: Markdown images `![…](url)`, HTML `<img src>` tags, and
// GitHub's attachment links (`<server>/user-attachments/assets/<id>`, which GitHub shows as the
// image itself). Read from the sanitised text (src/text/sanitize.ts), so an image hidden from human
// readers (in an HTML comment, say) is no image here either. And the signed URLs GitHub puts in a
// text's `body_html` (the `full+json` media type), by which a private repository's attachments
// download without a browser session.

/** A UUID, as GitHub names every attachment in its URLs, attachment link and signed URL alike. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const MARKDOWN_IMAGE = /!\[[^\]\n]*\]\(\s*<?([^\s)<>]+)>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;
const HTML_IMAGE = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>]+))[^>]*>/gi;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Attachment links on `server`: `/user-attachments/assets/<uuid>`, and the older `/<owner>/<repo>/assets/<n>/<uuid>`. */
function attachmentLinks(server: string): RegExp {
  const base = escapeRegExp(server.replace(/\/+$/, ""));
  return new RegExp(`${base}/(?:user-attachments/assets|[\\w.-]+/[\\w.-]+/assets/\\d+)/${UUID.source}(?![\\w-])`, "gi");
}

/** Decodes the few entities an attribute value may carry (`&amp;` in a query string above all). */
function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** The image URLs a text shows, in the order it shows them, each once. */
export function imageReferences(text: string, server: string): string[] {
  const found: { at: number; url: string }[] = [];
  for (const match of text.matchAll(MARKDOWN_IMAGE)) found.push({ at: match.index, url: match[1]! });
  for (const match of text.matchAll(HTML_IMAGE))
    found.push({ at: match.index, url: decodeAttribute(match[1] ?? match[2] ?? match[3] ?? "") });
  for (const match of text.matchAll(attachmentLinks(server))) found.push({ at: match.index, url: match[0] });
  found.sort((a, b) => a.at - b.at);
  const urls: string[] = [];
  for (const { url } of found) if (url && !urls.includes(url)) urls.push(url);
  return urls;
}

/** The attachment id (a UUID) a URL names, if any. */
export function attachmentId(url: string): string | undefined {
  return UUID.exec(url)?.[0]?.toLowerCase();
}

/** The `<img src>` URLs of rendered HTML, by the attachment id each names: GitHub's signed URLs. */
export function signedUrls(html: string): Map<string, string> {
  const byId = new Map<string, string>();
  for (const match of html.matchAll(HTML_IMAGE)) {
    const src = decodeAttribute(match[1] ?? match[2] ?? match[3] ?? "");
    const id = attachmentId(src);
    if (id && !byId.has(id)) byId.set(id, src);
  }
  return byId;
}
