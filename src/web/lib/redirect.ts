/**
 * Leaves Klipt for a page the server chose (Stripe Checkout, the customer portal, or the built-in
 * test checkout): a full page load, not client navigation. In its own module so tests can replace it.
 */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
