// The catalogue's parts (index.ts): the build keeps only the part's messages; the dev server and the tests load
// the whole catalogue for either.
declare module '*.json?part=shop' {
  const messages: Record<string, string>;
  export default messages;
}
declare module '*.json?part=more' {
  const messages: Record<string, string>;
  export default messages;
}
