import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableColumns, getTableName, isTable, type Table } from 'drizzle-orm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/platform/db/schema/index.ts';

/**
 * DESIGN.md: "Store functions take the organization id as their first argument and always filter on it; a store
 * offers no unscoped lookup of an org-owned row." This reads every store function of src/modules (the members of
 * the objects and the functions a `*store.ts` file exports) and fails for one that names an organization-owned
 * table (one with an `organization_id` column) without taking `organizationId`, unless it only inserts rows (which
 * carry their organization) or is listed below with the reason it must reach across organizations.
 */
const UNSCOPED: Record<string, string> = {
  'users/store.ts findForSignIn': 'sign-in finds the user by email or id before any organization is known',
  'users/store.ts emailTaken': 'emails are unique across the platform',
  'integrations/telegram/store.ts botById':
    "a Telegram update names only its bot's integration; the webhook's secret, derived per integration, vouched for it",
  'integrations/telegram/store.ts linkOfChat': "a chat is linked per bot: the bot's integration id scopes it",
  'integrations/telegram/store.ts upsertLink': 'the row written carries its organization, taken from the bot',
  'identity/web-sessions.store.ts webSessionsStore.platformKeyDigest':
    "the platform's own web and console keys (system organization), chosen before any organization is known",
  'triggers/store.ts findWebhook':
    "the public webhook route knows only the trigger's id; its signature is checked next against that trigger",
  'triggers/store.ts claimDue': 'the scheduler claims due cron triggers of every live organization',
  'triggers/deliveries.store.ts fired': "webhook replay records, keyed by the trigger's id and the signature",
  'triggers/deliveries.store.ts recordFired': "webhook replay records, keyed by the trigger's id and the signature",
  'console/store.ts consoleRolesStore.heldByLiveUsers': 'console roles are the platform’s, held by its system users',
  'console/store.ts consoleRolesStore.releaseFromDeletedUsers':
    'console roles are the platform’s, held by its system users',
  'catalog/families.store.ts hasRecordedUsage': "a model family's usage across the platform decides its deletion",
  'catalog/families.store.ts selections': "every organization's selections of a family the platform changes",
  'catalog/families.store.ts moveSelections': "every organization's selections of a family the platform removes",
  'catalog/versions.store.ts useOf': "a model version's use across the platform decides its deletion",
  'skills/store.ts seedBuiltins': 'the built-in skills belong to no organization (organization_id null)',
  'billing/invoices.store.ts dueMonthly':
    'the monthly invoice scheduler finds the organizations of every timezone whose month has ended',
  'themes/store.ts findPublished':
    'the public stylesheet and background routes know only the theme id (no credential names an organization)',
};

const MODULES = join(import.meta.dirname, '..', 'src', 'modules');

/** SQL names of the tables that carry organization_id. */
const orgOwned = new Set(
  (Object.values(schema) as unknown[])
    .filter((value): value is Table => isTable(value))
    .filter((table) => Object.values(getTableColumns(table)).some((c) => c.name === 'organization_id'))
    .map((table) => getTableName(table)),
);
/** The schema's exported identifiers of those tables (`projectMembers` → project_members). */
const orgOwnedIdentifiers = new Set(
  Object.entries(schema)
    .filter(([, value]) => isTable(value) && orgOwned.has(getTableName(value as Table)))
    .map(([name]) => name),
);

function storeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return storeFiles(path);
    return /store\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The prepared statements of a store file (`.prepare('name')`) that name an organization-owned table without an
 * `organizationId` parameter; the constants they use (a shared condition, a query builder) are read with them.
 */
function unscopedStatements(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imported = schemaImports(source);
  const constants = new Map<string, string>();
  const declare = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.initializer)
      constants.set(node.name.getText(), node.initializer.getText());
    ts.forEachChild(node, declare);
  };
  declare(source);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'prepare' &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const used = [node.getText()];
      // A constant read whole (a condition, a builder) counts with its text; `param.x` counts only as what it names.
      const collect = (n: ts.Node) => {
        const readWhole = !(ts.isPropertyAccessExpression(n.parent) && n.parent.expression === n);
        if (ts.isIdentifier(n) && readWhole && constants.has(n.text)) used.push(constants.get(n.text)!);
        ts.forEachChild(n, collect);
      };
      collect(node);
      const scoped = used.some((t) => t.includes('organizationId'));
      if (tablesNamedIn(node, imported).length > 0 && !scoped) {
        found.push(`${relative(MODULES, file)} prepared ${node.arguments[0].text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function schemaImports(source: ts.SourceFile): Set<string> {
  const imported = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !/db\/schema/.test(statement.moduleSpecifier.getText())) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) imported.add(el.name.text);
  }
  return imported;
}

interface StoreFunction {
  key: string;
  params: string[];
  tables: string[];
  /** The function only inserts (`.insert(table)` with no select, update or delete): its rows carry their org. */
  insertsOnly: boolean;
}

function tablesNamedIn(node: ts.Node, imported: Set<string>): string[] {
  const found = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n) && imported.has(n.text) && orgOwnedIdentifiers.has(n.text)) found.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return [...found];
}

function insertsOnly(node: ts.Node): boolean {
  const text = node.getText();
  return /\.insert\(/.test(text) && !/\.(select|update|delete)\(|\bsql`/.test(text);
}

function paramNames(fn: ts.SignatureDeclarationBase): string[] {
  return fn.parameters.map((p) => p.name.getText());
}

/** Every function of a store file: object members (`store.method`) and exported function declarations. */
function storeFunctions(file: string): StoreFunction[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imported = schemaImports(source);
  const name = relative(MODULES, file);
  const found: StoreFunction[] = [];
  const add = (key: string, fn: ts.SignatureDeclarationBase & { body?: ts.Node | undefined }) => {
    if (!fn.body) return;
    found.push({
      key: `${name} ${key}`,
      params: paramNames(fn),
      tables: tablesNamedIn(fn.body, imported),
      insertsOnly: insertsOnly(fn.body),
    });
  };
  const visitObject = (prefix: string, object: ts.ObjectLiteralExpression) => {
    for (const member of object.properties) {
      const key = member.name?.getText() ?? '';
      if (ts.isMethodDeclaration(member)) add(`${prefix}${key}`, member);
      else if (ts.isPropertyAssignment(member)) {
        const value = member.initializer;
        if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) add(`${prefix}${key}`, value);
      }
    }
  };
  for (const statement of source.statements) {
    if (
      ts.isFunctionDeclaration(statement) &&
      statement.name &&
      statement.modifiers?.some((m) => m.getText() === 'export')
    )
      add(statement.name.text, statement);
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init =
        declaration.initializer && ts.isAsExpression(declaration.initializer)
          ? declaration.initializer.expression
          : declaration.initializer;
      if (!init || !ts.isObjectLiteralExpression(init)) continue;
      const objectName = declaration.name.getText();
      // The module's main store object reads as `method`; another object of the file as `object.method`.
      const prefix = /^[a-z]+Store$/.test(objectName) && !objectName.startsWith('offline') ? '' : `${objectName}.`;
      visitObject(prefix, init);
    }
  }
  return found;
}

describe('store scoping', () => {
  const functions = storeFiles(MODULES).flatMap(storeFunctions);

  it('finds the organization-owned tables and the store functions', () => {
    expect(orgOwned).toContain('threads');
    expect(orgOwned).toContain('project_members');
    expect(orgOwned).not.toContain('organizations');
    expect(functions.length).toBeGreaterThan(150);
  });

  it('every store function naming an organization-owned table takes organizationId, or says why not', () => {
    const unscoped = functions
      .filter((f) => f.tables.length > 0 && !f.insertsOnly && !f.params.includes('organizationId'))
      .map((f) => f.key);
    const unexplained = unscoped.filter((key) => !(key in UNSCOPED));
    expect(unexplained, 'store functions on organization-owned tables without organizationId').toEqual([]);
  });

  it('every prepared statement on an organization-owned table filters on organizationId, or says why not', () => {
    const unscoped = storeFiles(MODULES).flatMap(unscopedStatements);
    expect(unscoped.filter((key) => !(key in UNSCOPED))).toEqual([]);
  });

  it('every exemption names a store function that still reaches an organization-owned table unscoped', () => {
    const unscoped = new Set([
      ...functions
        .filter((f) => f.tables.length > 0 && !f.insertsOnly && !f.params.includes('organizationId'))
        .map((f) => f.key),
      ...storeFiles(MODULES).flatMap(unscopedStatements),
    ]);
    const stale = Object.keys(UNSCOPED).filter((key) => !unscoped.has(key));
    expect(stale, 'exemptions that no longer apply').toEqual([]);
  });
});
