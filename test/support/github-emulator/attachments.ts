// Files people attach to issues and comments, as a private repository serves them on GitHub:
// - `<server>/user-attachments/assets/<uuid>`, the link in the Markdown, answers only a request with
//   the token, by a redirect to a signed URL (github.com sends a browser to private-user-images);
// - that signed URL (`/_user-content/<uuid>?jwt=…`) answers anyone holding it, nobody without;
// - the REST API's `full+json` and `html+json` media types add `body_html`, the text rendered, where
//   each attachment is an `<img>` of its signed URL (and `body_text` with `full+json`).
// And the web page of a committed file, `<server>/<owner>/<repo>/blob/<sha>/<path>?raw=true`, its
// bytes from origin, for images the agent attaches to its reply.
import { randomBytes, randomUUID } from "node:crypto";
import type { RouteContext } from "./http.ts";

interface AttachmentRecord {
  bytes: Uint8Array;
  /** The signature of its signed URL: whoever holds the URL may download it. */
  jwt: string;
}

const ATTACHMENT_PATH = /^\/_web\/user-attachments\/assets\/([0-9a-f-]{36})$/;
const SIGNED_PATH = /^\/_user-content\/([0-9a-f-]{36})$/;
const BLOB_PATH = /^\/_web\/([^/]+)\/([^/]+)\/blob\/([0-9a-f]{7,40})\/(.+)$/;

export class Attachments {
  private readonly byId = new Map<string, AttachmentRecord>();

  constructor(
    private readonly apiUrl: string,
    private readonly webUrl: string,
  ) {}

  /** Stores a file; returns its attachment URL, as GitHub puts it in the Markdown. */
  add(bytes: Uint8Array): string {
    const id = randomUUID();
    this.byId.set(id, { bytes, jwt: randomBytes(16).toString("hex") });
    return `${this.webUrl}/user-attachments/assets/${id}`;
  }

  private signedUrl(id: string): string | undefined {
    const record = this.byId.get(id);
    return record && `${this.apiUrl}/_user-content/${id}?jwt=${record.jwt}`;
  }

  /** Markdown rendered as GitHub's `body_html` renders attachments: an image of the signed URL. */
  html(markdown: string | null): string {
    if (!markdown) return "";
    const escaped = markdown.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const withImages = escaped.replace(
      /(?:!\[[^\]]*\]\()?(https?:\/\/[^\s)"]+\/user-attachments\/assets\/([0-9a-f-]{36}))\)?/g,
      (whole, _url: string, id: string) => {
        const signed = this.signedUrl(id);
        return signed ? `<a href="${signed}"><img src="${signed}" alt="image" style="max-width: 100%;"></a>` : whole;
      },
    );
    return withImages
      .split(/\n{2,}/)
      .map((paragraph) => `<p dir="auto">${paragraph}</p>`)
      .join("\n");
  }

  /** A REST object with `body_html` (and `body_text`) when the request asks for them by media type. */
  withBodies<T extends { body?: string | null }>(context: RouteContext, object: T): T {
    const accept = context.header("accept") ?? "";
    const full = /application\/vnd\.github(?:\.v3)?\.full\+json/.test(accept);
    if (!full && !/application\/vnd\.github(?:\.v3)?\.html\+json/.test(accept)) return object;
    const body = object.body ?? null;
    return { ...object, body_html: this.html(body), ...(full ? { body_text: body ?? "" } : {}) };
  }

  /** The web responses: an attachment (with the token), a signed URL, a committed file's raw bytes; else undefined. */
  serve(
    url: URL,
    authorized: boolean,
    blob: (sha: string, path: string) => Uint8Array | undefined,
  ): Response | undefined {
    const attachment = ATTACHMENT_PATH.exec(url.pathname);
    if (attachment) {
      const signed = authorized ? this.signedUrl(attachment[1]!) : undefined;
      return signed ? new Response(null, { status: 302, headers: { location: signed } }) : notFound();
    }
    const signed = SIGNED_PATH.exec(url.pathname);
    if (signed) {
      const record = this.byId.get(signed[1]!);
      if (!record || url.searchParams.get("jwt") !== record.jwt) return notFound();
      return new Response(record.bytes, { headers: { "content-type": "application/octet-stream" } });
    }
    const file = BLOB_PATH.exec(url.pathname);
    if (file && url.searchParams.get("raw") === "true") {
      const bytes = authorized ? blob(file[3]!, decodeURIComponent(file[4]!)) : undefined;
      return bytes ? new Response(bytes, { headers: { "content-type": "application/octet-stream" } }) : notFound();
    }
    return undefined;
  }
}

const notFound = () => new Response("Not Found", { status: 404 });
