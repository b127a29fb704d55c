// oxlint plugin: every text a screen shows has one address (docs/architecture.md, "Texts").
// Screen copy lives in src/web/features/<feature>/texts.ts or src/web/lib/texts.ts, never inline in JSX.

/** Attributes whose value users read or hear (on DOM elements and on Klipt's own components). */
export const TEXT_ATTRIBUTES = new Set([
  'alt',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'subtitle',
  'label',
  'description',
  'heading',
  'message',
  'hint',
  'emptyText',
  'emptyTitle',
  'emptyHint',
  'intro',
  'pageTitle',
  'searchPlaceholder',
  'content',
  'confirmLabel',
  'cancelLabel',
]);

/** True when a string is something a person reads: it holds a letter. Symbols, digits and spaces are layout. */
export function isCopy(text) {
  return /\p{L}/u.test(text);
}

const attributeName = (node) =>
  node.name.type === 'JSXNamespacedName' ? `${node.name.namespace.name}:${node.name.name.name}` : node.name.name;

const isStringLiteral = (node) => node?.type === 'Literal' && typeof node.value === 'string';
const isPlainTemplate = (node) => node?.type === 'TemplateLiteral' && node.quasis.some((q) => isCopy(q.value.cooked ?? ''));

/** The strings an expression can show: itself, or the branches of `a ? 'X' : 'Y'` and `a && 'X'` / `a ?? 'X'`. */
function shownStrings(node) {
  if (node?.type === 'ConditionalExpression') return [...shownStrings(node.consequent), ...shownStrings(node.alternate)];
  if (node?.type === 'LogicalExpression') return [...shownStrings(node.left), ...shownStrings(node.right)];
  if (isStringLiteral(node) && isCopy(node.value)) return [{ node, text: node.value }];
  if (isPlainTemplate(node)) return [{ node, text: node.quasis.map((q) => q.value.cooked).join('…') }];
  return [];
}

export default {
  meta: { name: 'klipt-texts' },
  rules: {
    'no-inline-copy': {
      meta: { type: 'problem', docs: { description: 'Screen copy comes from a texts.ts file, never a literal in JSX' } },
      create(context) {
        const report = (node, text) =>
          context.report({
            node,
            message: `Inline screen copy "${text.trim().slice(0, 40)}": move it to the feature's texts.ts (or src/web/lib/texts.ts when shared).`,
          });
        return {
          JSXText(node) {
            if (isCopy(node.value)) report(node, node.value);
          },
          JSXExpressionContainer(node) {
            const parent = node.parent;
            if (parent?.type !== 'JSXElement' && parent?.type !== 'JSXFragment') return;
            for (const shown of shownStrings(node.expression)) report(shown.node, shown.text);
          },
          JSXAttribute(node) {
            if (!TEXT_ATTRIBUTES.has(attributeName(node))) return;
            const value = node.value?.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
            for (const shown of shownStrings(value)) report(shown.node, shown.text);
          },
        };
      },
    },
  },
};
