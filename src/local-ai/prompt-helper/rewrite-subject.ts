// Rewrite (video subject)

import { objectColourGoal, plainColourGoal } from './rewrite-colour.ts';
import { descriptorOf } from './rewrite-descriptor.ts';
import { cleanGoal } from './rewrite-goal.ts';
import { addGoal, removeGoal } from './rewrite-items.ts';
import { shortenSubject, subjectWords } from './subject.ts';
import { normalise, same } from './text.ts';
import { colourPhrase } from './vocabulary-colours.ts';

const comparatives: Record<string, string> = {
  bigger: 'big',
  larger: 'large',
  smaller: 'small',
  tinier: 'tiny',
  older: 'old',
  younger: 'young',
  cuter: 'cute',
  brighter: 'bright',
  darker: 'dark',
  shinier: 'shiny',
  fancier: 'fancy',
  happier: 'happy',
  taller: 'tall',
  shorter: 'short',
  stronger: 'strong',
  funnier: 'funny',
  prettier: 'pretty',
  fluffier: 'fluffy',
  longer: 'long',
  thinner: 'thin',
};

function clampSubject(words: string[]): string {
  if (words.length <= 3) return words.join(' ');
  const withIndex = words.findIndex((word) => word.toLowerCase() === 'with');
  if (withIndex > 0) return [words[withIndex - 1]!, 'with', words.at(-1)!].join(' ');
  return words.slice(-3).join(' ');
}

function headNoun(subject: string): string {
  return subjectWords(subject).at(-1) ?? subject;
}

export function rewriteSubject(input: string, goalInput: string): string {
  const subject = shortenSubject(input) || normalise(input);
  const goal = cleanGoal(goalInput);
  if (goal === '') return subject;
  const words = subjectWords(subject);
  const lowerWords = words.map((word) => word.toLowerCase());
  const result = ((): string => {
    // A new subject: "change it to a cat", "make it a dog", "replace the shoe with a bag", "a bag instead".
    const swap =
      /^(?:change|turn|switch|convert|transform|make)\s+(?:it|this|the subject|them|(?:the\s+)?[\w'’-]+)\s+(?:to|into)\s+(.+)$/i.exec(
        goal,
      ) ??
      /^make\s+(?:it|this|them)\s+(?:a|an|the)\s+(.+)$/i.exec(goal) ??
      /^(?:replace|swap)\s+(?:.+?)\s+(?:with|for)\s+(.+)$/i.exec(goal) ??
      /^(?:use|try|show)\s+(?:a|an|the)\s+(.+?)(?:\s+instead)?$/i.exec(goal) ??
      /^(?:a|an|the)\s+(.+?)(?:\s+instead)?$/i.exec(goal) ??
      /^(.+?)\s+instead$/i.exec(goal);
    if (swap?.[1]) {
      const target = swap[1].trim();
      if (colourPhrase.test(target)) return recolourSubject(words, target);
      return shortenSubject(target);
    }
    // A colour: "make it red".
    const colour = objectColourGoal.exec(goal)?.[2] ?? plainColourGoal.exec(goal)?.[1];
    if (colour) return recolourSubject(words, colour);
    // Something removed: drop its words.
    const removal = removeGoal.exec(goal);
    if (removal?.[1]) {
      const drop = new Set(subjectWords(removal[1]).map((word) => word.toLowerCase()));
      const kept = words.filter((word) => !drop.has(word.toLowerCase()));
      if (kept.length > 0 && kept.length < words.length) return kept.join(' ');
      return `${headNoun(subject)} without ${shortenSubject(removal[1]).split(' ').at(-1) ?? removal[1]}`;
    }
    // Something added: "man with hat".
    const addition = addGoal.exec(goal);
    if (addition?.[1]) {
      const item = shortenSubject(addition[1]).split(' ').at(-1) ?? addition[1];
      return `${headNoun(subject)} with ${item}`;
    }
    // An adjective: "make it bigger", "make it more shiny".
    const descriptor = descriptorOf(goal);
    if (descriptor && descriptor.text.split(/\s+/).length <= 2) {
      const adjective = descriptor.text
        .split(/\s+/)
        .map((word) => comparatives[word.toLowerCase()] ?? word)
        .join(' ');
      if (!lowerWords.includes(adjective.toLowerCase())) return clampSubject([...adjective.split(' '), ...words.slice(-2)]);
    }
    const content = shortenSubject(goal).split(' ').at(-1) ?? goal;
    return clampSubject([content, headNoun(subject)]);
  })();
  const clamped = clampSubject(subjectWords(result));
  return same(clamped, subject) ? clampSubject([...shortenSubject(goal).split(' '), headNoun(subject)]) : clamped;
}

function recolourSubject(words: string[], colour: string): string {
  const kept = words.filter((word) => !colourPhrase.test(word));
  return clampSubject([...colour.toLowerCase().split(/\s+/), ...kept.slice(-2)]);
}
