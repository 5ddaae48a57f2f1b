// Counted nouns and byte sizes, written one way everywhere gitclaw tells a person or the model a number.

/** "file", "files": the noun for a count. */
export const noun = (count: number, word: string): string => `${word}${count === 1 ? "" : "s"}`;

/** "1 file", "2 files". */
export const plural = (count: number, word: string): string => `${count} ${noun(count, word)}`;

/** "512 B", "4.3 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
