// "did you mean …?" for a name that is not one of the known ones: the closest known name by edit
// distance, when it is close enough to be a slip (a typo, a letter missing, a suffix added) and not
// merely another word.

/** The edit distance between a and b: insertions, deletions, substitutions and swaps of neighbours (modle → model). */
function distance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, before[j - 2]! + 1);
    }
    [before, previous] = [previous, row];
  }
  return previous[b.length]!;
}

/** The known name `name` is most likely a slip for, or undefined when none is close. */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const d = distance(lower, candidate.toLowerCase());
    // Close: a third of the longer name at most (trigger_mode → trigger_modes), or the known name plus a suffix (npmjs → npm).
    const close = d <= Math.floor(Math.max(lower.length, candidate.length) / 3) || lower.startsWith(candidate);
    if (close && (!best || d < best.distance)) best = { name: candidate, distance: d };
  }
  return best?.name;
}

/** ` (did you mean "x"?)`, or nothing. */
export const didYouMean = (name: string, known: readonly string[]): string => {
  const closest = closestName(name, known);
  return closest ? ` (did you mean "${closest}"?)` : "";
};
