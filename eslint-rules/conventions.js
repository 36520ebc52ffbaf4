/**
 * Lint rules of our own for conventions that no stock rule holds without clobbering another
 * block's settings (a later `no-restricted-imports` or `no-restricted-syntax` replaces the
 * earlier one for the files both match). Each rule only finds the construct: where it is
 * allowed is said by the `files` and `ignores` of its block in eslint.config.js.
 *
 * - `env-read-by-config`: `process.env` is read by server/config.ts alone.
 * - `express-at-the-edge`: express and its types (`Request`, `Response`, `RequestHandler`...)
 *   stay in routes and the app's middleware.
 * - `dates-by-the-date-helpers`: date-fns' `format` only in the date helpers.
 */

const PROCESS_MODULES = new Set(['process', 'node:process']);
const EXPRESS_MODULE = /^(express|express-serve-static-core)(\/|$)/;
const DATE_FNS_MODULE = /^date-fns(\/|$)/;
const DATE_FNS_FORMAT_MODULE = /^date-fns\/(fp\/)?format(\/|\.js$|$)/;

/** The module an import, a re-export, an `import()` or a type's `import('…')` names. */
function sourceOf(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration':
    case 'ImportExpression':
      return node.source?.type === 'Literal' ? node.source.value : null;
    case 'TSImportType': {
      const literal = node.argument?.literal ?? node.argument;
      return typeof literal?.value === 'string' ? literal.value : null;
    }
    default:
      return null;
  }
}

const MODULE_NODES = [
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportExpression',
  'TSImportType',
];

/** Visits every place a module is named, with the module's name. */
const onEveryModule = (visit) =>
  Object.fromEntries(
    MODULE_NODES.map((type) => [
      type,
      (node) => {
        const source = sourceOf(node);
        if (typeof source === 'string') visit(node, source);
      },
    ]),
  );

/** The property a member expression reads (`a.b`, `a['b']`), or null when it cannot be known. */
function propertyName(member) {
  if (!member.computed) return member.property.name ?? null;
  return typeof member.property.value === 'string' ? member.property.value : null;
}

/** The variable an identifier refers to, looked up from its own scope outwards. */
function variableOf(sourceCode, identifier) {
  for (let scope = sourceCode.getScope(identifier); scope; scope = scope.upper) {
    const variable = scope.set.get(identifier.name);
    if (variable) return variable;
  }
  return null;
}

const envReadByConfig = {
  meta: {
    type: 'problem',
    docs: { description: 'Only server/config.ts reads process.env.' },
    messages: {
      env: 'Only server/config.ts reads process.env: add the variable to its schema and take it from the config (the client reads import.meta.env).',
    },
    schema: [],
  },
  create(context) {
    const { sourceCode } = context;
    /** True when `node` is the global `process`, or the `node:process` module imported whole. */
    function isProcess(node) {
      if (node.type === 'MemberExpression') {
        return (
          node.object.type === 'Identifier' &&
          ['globalThis', 'global'].includes(node.object.name) &&
          propertyName(node) === 'process'
        );
      }
      if (node.type !== 'Identifier') return false;
      const variable = variableOf(sourceCode, node);
      if (!variable || variable.defs.length === 0) return node.name === 'process';
      return variable.defs.some(
        (def) =>
          def.type === 'ImportBinding' &&
          def.node.type !== 'ImportSpecifier' &&
          PROCESS_MODULES.has(def.parent.source.value),
      );
    }
    const report = (node) => context.report({ node, messageId: 'env' });
    return {
      MemberExpression(node) {
        if (propertyName(node) === 'env' && isProcess(node.object)) report(node);
      },
      VariableDeclarator(node) {
        if (node.id.type !== 'ObjectPattern' || !node.init || !isProcess(node.init)) return;
        for (const property of node.id.properties) {
          if (property.type === 'Property' && !property.computed && property.key.name === 'env')
            report(property);
        }
      },
      ImportDeclaration(node) {
        if (!PROCESS_MODULES.has(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'env')
            report(specifier);
        }
      },
    };
  },
};

const expressAtTheEdge = {
  meta: {
    type: 'problem',
    docs: { description: 'Express and its types stay in routes and the middleware.' },
    messages: {
      express:
        'Express ({{name}}) belongs in *.routes.ts and the middleware named in eslint.config.js: read the request there and pass plain values on.',
    },
    schema: [],
  },
  create(context) {
    return {
      ...onEveryModule((node, source) => {
        if (EXPRESS_MODULE.test(source))
          context.report({ node, messageId: 'express', data: { name: `'${source}'` } });
      }),
      // The global namespace express declares: `Express.Request` names the request unimported.
      TSQualifiedName(node) {
        if (node.left.type === 'Identifier' && node.left.name === 'Express')
          context.report({ node, messageId: 'express', data: { name: 'the Express namespace' } });
      },
    };
  },
};

const datesByTheDateHelpers = {
  meta: {
    type: 'problem',
    docs: { description: "Only the date helpers call date-fns' format." },
    messages: {
      format:
        "Write dates with shared/dates.ts (screens through client/src/lib/dates.ts, e-mails through server/lib/format.ts), not date-fns' format: it knows no business time zone.",
    },
    schema: [],
  },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'format' });
    /** The local names of `import * as dateFns from 'date-fns'`: `dateFns.format` is the same. */
    const namespaces = new Set();
    return {
      ...onEveryModule((node, source) => {
        if (DATE_FNS_FORMAT_MODULE.test(source)) return report(node);
        if (!DATE_FNS_MODULE.test(source)) return;
        for (const specifier of node.specifiers ?? []) {
          const imported = specifier.imported ?? specifier.local;
          if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name);
          else if (
            specifier.type !== 'ImportDefaultSpecifier' &&
            (imported.name ?? imported.value) === 'format'
          )
            report(specifier);
        }
        // `export * from 'date-fns'` hands format on under its own name.
        if (node.type === 'ExportAllDeclaration') report(node);
      }),
      MemberExpression(node) {
        if (
          node.object.type === 'Identifier' &&
          namespaces.has(node.object.name) &&
          propertyName(node) === 'format'
        )
          report(node);
      },
    };
  },
};

/** Registered in eslint.config.js as the `conventions` plugin. */
export const conventionsPlugin = {
  rules: {
    'env-read-by-config': envReadByConfig,
    'express-at-the-edge': expressAtTheEdge,
    'dates-by-the-date-helpers': datesByTheDateHelpers,
  },
};
