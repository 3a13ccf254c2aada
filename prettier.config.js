// Prettier: the code's existing style (double quotes, semicolons, two spaces, trailing commas),
// wrapped at 120 columns. Markdown is left alone (.prettierignore); formatted on purpose, its prose
// keeps its own line breaks.
/** @type {import("prettier").Config} */
export default {
  printWidth: 120,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  jsxSingleQuote: false,
  trailingComma: "all",
  arrowParens: "always",
  endOfLine: "lf",
  proseWrap: "preserve",
};
