// The arrows of ARCHITECTURE.md, checked by `npm run lint` (dependency-cruiser). Paths are folder
// patterns, not file lists, so files may move inside a folder (or into a new shared folder under
// `shared/`) without touching this file. TypeScript is read by swc: the installed `typescript` is 7,
// which dependency-cruiser does not load (it takes `typescript` >= 2 < 7), and swc parses without
// compiling, so every `import type` stays in the graph and counts for cycles like any other import.

/** A rule that `from` may import nothing of the repository outside `allowed` (packages and Node's own modules are outside the graph). */
const only = (name, comment, from, allowed, fromNot) => ({
  name,
  comment,
  severity: 'error',
  from: fromNot ? { path: from, pathNot: fromNot } : { path: from },
  to: { pathNot: allowed, dependencyTypesNot: ['core'], couldNotResolve: false },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only imports included (ARCHITECTURE.md, "The nevers").',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    only('shared-is-a-leaf', 'shared/ imports only shared/ (and packages): three runtimes read it unchanged.', '^shared/', '^shared/'),
    only(
      'widgets-reach-the-backend-over-http',
      "widgets/ import widgets/, ui/, shared/ and the generated database types; never site/, supabase/local/ or supabase/functions/. The playground is a dev page, not shipped: it shows the elements under the site's stylesheet.",
      '^widgets/',
      '^(widgets|ui|shared)/|^supabase/types/',
      '^widgets/playground/',
    ),
    only(
      'site-imports-no-backend',
      "site/ imports site/, ui/, shared/ and the database types; never an element's folder of widgets/, nor supabase/local/ (the prerender reads reviews over HTTP, and starts the local stack as a process when it builds on the seed) nor supabase/functions/.",
      '^site/',
      '^(site|ui|shared)/|^supabase/types/',
    ),
    only(
      'ui-belongs-to-neither-side',
      'ui/ imports ui/, shared/ and the database types (and react): never widgets/ or site/, which both import it (ui/README.md).',
      '^ui/',
      '^(ui|shared)/|^supabase/types/',
    ),
    only(
      'functions-run-without-the-local-stack',
      'supabase/functions/ imports the functions, shared/ and the database types; never supabase/local/.',
      '^supabase/functions/',
      '^(supabase/functions|shared)/|^supabase/types/',
    ),
    only(
      'local-stack-borrows-nothing-of-the-app',
      'supabase/local/ imports the local stack, shared/ and the database types; never supabase/functions/ (it loads their handlers by path at run time).',
      '^supabase/local/',
      '^(supabase/local|shared)/|^supabase/types/',
    ),
    {
      name: 'functions-shared-is-theirs',
      comment: 'supabase/functions/_shared/ is what only the functions share (scripts and tests may read it).',
      severity: 'error',
      from: { path: '^(widgets|site|shared|supabase/local)/' },
      to: { path: '^supabase/functions/_shared/' },
    },
  ],
  options: {
    parser: 'swc',
    // The repository's own files, whatever its folders are called: not packages, not `node:` modules.
    includeOnly: '^(?!node_modules/)[^:]*$',
    exclude: { path: '(^|/)(node_modules|dist|\\.data|test-results)/' },
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
