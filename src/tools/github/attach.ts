// The attach op: an image of the workspace (a screenshot, a chart the agent made) shown in the
// reply. It is copied beside the session as an artifact, committed with it, and the reply embeds it
// by the commit's blob URL (src/run/attachments.ts), which works for everyone who can read the
// repository, private ones included. Checked by its bytes (PNG, JPEG, GIF, WebP) and capped in size:
// it stays in the repository's history.
import { writeFileSync } from "node:fs";
import { checkImage, describeImage, type ImageMimeType } from "../../images/sniff.ts";
import { openToRead } from "../files/read.ts";
import { describeFileError, resolveToolPath } from "../files/workspace.ts";
import { explicitRepo, type GitHubArgs } from "./args.ts";
import type { OpContext, PlannedCall } from "./context.ts";
import { ToolFailure, ValidationError } from "../../errors.ts";
import { sameRepo } from "./validate.ts";
import { formatBytes } from "../../text/format.ts";

/** The largest image attached: a screenshot fits, and every byte stays in the repository's history. */
export const MAX_ATTACH_BYTES = 2 * 1024 * 1024;

const EXTENSIONS: Record<ImageMimeType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** What the session records of an attached image, for the reply to embed it. */
export interface Attachment {
  /** `artifact://<n>`: what the model writes as the image's URL in its answer. */
  ref: string;
  /** The copy beside the session (absolute). */
  path: string;
  mimeType: ImageMimeType;
}

export function planAttach(args: GitHubArgs, context: OpContext): PlannedCall {
  const given = args.path?.trim();
  if (!given) throw new ValidationError("attach needs path: the image file (PNG, JPEG, GIF or WebP) to show");
  const explicit = explicitRepo(args);
  if (explicit && !sameRepo(explicit, context.thisRepo))
    throw new ValidationError("attach shows an image in your reply on this repository: leave repo out");
  let file: ReturnType<typeof resolveToolPath>;
  try {
    file = resolveToolPath(context.tool, given);
  } catch (error) {
    throw new ValidationError(describeFileError(error, given));
  }
  return {
    target: context.thisRepo,
    narrow: "the confirmation is unusually long",
    async run(out) {
      const bytes = await readCapped(file);
      const checked = checkImage(bytes, MAX_ATTACH_BYTES);
      if (!checked.ok) throw new ToolFailure(`attach refused ${file.display}: ${checked.reason}.`);
      const raw = Buffer.from(bytes).toString("latin1");
      if (context.tool.redact(raw) !== raw)
        throw new ToolFailure(`attach refused ${file.display}: its bytes contain a secret.`);
      const artifact = context.tool.artifacts.allocate(EXTENSIONS[checked.image.mimeType]);
      writeFileSync(artifact.path, bytes);
      out.line(`# Attached ${file.display} as ${artifact.ref} (${describeImage(checked.image)})`);
      out.line(
        `It is shown in your reply: write ![what it shows](${artifact.ref}) where it belongs in your final ` +
          "message; if you do not, it is shown at the end.",
      );
      const attachment: Attachment = { ref: artifact.ref, path: artifact.path, mimeType: checked.image.mimeType };
      return { attachment };
    },
  };
}

/** The file's bytes, refused past MAX_ATTACH_BYTES without reading more. */
async function readCapped(file: ReturnType<typeof resolveToolPath>): Promise<Uint8Array> {
  const handle = await openToRead(file);
  if (typeof handle === "string") throw new ToolFailure(handle);
  try {
    const { size } = await handle.stat();
    if (size > MAX_ATTACH_BYTES)
      throw new ToolFailure(
        `attach refused ${file.display}: ${formatBytes(size)}, over the ${formatBytes(MAX_ATTACH_BYTES)} limit.`,
      );
    const bytes = Buffer.alloc(size);
    await handle.read(bytes, 0, size, 0);
    return bytes;
  } finally {
    await handle.close();
  }
}
