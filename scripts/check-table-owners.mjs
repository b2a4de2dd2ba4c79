#!/usr/bin/env node
/*
 * Part of `npm run lint`: one owner per table (decision 006). Each file of apps/server/src/db/schema/
 * holds the tables of the module it is named after; a module may name only its own tables. Other
 * modules call the owner's service or join through a SQL fragment the owner publishes (users/sql.ts,
 * f1/sql.ts, review-likes/sql.ts, follows/visibility.ts), whose text then lives in the owner's files.
 *
 * For every .ts file under apps/server/src/modules/<m>/ this fails when
 * - it imports the schema barrel (db/schema/index.ts is for code outside the modules: drizzle-kit, the
 *   db client, tests, the bench), or another module's table from that module's schema file;
 * - its SQL text (`sql` templates, and strings given to sql.raw, selectRows and other raw queries)
 *   names another module's table after FROM, JOIN, UPDATE, INTO or USING (so also DELETE FROM and
 *   EXISTS (SELECT … FROM t)), or is nothing but its name (sql`t`, sql.raw('t'), likedBy('t', …)).
 *   Only table names count, and not as a column's qualifier (`extract(epoch from races.starts_at)`),
 *   so ordinary words and expressions never match. (A SQL string value such as 'moved from users' is
 *   reported too: reword it.)
 *
 * Files are parsed with the TypeScript compiler the repository already uses, so comments, ordinary
 * strings and regular expressions are never mistaken for SQL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SCHEMA_DIR = 'apps/server/src/db/schema';
export const MODULES_DIR = 'apps/server/src/modules';

/**
 * Modules that read other modules' tables by a documented decision, and whose tables they may name.
 * Search ranks races, drivers, teams and users in single statements (decision 004, 017).
 */
export const DOCUMENTED_READERS = { search: ['f1', 'users'] };

/** Calls whose string arguments are SQL text (besides `sql` templates). */
const SQL_CALLS = new Set(['raw', 'selectRows', 'run', 'countUpTo', 'execute', 'query', 'likedBy']);
/** Calls whose string arguments, when one is exactly a table's name, name that table (`sql.raw('users')`, lib/sql.ts's likedBy). */
const TABLE_NAME_CALLS = new Set(['raw', 'likedBy']);

/**
 * A table name after a keyword that introduces one (DELETE … USING too); not followed by `.` (a
 * column's qualifier, `extract(epoch from races.starts_at)`) or `(` (a function, `join x using (id)`).
 */
const TABLE_AFTER_KEYWORD =
  /\b(?:from|join|update|into|using)\s+(?:only\s+)?(?:"?public"?\.)?("?)([a-z_][a-z0-9_]*)\1(?![\w."(])/gi;

const parse = (file, text) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
const hasExport = (node) => ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;

/**
 * The tables and exports of the schema files: `files` maps each file's name without `.ts` (its owning
 * module) to its text. Tables are `export const <constant> = pgTable('<name>', …)`.
 */
export function readSchema(files) {
  /** SQL name → { owner, constant } */
  const tables = new Map();
  /** exported name → { owner, table (SQL name) or null } */
  const exports = new Map();
  for (const [owner, text] of Object.entries(files)) {
    if (owner === 'index') continue;
    const source = parse(`${owner}.ts`, text);
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement) && hasExport(statement)) {
        for (const decl of statement.declarationList.declarations) {
          if (!ts.isIdentifier(decl.name)) continue;
          const init = decl.initializer;
          const isTable =
            init &&
            ts.isCallExpression(init) &&
            ts.isIdentifier(init.expression) &&
            init.expression.text === 'pgTable' &&
            init.arguments[0] &&
            ts.isStringLiteralLike(init.arguments[0]);
          const table = isTable ? init.arguments[0].text : null;
          if (table) tables.set(table, { owner, constant: decl.name.text });
          exports.set(decl.name.text, { owner, table });
        }
      } else if (
        ts.isExportDeclaration(statement) &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      ) {
        for (const el of statement.exportClause.elements) exports.set(el.name.text, { owner, table: null });
      } else if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement) ||
          ts.isEnumDeclaration(statement)) &&
        statement.name &&
        hasExport(statement)
      ) {
        exports.set(statement.name.text, { owner, table: null });
      }
    }
  }
  return { tables, exports };
}

/** The module a file belongs to (`apps/server/src/modules/<m>/…`), or null. */
export function moduleOf(file) {
  const rel = path.posix.relative(MODULES_DIR, file.split(path.sep).join('/'));
  const [name, ...rest] = rel.split('/');
  return rel.startsWith('..') || rest.length === 0 ? null : name;
}

/** What an import specifier of `file` points at in the schema: 'index', a schema file's owner, or null. */
function schemaTarget(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  const target = path.posix.join(path.posix.dirname(file.split(path.sep).join('/')), specifier);
  const rel = path.posix.relative(SCHEMA_DIR, target.replace(/\.(?:[cm]?[jt]s)$/, ''));
  if (rel === '') return 'index';
  if (rel.startsWith('..') || rel.includes('/')) return null;
  return rel;
}

/** The literal pieces of SQL text in an expression given to a raw-SQL call. */
function literalsOf(node) {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return [...literalsOf(node.left), ...literalsOf(node.right)];
  }
  if (ts.isStringLiteralLike(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node.head, ...node.templateSpans.map((s) => s.literal)];
  return [];
}

const calleeName = (call) =>
  ts.isIdentifier(call.expression)
    ? call.expression.text
    : ts.isPropertyAccessExpression(call.expression)
      ? call.expression.name.text
      : null;

/**
 * The ownership problems of one module file: `file` is its path from the repository root
 * (apps/server/src/modules/<m>/…), `text` its source, `schema` what readSchema returned.
 * Each problem is { file, line, module, table, owner, message }.
 */
export function checkModuleFile(file, text, schema) {
  const module = moduleOf(file);
  if (!module) return [];
  const mayRead = new Set([module, ...(DOCUMENTED_READERS[module] ?? [])]);
  const source = parse(file, text);
  const problems = [];
  const lineAt = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const report = (pos, table, owner, message) =>
    problems.push({ file, line: lineAt(pos), module, table, owner, message: `${file}:${lineAt(pos)}: ${message}` });
  const foreign = (pos, table, owner) =>
    report(pos, table, owner, `modules/${module} names the table "${table}" of modules/${owner}`);

  function checkImport(node, specifierNode, names) {
    const target = schemaTarget(file, specifierNode.text);
    if (target === null) return;
    const pos = node.getStart(source);
    // `names` null: the whole file (namespace, default or side-effect import).
    const imported =
      names ?? [...schema.exports].filter(([, e]) => target === 'index' || e.owner === target).map(([name]) => name);
    for (const name of imported) {
      const found = schema.exports.get(name);
      const owner = found?.owner ?? target;
      if (found?.table && !mayRead.has(owner)) foreign(pos, found.table, owner);
      else if (target === 'index') {
        report(
          pos,
          found?.table ?? null,
          owner,
          `modules/${module} imports ${found?.table ? `the table "${found.table}"` : `"${name}"`} through the schema barrel: import it from db/schema/${owner}.ts`,
        );
      }
    }
  }

  function checkSql(literal, wholeNameToo) {
    const start = literal.getStart(source);
    if (wholeNameToo && (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal))) {
      const found = schema.tables.get(literal.text.trim().toLowerCase());
      if (found && !mayRead.has(found.owner)) foreign(start, literal.text.trim().toLowerCase(), found.owner);
    }
    // Escapes become blanks of the same length, so offsets still point into the file.
    const raw = text.slice(start, literal.end).replace(/\\./g, '  ');
    for (const match of raw.matchAll(TABLE_AFTER_KEYWORD)) {
      const table = match[2].toLowerCase();
      const found = schema.tables.get(table);
      if (!found || mayRead.has(found.owner)) continue;
      foreign(start + match.index + match[0].lastIndexOf(match[2]), table, found.owner);
    }
  }

  const seen = new Set();
  const checkSqlOnce = (wholeNameToo) => (literal) => {
    if (seen.has(literal)) return;
    seen.add(literal);
    checkSql(literal, wholeNameToo);
  };

  function visit(node) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      const names =
        bindings && ts.isNamedImports(bindings) && !node.importClause.name
          ? bindings.elements.map((el) => (el.propertyName ?? el.name).text)
          : null;
      checkImport(node, node.moduleSpecifier, names);
    } else if (node.moduleSpecifier && ts.isExportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const names =
        node.exportClause && ts.isNamedExports(node.exportClause)
          ? node.exportClause.elements.map((el) => (el.propertyName ?? el.name).text)
          : null;
      checkImport(node, node.moduleSpecifier, names);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) checkImport(node, arg, null);
    } else if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      literalsOf(node.template).forEach(checkSqlOnce(true));
    } else if (ts.isCallExpression(node) && SQL_CALLS.has(calleeName(node))) {
      node.arguments.flatMap(literalsOf).forEach(checkSqlOnce(TABLE_NAME_CALLS.has(calleeName(node))));
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  return problems;
}

/** Every `.ts` file under `dir`, as paths relative to `root`. */
function tsFiles(root, dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Checks the repository at `root`; the problems found, in file order. */
export function checkRepository(root) {
  const files = {};
  for (const file of tsFiles(root, SCHEMA_DIR))
    files[path.basename(file, '.ts')] = readFileSync(path.join(root, file), 'utf8');
  const schema = readSchema(files);
  return {
    schema,
    problems: tsFiles(root, MODULES_DIR)
      .filter((file) => moduleOf(file) !== null)
      .flatMap((file) => checkModuleFile(file, readFileSync(path.join(root, file), 'utf8'), schema)),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { schema, problems } = checkRepository(path.resolve(import.meta.dirname, '..'));
  if (problems.length > 0) {
    for (const p of problems) console.error(p.message);
    console.error(
      `\n${problems.length} table ownership problem(s) (docs/decisions/006): call the owner's service, or join` +
        " through a SQL fragment it publishes; import a module's own tables from db/schema/<module>.ts.",
    );
    process.exit(1);
  }
  console.log(`table owners: every module names only its own tables (${schema.tables.size} tables)`);
}
