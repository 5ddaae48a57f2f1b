// Characters that render as nothing or change what is shown, removed from every text the model
// reads that a person could have written: people's Markdown (src/text/sanitize.ts) and the plain
// text gitclaw adds to a part beside it (CI log tails, diff hunks, paths), which is no Markdown, so
// only this part of the sanitiser applies. Light on purpose: no parser is loaded for it.
//
// Unicode's default-ignorable code points (zero-width characters and joiners, bidi controls,
// variation selectors, tag characters, invisible operators, Hangul fillers…), controls but \t and
// \n, interlinear annotation marks. Tag characters and variation selectors can carry whole strings
// ("ASCII smuggling"). An emoji's own presentation selector and the joiners inside an emoji
// sequence stay: they carry nothing.
const INVISIBLE = new RegExp(
  String.raw`(?<=\p{Emoji})[\uFE0E\uFE0F](?![\uFE00-\uFE0F])` +
    String.raw`|(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D(?=\p{Extended_Pictographic})` +
    String.raw`|([\p{Default_Ignorable_Code_Point}\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFFF9-\uFFFB])`,
  "gu",
);

/** Text without its invisible characters: what the last group matches goes, an emoji's own selector or joiner stays. */
export const withoutInvisible = (text: string): string =>
  text.replace(INVISIBLE, (match, hidden: string | undefined) => (hidden === undefined ? match : ""));
