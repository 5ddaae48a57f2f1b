// Files whose text a module imports as a string (`import text from "./x.sh" with { type: "text" }`):
// scripts that run elsewhere live in files of their own, and the bundle (scripts/build.ts) carries
// their text. vitest.config.ts loads them the same way for the tests.
declare module "*.sh" {
  const text: string;
  export default text;
}
