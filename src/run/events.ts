// What the run shows as the agent goes: the progress comment, the job summary's timeline, one log
// group per turn with a line per tool call, and the github tool's audit lines in the session.
import * as workflow from "../actions/log.ts";
import type { AgentEvent } from "../agent/loop.ts";
import type { ProgressComment } from "./progress.ts";
import { CUSTOM } from "../session/custom.ts";
import type { SessionFile } from "../session/session-file.ts";
import type { RunTimeline } from "./summary.ts";

export interface RunObserver {
  onEvent(event: AgentEvent): void;
  /** Ends the last log group. */
  close(): void;
}

export function observeRun(watchers: {
  progress: ProgressComment;
  timeline: RunTimeline;
  session: SessionFile;
  log: (line: string) => void;
}): RunObserver {
  const { progress, timeline, session, log } = watchers;
  let grouped = false;
  return {
    onEvent(event) {
      progress.onEvent(event);
      timeline.onEvent(event);
      if (event.type === "turn_start") {
        if (grouped) workflow.endGroup();
        workflow.startGroup(`gitclaw: turn ${event.turn}`);
        grouped = true;
      } else if (event.type === "tool_end") {
        log(`${event.result.isError ? "✗" : "✓"} ${event.call.name} (${event.durationMs} ms)`);
        // Metadata only (op, class, decision, status, size), never bodies.
        const audit = event.result.details?.audit as Record<string, unknown> | undefined;
        if (audit) {
          session.appendCustom(CUSTOM.githubAudit, audit);
          timeline.audit(audit);
        }
      }
    },
    close() {
      if (grouped) workflow.endGroup();
      grouped = false;
    },
  };
}
