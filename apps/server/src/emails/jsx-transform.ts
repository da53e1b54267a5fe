/**
 * Node runs the server's TypeScript by stripping types, which cannot turn JSX into calls
 * (decision 023). This teaches Node's module loader to compile `.tsx` files with the project's own
 * TypeScript compiler, with the same JSX settings `tsc` checks them with. Only `.tsx` files are
 * touched; everything else loads as before.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const compilerOptions: ts.CompilerOptions = {
  jsx: ts.JsxEmit.ReactJSX,
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2024,
  verbatimModuleSyntax: true,
};

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !url.endsWith('.tsx')) return nextLoad(url, context);
    const fileName = fileURLToPath(url);
    const { outputText } = ts.transpileModule(readFileSync(fileName, 'utf8'), { fileName, compilerOptions });
    return { format: 'module', source: outputText, shortCircuit: true };
  },
});
