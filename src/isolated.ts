// Code that runs elsewhere (as root in a namespace's holder, in the egress proxy's threads) is written
// as ordinary TypeScript in files of its own, which the type checker and Biome read like any other.
// Their isolation is real: such a file imports types only and declares nothing at its top level but
// exported functions and types (test/unit/isolated.test.ts checks each one), so a function there can
// use only globals, its arguments and the file's other functions (another file's come as an
// argument: isolatedFile). This makes one script of them.

// biome-ignore lint/suspicious/noExplicitAny: any function of an isolated file.
type Fn = (...args: any[]) => unknown;

const functionsOf = (file: object): [string, Fn][] =>
  Object.entries(file).filter((entry): entry is [string, Fn] => typeof entry[1] === "function");

/**
 * A script of every function the `files` export (their modules, `import * as`), ending with `main`
 * called with `args`: JavaScript expressions, such as `require("bun:ffi")` or a JSON value.
 */
export function isolatedScript(files: readonly object[], main: Fn, args: readonly string[]): string {
  const functions = new Set(files.flatMap((file) => functionsOf(file).map(([, fn]) => fn)));
  return `${[...functions].join("\n")}\n(${main})(${args.join(", ")});\n`;
}

/**
 * An expression for `file`'s functions in such a script: an object of them by the names the file
 * exports them as, which another file's function takes as an argument (the bundle may rename them).
 */
export function isolatedFile(file: object): string {
  return `{ ${functionsOf(file)
    .map(([name, fn]) => `${name}: ${fn.name}`)
    .join(", ")} }`;
}
