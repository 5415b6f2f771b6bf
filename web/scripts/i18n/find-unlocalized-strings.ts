import ts from 'typescript';

/** Attributes a person reads or hears: their literal values must come from the catalogues. */
const READ_ATTRIBUTES = new Set([
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'label',
  'placeholder',
  'title',
]);

/** Lingui's JSX macros: text inside them is extracted into the catalogues. */
const MESSAGE_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

export type UnlocalizedString = { file: string; line: number; text: string; where: string };

const hasLetter = (text: string) => /\p{L}/u.test(text);

/** The string literals an expression can evaluate to, as written (`a ? 'x' : 'y'`, `b ?? 'z'`). */
function literalsAt(expression: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return [expression];
  }
  if (ts.isTemplateExpression(expression)) return [expression];
  if (ts.isParenthesizedExpression(expression)) return literalsAt(expression.expression);
  if (ts.isConditionalExpression(expression)) {
    return [...literalsAt(expression.whenTrue), ...literalsAt(expression.whenFalse)];
  }
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return literalsAt(expression.right);
    if (
      operator === ts.SyntaxKind.BarBarToken ||
      operator === ts.SyntaxKind.QuestionQuestionToken
    ) {
      return [...literalsAt(expression.left), ...literalsAt(expression.right)];
    }
  }
  return [];
}

/** A literal's text as a person would read it (a template's fixed parts). */
function textOf(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
  }
  return node.getText();
}

function insideMessage(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxElement(parent)) {
      const name = parent.openingElement.tagName.getText();
      if (MESSAGE_ELEMENTS.has(name)) return true;
    }
  }
  return false;
}

/**
 * The strings of a TSX file a person would read without their going through
 * the catalogues: JSX text, literal values of the attributes above, and
 * literals a JSX expression shows (`{busy ? 'Saving…' : 'Save'}`), outside
 * Lingui's <Trans> and its siblings. Text without a letter (numbers, "·",
 * "✓") is no language's. Strings built in plain functions are out of its
 * sight: code review and the catalogues' own checks see those.
 */
export function findUnlocalizedStrings(file: string, source: string): UnlocalizedString[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: UnlocalizedString[] = [];
  const report = (node: ts.Node, text: string, where: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!hasLetter(trimmed) || insideMessage(node)) return;
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    found.push({ file, line: line + 1, text: trimmed, where });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      report(node, node.text, 'JSX text');
    } else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer;
      const literals =
        value === undefined
          ? []
          : ts.isStringLiteral(value)
            ? [value]
            : ts.isJsxExpression(value) && value.expression
              ? literalsAt(value.expression)
              : [];
      for (const literal of literals) report(literal, textOf(literal), `${node.name.getText()}=`);
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const literal of literalsAt(node.expression))
        report(literal, textOf(literal), 'JSX expression');
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}
