import { LOWEST_PLAN_PRICE } from '#contracts/plans.ts';

/** What the public landing page says. */
export const landingTexts = {
  joinWaitlist: 'Join the Waitlist',
  signIn: 'Sign In',
  banner: {
    label: 'Announcement',
    text: 'Limited Beta - Join the waitlist, new spots open weekly',
    join: 'Join Waitlist',
    dismiss: 'Dismiss announcement',
  },
  mainNav: 'Main',
  hero: {
    stop: 'Stop Scrolling.',
    start: 'Start Selling.',
    intro: 'Turn one product photo into ads, videos and lifestyle shots in minutes.',
    // What each sample klip shows (its accessible name).
    samples: { serum: 'Serum bottle ad', sneaker: 'Sneaker drop ad', coffee: 'Coffee mug lifestyle shot' },
  },
  useCases: {
    title: 'What Can You Make',
    items: [
      ['Social ads', 'Scroll-stopping creatives for every feed.'],
      ['PDP videos', 'Loops that show off every angle.'],
      ['Lifestyle shots', 'Any scene, no studio needed.'],
      ['AI-generated models', 'On-brand models, no casting.'],
    ],
  },
  benefits: {
    title: 'Faster. Cheaper. Better.',
    items: [
      ['4MP Output', 'Crisp, zoom-ready images.'],
      ['2.5x Faster', 'From photo to finished klip in minutes.'],
      ['Fresh Content', 'New variations on demand.'],
      ['Just Results', 'No briefs, no shoot days, no waiting.'],
    ],
    leads: ['4MP', '2.5x', '∞', '✓'],
  },
  comparison: {
    title: 'Why AI Crushes Traditional Shoots',
    traditional: 'Traditional shoot',
    klipt: 'Klipt',
    // [what, traditional photo shoot, Klipt]
    rows: [
      ['Cost', 'Thousands per shoot', `From $${LOWEST_PLAN_PRICE}/month`],
      ['Turnaround', 'Weeks', 'Minutes'],
      ['Variations', 'A handful', 'Dozens'],
      ['Reshoots', 'Book again', 'One click'],
    ],
  },
  howItWorks: {
    title: 'How It Works',
    steps: [
      ['Sync Shopify', 'Import your products and photos.'],
      ['Generate Variations', 'Dozens of scenes per product.'],
      ['Add Models', 'Models who match your buyers.'],
      ['Animate Everything', 'Turn any klip into a short video.'],
    ],
  },
  pricing: {
    title: `Starts at $${LOWEST_PLAN_PRICE}/month`,
    claim: 'Claim a Starter spot',
  },
  bfcm: 'BFCM is coming — get your product visuals ready',
  stickyBar: { label: 'Join the waitlist', text: 'Tired of boring product photos?' },
  footer: { label: 'Footer', collections: 'Collections', copyright: '© Klipt' },
} as const;
