/**
 * `import href from './styles.css?sheet'`: the URL of that CSS as a file of its own (scripts/vite/css-files.ts
 * cssFiles), for core/define.ts `defineElement` and `sheet`.
 */
declare module '*.css?sheet' {
  const href: string;
  export default href;
}
