// The images the agent attached during the run (the github tool's attach op), put into its reply:
// each `artifact://<n>` image link of the final message becomes the blob URL of the commit that
// carries the session (`<server>/<owner>/<repo>/blob/<sha>/<path>?raw=true`, which GitHub serves to
// whoever can read the repository), and an image the message does not place is shown at its end.
// Without such a commit there is no URL: the reply says so. The reply stays one comment.
import type { SessionEntry } from "../session/entries.ts";
import { repoRelative } from "../session/mapping.ts";
import type { Attachment } from "../tools/github/attach.ts";
import { callout } from "../github/markdown.ts";
import { noun } from "../text/format.ts";

/** This run's attachments: those of github attach results after the run's prompt entry. */
export function runAttachments(entries: readonly SessionEntry[], promptId: string | undefined): Attachment[] {
  const start = promptId === undefined ? -1 : entries.findIndex((entry) => entry.id === promptId);
  const attachments: Attachment[] = [];
  for (const entry of entries.slice(start + 1)) {
    if (entry.type !== "message") continue;
    const message = entry.message as { role?: string; toolName?: string; isError?: boolean; details?: unknown };
    if (message.role !== "toolResult" || message.toolName !== "github" || message.isError) continue;
    const attachment = (message.details as { attachment?: Attachment } | undefined)?.attachment;
    if (attachment && typeof attachment.ref === "string" && typeof attachment.path === "string")
      attachments.push(attachment);
  }
  return attachments;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with each attachment placed: its links pointed at the commit, the ones not linked appended. */
export function placeAttachments(
  text: string,
  attachments: readonly Attachment[],
  where: { root: string; web: string; sha: string | undefined },
): string {
  if (attachments.length === 0) return text;
  if (where.sha === undefined) {
    const refs = attachments.map((a) => a.ref).join(", ");
    const images = noun(attachments.length, "image");
    return `${text}\n\n${callout("WARNING", `The attached ${images} (${refs}) cannot be shown: the session was not pushed.`)}`;
  }
  let placed = text;
  const unplaced: string[] = [];
  for (const attachment of attachments) {
    const url = `${where.web}/blob/${where.sha}/${repoRelative(where.root, attachment.path)}?raw=true`;
    const link = new RegExp(`\\]\\(\\s*<?${escapeRegExp(attachment.ref)}(?![0-9])>?`, "g");
    if (link.test(placed)) placed = placed.replace(link, `](${url}`);
    else unplaced.push(`![${attachment.ref.replace("artifact://", "image ")}](${url})`);
  }
  return unplaced.length ? `${placed}\n\n${unplaced.join("\n")}` : placed;
}
