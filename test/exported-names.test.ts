// No two modules of src/ export things of one name: a name read in an import says which thing it
// is. A module may pass on what it imported (`export { x } from`, or an imported name exported
// again): that is the same thing, not a second one. Each file is parsed, not type-checked.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from './helpers/source-graph.js';

/** The names `text` (a module's source) declares and exports itself, not those it passes on. */
function ownExports(text: string): string[] {
  const file = ts.createSourceFile('module.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const imported = new Set<string>();
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) imported.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) imported.add(element.name.text);
      if (bindings && ts.isNamespaceImport(bindings)) imported.add(bindings.name.text);
      continue;
    }
    if (ts.isExportDeclaration(statement)) {
      // `export { a } from './x.js'` passes a thing on; `export { a }` exports a local one.
      if (statement.moduleSpecifier !== undefined || !statement.exportClause) continue;
      if (!ts.isNamedExports(statement.exportClause)) continue;
      for (const element of statement.exportClause.elements) {
        const local = (element.propertyName ?? element.name).text;
        if (!imported.has(local)) names.push(element.name.text);
      }
      continue;
    }
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    if (!modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) names.push('default');
    else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) names.push(...bound(declaration.name));
    } else if ('name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node)) {
      names.push((statement.name as ts.Identifier).text);
    }
  }
  return [...new Set(names)];
}

/** The names a declaration binds: one, or each of a destructuring pattern's. */
function bound(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bound(element.name)));
}

describe('exported names', () => {
  it('no two modules export things of one name', () => {
    const byName = new Map<string, string[]>();
    for (const file of sourceFiles()) {
      for (const name of ownExports(readFileSync(file, 'utf8'))) {
        if (name === 'default') continue;
        byName.set(name, [...(byName.get(name) ?? []), relative(SRC, file)]);
      }
    }
    const twice = [...byName]
      .filter(([, files]) => files.length > 1)
      .map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('counts a declaration and a local name exported, not what a module passes on', () => {
    const text = [
      "import { passed } from './a.js';",
      "export { onward } from './b.js';",
      'export { passed };',
      'const local = 1;',
      'export { local as renamed };',
      'export function made() {}',
      'export const [one, two] = [1, 2], kept = 3;',
      'export interface Shape {}',
      'export type Kind = string;',
      'export class Thing {}',
      'export enum Way { A }',
    ].join('\n');
    expect(ownExports(text).sort()).toEqual(['Kind', 'Shape', 'Thing', 'Way', 'kept', 'made', 'one', 'renamed', 'two']);
  });
});
