// Rewrite (image): reading the change request.

const politeness =
  /^(?:please|pls|kindly|can you|could you|would you|will you|i want(?: you)? to|i'd like(?: you)? to|i would like(?: you)? to|i want|let's|lets|try to|try|just|now|also|then|maybe|ok|okay)\s+/i;

export function cleanGoal(goal: string): string {
  let text = goal
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '')
    .trim();
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(politeness, '').trim();
    text = text.replace(/,?\s+please$/i, '').trim();
  }
  return text
    .replace(/^make\s+(?:the\s+)?(?:whole\s+)?(?:image|photo|picture|scene|prompt|shot|thing|everything|this)\b/i, 'make it')
    .trim();
}

/** "add a vase and make it night" → two steps. */
export function splitGoal(goal: string): string[] {
  const verbs = 'make|add|remove|change|use|put|place|set|turn|replace|swap|give|include|delete|drop|get rid of|take out|show|switch|move';
  return goal
    .split(new RegExp(`\\s*(?:;|\\band then\\b|\\bthen\\b|,\\s*(?:and\\s+)?(?=(?:${verbs})\\b)|\\band\\s+(?=(?:${verbs})\\b))\\s*`, 'i'))
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
