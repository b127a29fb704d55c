/** What the signed-in home says: greeting, quick actions, the week's numbers, batches, klips and a checkout's outcome. */
export const dashboardTexts = {
  pageName: 'Dashboard',
  welcomeBack: (name: string | undefined) => `Welcome back${name === undefined ? '' : `, ${name}`}`,
  youHave: (credits: number) => `You have ${credits} ${credits === 1 ? 'credit' : 'credits'}. `,
  whatWillYouMake: 'What will you make today?',
  quickActionsLabel: 'Quick actions',
  quickActions: {
    createImage: { title: 'Create image', text: 'Studio-grade product shots from a prompt or a product photo.' },
    createVideo: { title: 'Create video', text: 'Turn a product photo into a short effect klip.' },
    createBatch: { text: 'One look over up to 50 product photos at once.' },
    models: { title: 'Klip Models', text: 'Trained models for your products, characters and styles.' },
  },
  // The week's numbers.
  thisWeek: 'This week',
  lastDays: (days: number) => ` · last ${days} days`,
  stats: {
    imagesCreated: 'Images created',
    videosCreated: 'Videos created',
    creditsUsed: 'Credits used',
    votesReceived: 'Votes received',
  },
  // Batches.
  loadingBatches: 'Loading batches',
  batchesLoadFailed: 'Batches could not be loaded',
  loadMore: 'Load more',
  // The user's klips.
  yourKlips: 'Your klips',
  filterYourKlips: 'Filter your klips',
  types: { all: 'All', image: 'Images', video: 'Videos' },
  noKlipsYet: 'You have not created any klips yet. Your first one is a prompt away.',
  createFirstKlip: 'Create your first klip',
  // Back from a checkout.
  welcomeToPlan: (plan: string | undefined) => `Welcome to ${plan ?? 'your plan'}!`,
  creditsAdded: (credits: string) => `${credits} credits were added. Your balance is now`,
  balanceCredits: (balance: string) => `${balance} credits`,
  stillConfirming: 'Your payment is still being confirmed',
  stillConfirmingText: 'Your credits will appear as soon as the payment provider confirms it. You can keep working meanwhile.',
  addingCredits: (credits: string | undefined) => `Payment received. Adding your ${credits === undefined ? '' : `${credits} `}credits…`,
  dismiss: 'Dismiss',
} as const;
