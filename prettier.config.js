/** Formatting of the whole repository; `npm run lint` checks it, `npm run format` applies it. */
export default {
  printWidth: 120,
  singleQuote: true,
  trailingComma: 'all',
  plugins: ['prettier-plugin-tailwindcss'],
  // Tailwind 4 reads its theme from the stylesheet; classes are sorted in the order Tailwind emits them.
  tailwindStylesheet: './apps/web/src/index.css',
  tailwindFunctions: ['cn', 'cva'],
};
