/** Placeholder until the tab is built. */
export default function Tab() {
  return <p className="text-sm text-ink-600">Coming soon.</p>;
}
