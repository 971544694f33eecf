// No sentence a person reads is built outside the catalogue (src/messages/). The rule this checks:
// in src/ (the catalogue and the sandbox, which speaks for the service, apart), no string or
// template literal that holds a word (two letters or more in its own text) reaches what says
// things to people:
// - an error's text: usageError(...)'s arguments, new SocialError(kind, message, ...)'s message,
//   and the `suggestion` and `meaning` of an object literal (a hint, an error's explanation);
// - a run's notes and warnings: the `notes` and `warnings` of an object literal (an Outcome) and
//   `notes.push(...)` / `warnings.push(...)`;
// - a stream: `.write(...)`'s first argument (ctx.io.stdout, ctx.io.stderr), `printText(out, ...)`'s
//   text, `console.error(...)`, and a spinner's text (`spin(...)`);
// - a table: the `heading`, `empty` and `legends` of an object literal (a view), and a row limit's
//   `why`;
// - --debug's lines: `debug(...)` and `options.debug?.(...)`'s first argument;
// - a run's state, told at its end: `state.tell(...)`'s line and `notSaved(...)`'s what (the
//   spend ledger, the local store).
// A literal counts where it is the value itself or a part of it: a branch of `? :`, a side of `+`,
// `??` or `||`, an element of an array, a part of a template (`${ok ? 'done' : 'failed'}` is two),
// an array joined (`['no', 'such'].join(' ')`) or a string concatenated (`.concat(...)`), and the
// value of a const of the same module that it names (`const message = 'x'; usageError(message)`).
// The argument of a call inside it is not (t('notes.credits', { n }) is the catalogue's own way):
// the catalogue's words come in through t(). Punctuation and layout between messages
// (`${t(...)}\n`) hold no word and pass. What is still to move is listed below, a file and its
// count: a file may only go down, and must be taken off or lowered when it does, so the list only
// shrinks; a file not listed must have none.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from './helpers/source-graph.js';

/** Literals in `text` (a module's source) that say words to people, by line. */
function sentencesBuilt(text: string): number[] {
  const file = ts.createSourceFile('module.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const lines: number[] = [];
  // Each const of the module by its name (the last of a name, where blocks reuse one), and those
  // already followed, so a const naming itself through another ends.
  const consts = new Map<string, ts.Expression>();
  const followed = new Set<ts.Node>();
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclarationList(node) && node.flags & ts.NodeFlags.Const)
      for (const declaration of node.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.initializer !== undefined)
          consts.set(declaration.name.text, declaration.initializer);
    ts.forEachChild(node, collect);
  };
  collect(file);
  const found = (node: ts.Node) => lines.push(file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1);
  const said = (node: ts.Node | undefined): void => {
    if (node === undefined) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (WORD.test(node.text)) found(node);
    } else if (ts.isTemplateExpression(node)) {
      if ([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].some((part) => WORD.test(part)))
        found(node);
      for (const span of node.templateSpans) said(span.expression);
    } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) said(node.expression);
    else if (ts.isIdentifier(node)) {
      const value = consts.get(node.text);
      if (value !== undefined && !followed.has(value)) {
        followed.add(value);
        said(value);
      }
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const joined = node.expression.name.text;
      if (joined === 'join' || joined === 'concat') said(node.expression.expression);
      if (joined === 'concat') for (const argument of node.arguments) said(argument);
    } else if (ts.isConditionalExpression(node)) {
      said(node.whenTrue);
      said(node.whenFalse);
    } else if (ts.isBinaryExpression(node) && JOINS.has(node.operatorToken.kind)) {
      said(node.left);
      said(node.right);
    } else if (ts.isArrayLiteralExpression(node)) for (const element of node.elements) said(element);
    else if (ts.isSpreadElement(node)) said(node.expression);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const receiver =
        ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) ? callee.expression.text : '';
      if (name === 'usageError') for (const argument of node.arguments) said(argument);
      if (name === 'printText') said(node.arguments[1]);
      if (name === 'error' && receiver === 'console') for (const argument of node.arguments) said(argument);
      if (name === 'write' || name === 'spin' || name === 'debug' || name === 'tell' || name === 'notSaved')
        said(node.arguments[0]);
      if (name === 'push' && (receiver === 'notes' || receiver === 'warnings'))
        for (const argument of node.arguments) said(argument);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'SocialError') {
      said(node.arguments?.[1]);
    } else if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && SAID_PROPERTIES.has(node.name.text)) {
      said(node.initializer);
    } else if (ts.isFunctionDeclaration(node) && node.name !== undefined && SAYING.test(node.name.text)) {
      sayings(node);
    }
    ts.forEachChild(node, visit);
  };
  // A function named for what it says (a credit note, a summary line, a hint): what it returns,
  // what it names on the way (const x = ...), and what it pushes onto a list.
  const sayings = (fn: ts.Node): void => {
    const walk = (node: ts.Node): void => {
      if (ts.isReturnStatement(node)) said(node.expression);
      else if (ts.isVariableDeclaration(node)) said(node.initializer);
      else if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'push'
      )
        for (const argument of node.arguments) said(argument);
      if (!ts.isFunctionDeclaration(node) || node === fn) ts.forEachChild(node, walk);
    };
    walk(fn);
  };
  visit(file);
  return [...new Set(lines)].sort((a, b) => a - b);
}

/** The areas whose messages `text` asks for by a literal id (t('notes.credits')), and the areas it imports. */
function areasOf(text: string): { said: string[]; imported: string[] } {
  const said = [...text.matchAll(/\bt\(\s*'([\w-]+)\./g)].map((match) => match[1]!);
  const imported = [...text.matchAll(/messages\/use-([\w-]+)\.js'/g)].map((match) => match[1]!);
  return { said: [...new Set(said)].sort(), imported: [...new Set(imported)].sort() };
}

/** Functions whose name says they make what a person reads (tellStoreWaits, creditNote). */
const SAYING = /^tell|(Note|Notes|Line|Summary|Hint|Warnings?)$/;

const WORD = /\p{L}{2,}/u;
const JOINS = new Set([ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken]);
const SAID_PROPERTIES = new Set(['suggestion', 'meaning', 'notes', 'warnings', 'heading', 'empty', 'legends', 'why']);

/** Where the rule does not look: the catalogue itself, and the emulator, whose texts are the service's. */
const OUTSIDE = /^(messages|sandbox)\//;

// Still to move: a file and how many literals it holds that the rule finds. Only ever lowered.
const TO_MOVE: Readonly<Record<string, number>> = {};

describe('no sentence built outside the catalogue', () => {
  it('finds what it should, and passes what it should', () => {
    const found = sentencesBuilt(`
      throw usageError('bad value', \`try \${x}\`);
      throw new SocialError('usage', ok ? 'it failed' : t('errors.x'), {});
      ctx.io.stderr.write(\`\${t('entry.error', { message })}\\n\`);
      ctx.io.stderr.write(\`warning: \${text}\\n\`);
      return { result, notes: [t('notes.credits', { n }), 'and this'], suggestion: 'Try again.' };
      warnings.push(\`\${n} \${done ? 'done' : t('x')}\`);
      other.push('not said');
      const label = 'not said either';
      function creditNote(n) {
        const parts = [\`\${n} used\`, t('notes.balance')];
        if (n > 1) parts.push('and more');
        return n === 0 ? 'nothing charged' : parts.join(' · ');
      }
      function columnsOf() { const header = 'not said'; return [header]; }
      this.options.debug?.(\`retry \${n} in \${ms} ms\`);
      debug(t('notes.debug.sandbox', { url }));
      state.notSaved('spend ledger', error);
      function tellWaits(n) {
        const parts = [n === 0 ? '' : \`\${n} statement(s) waited\`];
        state.tell(parts.join('; '));
      }
      const message = 'the niche is unknown';
      throw usageError(message);
      printText(ctx.io.stdout, 'Nothing here yet.');
      ctx.io.stdout.write(['no such', 'niche'].join(' '));
      console.error('an error happened');
      const view = { heading: ['Top niches'], empty: 'No niches found.', limit: { rows: 9, why: 'too many' } };
      printText(ctx.io.stdout, path);
    `);
    expect(found).toEqual([2, 3, 5, 6, 7, 11, 12, 13, 16, 18, 20, 23, 25, 26, 27, 28]);
  });

  it("a module that says an area's messages imports that area's module, which brings its English", () => {
    const missing: string[] = [];
    for (const file of sourceFiles()) {
      const path = relative(SRC, file);
      if (path.startsWith('messages/')) continue;
      const { said, imported } = areasOf(readFileSync(file, 'utf8'));
      for (const area of said)
        if (!imported.includes(area)) missing.push(`${path} says ${area}.* without use-${area}.js`);
    }
    expect(missing).toEqual([]);
    expect(areasOf("import { t } from '../messages/use-notes.js';\nt('errors.x'); t('notes.y')")).toEqual({
      said: ['errors', 'notes'],
      imported: ['notes'],
    });
  });

  it('src/ builds none, but what is listed still to move', () => {
    const counts: Record<string, number> = {};
    for (const file of sourceFiles()) {
      const path = relative(SRC, file);
      if (OUTSIDE.test(path)) continue;
      const lines = sentencesBuilt(readFileSync(file, 'utf8'));
      if (lines.length > 0) counts[path] = lines.length;
    }
    if (process.env.PRINT_TO_MOVE)
      writeFileSync(process.env.PRINT_TO_MOVE, JSON.stringify(Object.fromEntries(Object.entries(counts).sort())));
    expect(counts).toEqual(TO_MOVE);
    // Every file of src/ parsed: on a loaded machine this takes a while.
  }, 120_000);
});
