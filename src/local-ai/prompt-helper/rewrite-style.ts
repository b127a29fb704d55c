// Rewrite (image): lighting and "style of".

import { splitClauses, stripArticle } from './text.ts';
import { lightingWords } from './vocabulary-aspects.ts';

// ---- lighting

const lightingGoal = /^(?:use|with|try|give it|switch to|go for|add)\s+(.+?\b(?:light|lights|lighting|glow|illumination)\b.*)$/i;

/** "use natural light": the new lighting replaces the prompt's lighting clauses. */
export function applyLighting(prompt: string, goal: string): string | undefined {
  const match = lightingGoal.exec(goal);
  if (!match?.[1]) return undefined;
  const clauses = splitClauses(prompt).filter((clause, index) => index === 0 || !lightingWords.test(clause));
  return [...clauses, stripArticle(match[1])].join(', ');
}

// ---- style of

const styleOfGoal = /^(?:make it\s+|do it\s+|render it\s+|shoot it\s+)?(?:in\s+)?(?:the\s+)?style\s+of\s+(.+)$/i;

export function applyStyleOf(prompt: string, goal: string): string | undefined {
  const match = styleOfGoal.exec(goal);
  if (!match?.[1]) return undefined;
  const clauses = splitClauses(prompt).filter((clause, index) => index === 0 || !/\bin the style of\b/i.test(clause));
  return [...clauses, `in the style of ${match[1].trim()}`].join(', ');
}
