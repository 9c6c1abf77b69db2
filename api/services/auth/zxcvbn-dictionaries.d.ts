// Single dictionary files of @zxcvbn-ts/language-en (the package has no `exports` map and
// types only its index, which would also load the large Wikipedia and surname lists).
declare module "@zxcvbn-ts/language-en/dist/commonWords.json.mjs" {
  const words: string[];
  export default words;
}
declare module "@zxcvbn-ts/language-en/dist/firstnames.json.mjs" {
  const words: string[];
  export default words;
}
declare module "@zxcvbn-ts/language-en/dist/wordSequences.json.mjs" {
  const sequences: Record<string, string[]>;
  export default sequences;
}
