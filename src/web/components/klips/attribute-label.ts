/** Attribute names as people read them: 'aspect_ratio' → 'Aspect ratio'. */
export function attributeLabel(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
