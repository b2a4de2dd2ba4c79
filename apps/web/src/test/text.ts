import type { MatcherFunction } from '@testing-library/react';

/**
 * Matches the element whose whole text is `text`, when that text runs across child elements (a name
 * isolated in a <bdi> inside a sentence): the innermost such element, not its ancestors.
 */
export function wholeText(text: string): MatcherFunction {
  return (_, element) =>
    element?.textContent === text && ![...element.children].some((child) => child.textContent === text);
}
