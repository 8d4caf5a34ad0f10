// lodash ships no types and @types/lodash is not installed: the one function the module uses.
declare module 'lodash/kebabCase.js' {
  const kebabCase: (text?: string) => string;
  export default kebabCase;
}
