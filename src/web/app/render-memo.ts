/**
 * The last `capacity` renders of a pure render function, by the text of its arguments. The server draws the
 * public pages for every visitor (prerender.tsx); the same address with the same API answers gives the same
 * HTML, so it is drawn once and reused until an answer changes (a new klip, a vote, a klip made private):
 * exact, because the answers are asked for on every request and are the key.
 */
export function memoizeRenders<A extends readonly unknown[]>(
  render: (...args: A) => Promise<string>,
  capacity: number,
): (...args: A) => Promise<string> {
  const renders = new Map<string, Promise<string>>();
  return (...args) => {
    const key = JSON.stringify(args);
    let html = renders.get(key);
    if (html) {
      // Most recently used last: the first key is the one to drop.
      renders.delete(key);
    } else {
      html = render(...args);
      // A failed render is not kept: the next request tries again.
      html.catch(() => renders.get(key) === html && renders.delete(key));
    }
    renders.set(key, html);
    if (renders.size > capacity) renders.delete(renders.keys().next().value!);
    return html;
  };
}
