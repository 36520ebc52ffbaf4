import path from 'node:path';

/**
 * Lint rules of our own that keep each aggregate's writes in its lifecycle module
 * (docs/conventions.md, ADR 006). eslint.config.js names the modules and their tables.
 *
 * `table-written-by-lifecycle`: the money tables (invoices, subscriptions, credit notes) are
 * written, any column, only by their lifecycle module. A write is found by its table, not by
 * the object it sets, so a patch built in a variable, a computed key or a spread changes
 * nothing. The table is followed through an aliased import (`invoices as inv`), a namespace
 * import (`schema.invoices`, `schema['invoices']`), a variable holding it (`const t =
 * invoices`) and a computed method (`db['update'](t)`); raw SQL that writes it
 * (`update invoices set`, `insert into`, `delete from`, with the table named or
 * interpolated) is refused the same way, in a template or a string.
 *
 * `status-written-by-lifecycle`: only `status` of the other aggregates (tickets, sites) is
 * guarded, by `.update(table).set({...})`, `.insert(table).values({...})` or its
 * `.onConflictDoUpdate({ set })`, wherever in the object it sits.
 */

const WRITE_METHODS = new Set(['update', 'insert', 'delete']);
/** The SQL name of a table the schema exports as `key` (credit_notes for creditNotes). */
const sqlName = (key) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const SCHEMA_SOURCE = /(^|\/)db\/schema(\.ts)?$/;

/** Both rules take `{ writers }`: the schema export name of each table -> its one writer file. */
const WRITERS_OPTION = [
  {
    type: 'object',
    properties: { writers: { type: 'object', additionalProperties: { type: 'string' } } },
    required: ['writers'],
    additionalProperties: false,
  },
];

/** The file from the repository root (this folder's parent), wherever eslint runs from. */
const relativeFile = (context) =>
  path
    .relative(path.dirname(import.meta.dirname), context.filename)
    .split(path.sep)
    .join('/');

/** The name a member expression reads (`a.b`, `a['b']`), or null when it cannot be known. */
function memberName(member) {
  if (!member.computed) return member.property.name ?? null;
  if (member.property.type === 'Literal' && typeof member.property.value === 'string')
    return member.property.value;
  if (member.property.type === 'TemplateLiteral' && member.property.expressions.length === 0)
    return member.property.quasis[0].value.cooked;
  return null;
}

/** An expression without the TypeScript around it (`t as typeof invoices`, `t!`). */
function bare(node) {
  let current = node;
  while (
    current &&
    ['TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion'].includes(
      current.type,
    )
  )
    current = current.expression;
  return current;
}

const tableWrittenByLifecycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Only its lifecycle module writes a money table (any column).' },
    messages: {
      elsewhere:
        'The {{table}} table is written (insert, update, delete) only by {{file}}: call its transition there.',
    },
    schema: WRITERS_OPTION,
  },
  create(context) {
    /** schema export name -> the one file that may write it */
    const writers = context.options[0].writers;
    const file = relativeFile(context);
    const guarded = Object.keys(writers).filter((table) => writers[table] !== file);
    if (guarded.length === 0) return {};
    const bySqlName = new Map(guarded.map((table) => [sqlName(table), table]));

    /** local name -> table, for imports and variables; namespace imports of the schema */
    const names = new Map();
    const namespaces = new Set();
    /** Variables whose value is a name or a member: resolved once every name is known. */
    const aliases = [];
    const writes = [];
    const templates = [];

    function tableOf(expression) {
      const node = bare(expression);
      if (!node) return null;
      if (node.type === 'Identifier') return names.get(node.name) ?? null;
      if (node.type === 'MemberExpression' && node.object.type === 'Identifier') {
        const name = memberName(node);
        if (namespaces.has(node.object.name) && guarded.includes(name)) return name;
      }
      return null;
    }

    const report = (node, table) =>
      context.report({ node, messageId: 'elsewhere', data: { table, file: writers[table] } });

    // `update` is also a plain word: as SQL it is followed by the table and `set`.
    const TABLE = String.raw`(?:"?public"?\.)?"?([a-z_]+)"?`;
    const SET = String.raw`(?:(?:as\s+)?[a-z_]+\s+)?set\b`;
    const rawWrite = new RegExp(
      String.raw`\b(?:update\s+(?:only\s+)?${TABLE}\s+${SET}|insert\s+into\s+${TABLE}|delete\s+from\s+(?:only\s+)?${TABLE})`,
      'gi',
    );
    function rawTables(text) {
      return [...text.matchAll(rawWrite)].flatMap((match) => {
        const name = (match[1] ?? match[2] ?? match[3]).toLowerCase();
        return bySqlName.has(name) ? [bySqlName.get(name)] : [];
      });
    }
    /** Whether an interpolated table sits where SQL writes it (`update ${t} set`...). */
    function writesAt(before, after) {
      if (/\b(?:insert\s+into|delete\s+from(?:\s+only)?)\s*$/i.test(before)) return true;
      return (
        /\bupdate(?:\s+only)?\s*$/i.test(before) &&
        new RegExp(String.raw`^\s*${SET}`, 'i').test(after)
      );
    }

    return {
      ImportDeclaration(node) {
        if (!SCHEMA_SOURCE.test(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name);
          else if (specifier.type === 'ImportSpecifier') {
            const imported = specifier.imported.name ?? specifier.imported.value;
            if (guarded.includes(imported)) names.set(specifier.local.name, imported);
          }
        }
      },
      VariableDeclarator(node) {
        if (!node.init) return;
        if (node.id.type === 'Identifier') aliases.push({ name: node.id.name, init: node.init });
        else if (node.id.type === 'ObjectPattern') {
          // const { invoices: inv } = schema
          for (const property of node.id.properties) {
            if (property.type !== 'Property' || property.value.type !== 'Identifier') continue;
            const key = property.computed
              ? memberName({ computed: true, property: property.key })
              : (property.key.name ?? property.key.value);
            aliases.push({
              name: property.value.name,
              init: node.init,
              key,
            });
          }
        }
      },
      AssignmentExpression(node) {
        if (node.left.type === 'Identifier')
          aliases.push({ name: node.left.name, init: node.right });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression') return;
        if (!WRITE_METHODS.has(memberName(callee))) return;
        if (node.arguments[0]) writes.push(node.arguments[0]);
      },
      Literal(node) {
        if (typeof node.value !== 'string') return;
        for (const table of rawTables(node.value)) report(node, table);
      },
      TemplateLiteral(node) {
        templates.push(node);
      },
      'Program:exit'() {
        // A variable may hold another variable that holds the table: follow until nothing new.
        for (let grew = true; grew;) {
          grew = false;
          for (const alias of aliases) {
            if (names.has(alias.name)) continue;
            let table = null;
            if (alias.key !== undefined) {
              const init = bare(alias.init);
              if (
                init?.type === 'Identifier' &&
                namespaces.has(init.name) &&
                guarded.includes(alias.key)
              )
                table = alias.key;
            } else table = tableOf(alias.init);
            if (table) {
              names.set(alias.name, table);
              grew = true;
            } else if (
              alias.key === undefined &&
              !namespaces.has(alias.name) &&
              bare(alias.init)?.type === 'Identifier' &&
              namespaces.has(bare(alias.init).name)
            ) {
              // const s = schema: s.invoices is the table too.
              namespaces.add(alias.name);
              grew = true;
            }
          }
        }
        for (const argument of writes) {
          const table = tableOf(argument);
          if (table) report(argument, table);
        }
        for (const template of templates) {
          const text = template.quasis
            .map((quasi) => quasi.value.cooked ?? quasi.value.raw)
            .join(' ? ');
          for (const table of rawTables(text)) report(template, table);
          template.expressions.forEach((expression, index) => {
            const table = tableOf(expression);
            const [before, after] = [index, index + 1].map(
              (at) => template.quasis[at].value.cooked ?? template.quasis[at].value.raw,
            );
            if (table && writesAt(before, after)) report(expression, table);
          });
        }
      },
    };
  },
};

const WRITE_CALLS = new Set(['set', 'values', 'onConflictDoUpdate']);

/** The table of `.update(table)` / `.insert(table)` at the root of a drizzle call chain. */
function writtenTable(chain, tables) {
  for (let node = chain; node?.type === 'CallExpression'; node = node.callee.object) {
    if (node.callee.type !== 'MemberExpression') return null;
    const method = node.callee.property.name;
    const [table] = node.arguments;
    if (method === 'update' || method === 'insert') {
      const name = table?.type === 'MemberExpression' ? table.property.name : table?.name;
      return Object.hasOwn(tables, name) ? name : null;
    }
  }
  return null;
}

/** The `status` keys written by an object (nested objects, arrays, spreads, conditionals). */
function statusKeys(node) {
  switch (node?.type) {
    case 'ObjectExpression':
      return node.properties.flatMap((property) =>
        property.type === 'SpreadElement'
          ? statusKeys(property.argument)
          : [
              ...(!property.computed &&
              (property.key.name === 'status' || property.key.value === 'status')
                ? [property]
                : []),
              ...statusKeys(property.value),
            ],
      );
    case 'ArrayExpression':
      return node.elements.flatMap(statusKeys);
    case 'ConditionalExpression':
      return [...statusKeys(node.consequent), ...statusKeys(node.alternate)];
    case 'LogicalExpression':
      return [...statusKeys(node.left), ...statusKeys(node.right)];
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return statusKeys(node.expression);
    default:
      return [];
  }
}

const statusWrittenByLifecycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the lifecycle module writes an aggregate status.' },
    messages: {
      elsewhere:
        'The {{table}} status is written only by {{file}}: call its transition (it takes the transaction).',
    },
    schema: WRITERS_OPTION,
  },
  create(context) {
    const writers = context.options[0].writers;
    const file = relativeFile(context);
    return {
      CallExpression(node) {
        if (node.callee.type !== 'MemberExpression') return;
        if (!WRITE_CALLS.has(node.callee.property.name)) return;
        const table = writtenTable(node.callee.object, writers);
        if (!table || file === writers[table]) return;
        for (const key of statusKeys(node.arguments[0])) {
          context.report({
            node: key,
            messageId: 'elsewhere',
            data: { table, file: writers[table] },
          });
        }
      },
    };
  },
};

export const lifecyclePlugin = {
  rules: {
    'table-written-by-lifecycle': tableWrittenByLifecycle,
    'status-written-by-lifecycle': statusWrittenByLifecycle,
  },
};
