/**
 * Node runs the server's TypeScript by stripping types, which cannot turn JSX into calls
 * (decision 023). This teaches Node's module loader to compile `.tsx` files with the project's own
 * TypeScript compiler, with the same JSX settings `tsc` checks them with. Only `.tsx` files are
 * touched; everything else loads as before.
 */
import { readFileSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import type TypeScript from 'typescript';

const require = createRequire(import.meta.url);

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
    // Required on first use: under Vitest, which compiles `.tsx` itself, the compiler is never loaded.
    const ts: typeof TypeScript = require('typescript');
    const fileName = fileURLToPath(url);
    const { outputText } = ts.transpileModule(readFileSync(fileName, 'utf8'), {
      fileName,
      compilerOptions: {
        jsx: ts.JsxEmit.ReactJSX,
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2024,
        verbatimModuleSyntax: true,
      },
    });
    return { format: 'module', source: outputText, shortCircuit: true };
  },
});
