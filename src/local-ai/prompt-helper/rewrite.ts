// Rewrite (image)

import { applyColourScheme, applyObjectColour } from './rewrite-colour.ts';
import { applyDescriptor, descriptorOf } from './rewrite-descriptor.ts';
import { cleanGoal, splitGoal } from './rewrite-goal.ts';
import { applyAdd, applyRemove, applyReplace } from './rewrite-items.ts';
import { applySetting } from './rewrite-setting.ts';
import { applyLighting, applyStyleOf } from './rewrite-style.ts';
import { normalise, same, stripArticle, tidy, withArticle } from './text.ts';

// ---- fallback

function fallback(prompt: string, goal: string): string {
  const like = /\b(?:look|looks|feel|feels|seem|seems)\s+like\s+(.+)$/i.exec(goal);
  if (like?.[1]) return `${prompt}, styled like ${withArticle(stripArticle(like[1]))}`;
  const descriptor = descriptorOf(goal);
  const startsWithMake = /^(?:make|turn|give)\b/i.test(goal);
  if (startsWithMake && descriptor) {
    const text = descriptor.text;
    const wordsInText = text.split(/\s+/).length;
    const addition = wordsInText === 1 ? `${descriptor.more ? 'more ' : ''}${text} style` : `${descriptor.more ? 'more ' : ''}${text}`;
    return `${prompt}, ${addition}`;
  }
  return `${prompt}, ${goal.charAt(0).toLowerCase()}${goal.slice(1)}`;
}

const steps: Array<(prompt: string, goal: string) => string | undefined> = [
  applyStyleOf,
  applySetting,
  applyColourScheme,
  applyObjectColour,
  applyRemove,
  applyReplace,
  applyLighting,
  applyAdd,
  applyDescriptor,
];

function applyStep(prompt: string, goal: string): string {
  for (const step of steps) {
    const result = step(prompt, goal);
    if (result !== undefined && !same(tidy(result), prompt)) return tidy(result);
  }
  return tidy(fallback(prompt, goal));
}

export function rewritePrompt(input: string, goalInput: string): string {
  const prompt = normalise(input);
  const goal = cleanGoal(goalInput);
  if (goal === '') return prompt;
  if (prompt === '') return tidy(stripArticle(goal));
  let result = prompt;
  for (const part of splitGoal(goal)) result = applyStep(result, part);
  if (same(result, prompt)) result = tidy(`${prompt}, ${goal}`);
  return result;
}
