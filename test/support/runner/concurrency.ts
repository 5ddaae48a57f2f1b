// GitHub's concurrency groups with `cancel-in-progress: false`, as far as gitclaw relies on them: in
// a group one run (or job) goes at a time and at most one waits; a newcomer cancels the one waiting.
// Where the group is declared decides who joins it: a workflow's `concurrency` is joined by every run
// the workflow's `on:` starts, when it is queued, before any job's `if:` is evaluated; a job's own
// `concurrency` only by the job once its `if:` let it run (a skipped job never joins).
import { z } from "zod";

export const Concurrency = z
  .union([
    z.string().transform((group) => ({ group })),
    z.object({ group: z.string(), "cancel-in-progress": z.union([z.boolean(), z.string()]).optional() }),
  ])
  .refine((c) => !("cancel-in-progress" in c) || String(c["cancel-in-progress"]) === "false", {
    message: "runner: only cancel-in-progress: false has a stand-in",
  })
  .optional();

interface Group {
  /** The run or job that holds the group. */
  holding: boolean;
  /** The one that waits for it, told whether it may go (false: a newcomer cancelled it). */
  waiting?: (admitted: boolean) => void;
}

export interface Admission {
  /** False: cancelled while it waited, before anything of it ran. */
  admitted: boolean;
  /** Lets the next waiting run go; a no-op for one never admitted. */
  leave(): void;
}

/** The concurrency groups of one repository, shared by the runs a test starts. */
export class ConcurrencyGroups {
  private readonly groups = new Map<string, Group>();
  /** Every run or job that was cancelled while waiting, by group: what a test can see on GitHub. */
  readonly cancelled: string[] = [];

  /** Joins `group`: goes now when it is free, else waits, cancelling whoever waited before. */
  async join(name: string): Promise<Admission> {
    const group = this.groups.get(name) ?? { holding: false };
    this.groups.set(name, group);
    if (!group.holding) {
      group.holding = true;
      return { admitted: true, leave: () => this.leave(name) };
    }
    if (group.waiting) {
      this.cancelled.push(name);
      group.waiting(false);
    }
    const admitted = await new Promise<boolean>((resolve) => {
      group.waiting = resolve;
    });
    return { admitted, leave: admitted ? () => this.leave(name) : () => {} };
  }

  private leave(name: string): void {
    const group = this.groups.get(name)!;
    const next = group.waiting;
    group.waiting = undefined;
    if (next) next(true);
    else group.holding = false;
  }
}
