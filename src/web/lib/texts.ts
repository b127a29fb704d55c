import { STORE_PICK_MAX } from '#contracts/store-limits.ts';
import type { PublicationStatus } from '#contracts/stores.ts';
import type { UserVoteType } from '#contracts/klip-kinds.ts';
import type { WaitlistRole } from '#contracts/waitlist.ts';
import type { WorkspaceRole } from '#contracts/workspace-kinds.ts';

// Copy shared by more than one feature, or shown by src/web/components and src/web/app (docs/architecture.md, "Texts").
// A feature's own copy lives in src/web/features/<feature>/texts.ts; messages the server sends in src/contracts.

// The frame every page draws (the page spinner, the toaster, the headers) lives in its own module, so
// the app's entry carries these few texts and not all the shared copy (ADR 0030).
export { shellTexts, uiTexts } from './texts/frame.ts';

// ── The klip library: components/klips, the dashboard, collections, share pages, and app-wide notices ──

/** The klip card and the klip lists (components/klips), as the dashboard, collections, share pages and God Mode show them. */
export const klipTexts = {
  votes: { archived: 'Archived', one_star: 'One star', two_stars: 'Two stars', heart: 'Heart' } satisfies Record<UserVoteType, string>,
  voteGroup: 'Votes',
  /** A team klip's maker, in the team library. */
  madeBy: (name: string) => `by ${name}`,
  viewFullSize: 'View full size',
  fullSize: 'Full size',
  openInNewTab: 'Open in new tab',
  download: 'Download',
  copyLink: 'Copy share link',
  copyFailed: 'Could not copy the link.',
  openInEditor: 'Open in editor',
  tags: 'Tags',
  noTags: 'No tags yet',
  addTag: 'Add tag',
  newTag: 'New tag',
  removeTag: (tag: string) => `Remove tag ${tag}`,
  removeTagFailed: 'Could not remove the tag. Please try again.',
  attributes: 'Attributes',
  noAttributes: 'No attributes recorded',
  /** The visibility switch: its label says the state, its name adds what switching does ('Private — Make public'). */
  visibilityState: (isPublic: boolean) => (isPublic ? 'Public' : 'Private'),
  visibilityName: (isPublic: boolean) => (isPublic ? 'Public — Make private' : 'Private — Make public'),
  visibilityFailed: 'Could not change the visibility. Please try again.',
  nowPublic: 'The klip is now public.',
  nowPrivate: 'The klip is now private.',
  signIn: 'Sign in',
  notNow: 'Not now',
  video: 'Video',
  loading: 'Loading klips',
  count: (n: number, more: boolean) => `${n}${more ? '+' : ''} ${n === 1 ? 'klip' : 'klips'}`,
  clearFilters: 'Clear filters',
  search: 'Search prompts',
  searchPlaceholder: 'Search by prompt',
  clearSearch: 'Clear search',
  type: 'Type',
  tagFilter: 'Filter by tag',
  klips: 'Klips',
  showMore: 'Show more',
  showLess: 'Show less',
  loadMore: 'Load More',
  noKlips: 'No klips found',
  noKlipsFiltered: 'Nothing matches these filters. Try another search, type or tag.',
  loadFailed: 'Failed to load images. Please try again.',
  addTagFailed: 'Failed to add tag. Please try again.',
  linkCopied: 'Link copied!',
  signInToVote: 'Sign in to vote',
  signInToVoteHint: 'Votes help the best klips rise in the collection. Sign in or create a free account to cast yours.',
  localPreview: 'Local preview',
  localPreviewExplained:
    "Made by Klipt's built-in renderer because no AI provider key is configured. Add a provider key to generate with the real AI models.",
  localPreviewName: (explained: string) => `Local preview: ${explained}`,
} as const;

/** A purchase, plan change or checkout refused, on the plans pages and the dashboard's checkout notice. */
export const purchaseTexts = {
  errorTitle: 'Error processing purchase',
  fallback: 'Failed to process purchase',
  /** The link of a panel shown when the workspace's plan lacks a feature. */
  seePlans: 'See plans',
} as const;

/** Said by the API client when the browser could not reach the server at all. */
export const connectionTexts = {
  unreachable: 'Could not reach Klipt. Check your connection and try again.',
} as const;

// ── The app shell, studios and inspirations: components/layout, studio, inspirations, ui, brand, admin; app/ ──

/** The Known Issues panel God Mode's admins share (components/admin); its rules' messages are knownIssueMessages. */
export const knownIssuesTexts = {
  title: 'Known Issues',
  empty: 'No known issues. Note one so every admin sees it.',
  placeholder: 'Describe an issue…',
  add: 'Add',
  loadFailed: 'Could not load known issues.',
  saveFailed: 'Could not save the known issue. Please try again.',
  newIssueLabel: 'New known issue',
  editLabel: 'Edit known issue',
  close: 'Close Known Issues',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  confirmDelete: 'Delete this issue for every admin?',
  edited: 'edited',
  formerAdmin: 'a former admin',
  addHint: 'Ctrl or ⌘ + Enter adds it.',
} as const;

/** The marketplace export dialog of a klip (components/klips and the share page). */
export const exportTexts = {
  free: 'Exports are free for images.',
  open: 'Export…',
  openShort: 'Export',
  title: 'Export for marketplaces',
  description: 'A JPEG sized for each marketplace, made from your klip. The original stays as it is.',
  fit: 'Fit',
  fitPad: 'Pad',
  fitPadHint: 'Fit the whole image',
  fitFill: 'Fill',
  fitFillHint: 'Fill the frame (may crop)',
  presets: 'Presets',
  fileType: 'JPEG',
  download: (label: string) => `Download ${label} as JPEG`,
  size: (width: number, height: number) => `${width} × ${height} px`,
  upscaleSize: (maxSide: number) => `Twice the width and height, at most ${maxSide} px on the long side; never padded`,
} as const;

/** The Make ad dialog of an owner's image klip (components/klips/klip-ad-dialog.tsx). */
export const adTexts = {
  open: 'Make ad',
  title: 'Make ad',
  description: 'Turn this klip into ads in your brand kit: one new image per size. Making ads is free.',
  layout: 'Layout',
  layoutFields: (fields: readonly string[]) => (fields.length === 0 ? 'Logo only, no text' : fields.join(', ')),
  brandKit: 'Brand kit',
  defaultKit: (name: string) => `${name} (default)`,
  noBrandKit: 'No brand kit',
  kitsLoading: 'Loading brand kits',
  kitsFailed: 'The brand kits could not be loaded; the workspace default kit is used.',
  texts: 'Texts',
  noTexts: 'This layout draws no text, only your logo.',
  fields: { headline: 'Headline', subline: 'Subline', price: 'Price', cta: 'Call to action' },
  fieldHints: { headline: 'Up to 80 characters', subline: 'Up to 140 characters', price: 'For example €29', cta: 'For example Shop now' },
  sizes: 'Sizes',
  sizePixels: (width: number, height: number) => `${width} × ${height} px`,
  preview: 'Preview',
  previewOf: (size: string) => `Preview of the ad as ${size}`,
  previewLoading: 'Updating the preview',
  previewFailed: 'The preview could not be made.',
  previewRetry: 'Try again',
  previewNoSize: 'Choose a size to see a preview.',
  showPreview: 'Show preview',
  hidePreview: 'Hide preview',
  create: 'Create ads',
  creating: 'Creating ads…',
  createFailed: 'The ads could not be made. Please try again.',
  made: (n: number) =>
    n === 1 ? 'Your ad is ready. It is in your library too.' : `Your ${n} ads are ready. They are in your library too.`,
  madeList: 'Ads made',
  adAlt: (size: string) => `Ad, ${size}`,
  downloadZip: 'Download ZIP',
  done: 'Done',
} as const;

/** Batches as the batch pages and the dashboard name them. */
export const batchTexts = {
  title: 'Batch generation',
  batchesHeading: 'Batches',
  noBatches: 'No batches yet. Run one look over many product photos at once.',
} as const;

/** Uploading an image, in the studios and the batch page. */
export const uploadTexts = {
  hint: 'PNG, JPG or GIF up to 2048 x 2048 px',
  uploading: 'Uploading...',
  uploaded: (width: number, height: number) => `Uploaded · ${width} × ${height} px`,
  notUploaded: 'Not uploaded',
  required: 'Required',
  optional: 'Optional',
  preview: (label: string) => `${label} preview`,
  uploadingLabel: (label: string) => `Uploading ${label}`,
  remove: (label: string) => `Remove ${label}`,
  /** The file input's name: 'Reference Image file'. */
  fileInput: (label: string) => `${label} file`,
  /** An upload failed without a message of the server's. */
  failed: 'Upload failed. Please try again.',
} as const;

/** A generation's outcome as the studios tell it (lib/generation). */
export const generationTexts = {
  refunded: 'Your credit was refunded.',
  refundedCredits: (cost: number) => `Your ${cost} credits were refunded.`,
} as const;

/** The note under a prompt after Enhance (components/studio). */
/** 'Use brand kit' in the image and video editors and on the batch page (docs/product-rules.md#brand-kits). */
export const brandKitChoiceTexts = {
  label: 'Use brand kit',
  none: 'No brand kit',
  hint: "The kit's colours and voice shape the prompt, Enhance and Rewrite.",
} as const;

export const promptTexts = {
  enhanced: 'Enhanced with AI assistance',
  /** Enhance gave the text back as it was. */
  enhanceUnchanged: 'Already clear: the AI assistant left it unchanged.',
} as const;

/** The signed-in header of every app page (components/layout/app-header.tsx). */
export const appHeaderTexts = {
  creditsAvailable: (credits: number) => `${credits} credits available`,
  creditHistory: 'Credit history',
  /** After the number, on wider screens. */
  creditsSuffix: ' credits',
  dashboard: 'Klipt dashboard',
  modifyPlan: 'Modify Plan',
  accountMenu: (name: string) => `Account menu for ${name}`,
  superAdmin: 'Super Admin',
  godMode: 'God Mode',
  editProfile: 'Edit Profile',
  brandKits: 'Brand kits',
  developers: 'API & webhooks',
  store: 'Store',
  signOut: 'Sign Out',
} as const;

/** The header's workspace switcher and the Create team dialog (components/layout, components/workspaces). */
export const workspaceTexts = {
  personal: 'Personal',
  /** The switcher's name: says what it does and the workspace it shows (label in name). */
  switcher: (name: string) => `Workspace: ${name}`,
  menuLabel: 'Workspaces',
  roles: { owner: 'Owner', admin: 'Admin', member: 'Member' } satisfies Record<WorkspaceRole, string>,
  teamSettings: 'Team settings',
  teamSettingsOf: (name: string) => `Team settings for ${name}`,
  createTeam: 'Create team',
  switchFailed: 'Could not switch workspace.',
  switchedTo: (name: string) => `Now working in ${name}.`,
  loadFailed: 'Your workspaces could not be loaded.',
  // The Create team dialog.
  createTeamIntro: 'A team shares one library, one credit balance and one plan. You will be its owner.',
  teamName: 'Team name',
  teamNamePlaceholder: 'e.g. Candle Co. marketing',
  creating: 'Creating…',
  createFailed: 'The team could not be created.',
  cancel: 'Cancel',
} as const;

/** Get Inspired: the example galleries of the image and video studios (components/inspirations, components/studio). */
export const inspirationTexts = {
  getInspired: 'Get Inspired',
  imageIntro: 'Browse kliptspirations and start from a prompt that works.',
  searchPrompts: 'Search prompts',
  exampleButton: (prompt: string) => `Use this example: ${prompt}`,
  promptButton: 'Use this prompt',
  showMore: 'Show more',
  showLess: 'Show less',
  loading: 'Loading examples',
  loadFailed: 'Failed to load examples',
  empty: 'No examples found',
  emptyHint: 'Try another search or category.',
  search: 'Search examples',
  category: 'Category',
  allCategories: 'All categories',
  subcategory: 'Subcategory',
  allSubcategories: 'All subcategories',
  updating: 'Updating examples',
} as const;

/** The studios' shared parts (components/studio): Generate, Enhance and the upload box. */
export const studioTexts = {
  /** 'Generate · 1 credit' / 'Generate · 5 credits'. */
  generate: (cost: number) => `Generate · ${cost} ${cost === 1 ? 'credit' : 'credits'}`,
  generating: 'Generating...',
  notGenerated: { image: 'Image not generated', video: 'Video not generated' },
  eachCosts: (noun: string, cost: number) => `Each ${noun} costs ${cost} credit${cost === 1 ? '' : 's'}.`,
  youHave: (credits: number) => `You have ${credits} credit${credits === 1 ? '' : 's'} · failed generations are refunded`,
  enhance: 'Enhance',
  enhancing: 'Enhancing...',
  dropHint: 'Drag & drop or click to upload',
  dropHere: 'Drop the image here',
} as const;

/** The waitlist form's roles, as the form and God Mode's waitlist show them. */
export const waitlistRoleLabels: Record<WaitlistRole, string> = {
  creator: 'Content Creator',
  marketer: 'Marketer',
  designer: 'Designer',
  developer: 'Developer',
  business: 'Business Owner',
  other: 'Other',
};

/** The store product picker, the publish dialog and publication statuses (shared by the editor, batches, klips and /store). */
export const storeComponentTexts = {
  fromYourStore: 'From your store',
  search: 'Search products',
  searchPlaceholder: 'Search by product title',
  clearSearch: 'Clear search',
  loading: 'Loading products',
  loadFailed: 'Your products could not be loaded.',
  loadMore: 'Load more',
  noStoreTitle: 'No store connected',
  noStoreBody: 'Connect your Shopify store (or try the demo store) to pick products from your catalogue.',
  goToStore: 'Go to Store',
  noProductsTitle: 'No products yet',
  noProductsBody: 'Import your catalogue on the Store page, then pick products here.',
  noMatches: (q: string) => `No products match “${q}”.`,
  noPhoto: 'No photo imported yet',
  imageCount: (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`,
  statusLabels: { active: 'Active', draft: 'Draft', archived: 'Archived' } as const,
  productsLabel: 'Products',
  selectProduct: (title: string) => `Select ${title}`,
  pickerSingleTitle: 'Pick a product photo',
  pickerSingleDescription: 'The product’s first photo becomes the product image.',
  pickerMultiTitle: 'Add products from your store',
  pickerMultiDescription: (max: number) => `Each product’s first photo becomes one item of the batch (up to ${max}).`,
  selectedCount: (n: number, max: number) => `${n} of ${max} selected`,
  pickProduct: 'Use product photo',
  addProducts: (n: number) => (n === 0 ? 'Add products' : `Add ${n} ${n === 1 ? 'product' : 'products'}`),
  cancel: 'Cancel',
  limit: `You can pick up to ${STORE_PICK_MAX} products.`,
  tooManyProducts: `Pick at most ${STORE_PICK_MAX} products`,
  // Publishing.
  publishToStore: 'Publish to store',
  publishDescription: 'Adds this image to a product’s media in your store. Its existing photos stay.',
  chooseProduct: 'Choose the product',
  chosenProduct: (title: string) => `Publishing to ${title}`,
  noProductChosen: 'Choose a product to publish to.',
  featured: 'Make it the featured image',
  featuredHint: 'Shown first on the product page.',
  publish: 'Publish',
  publishTo: (title: string) => `Publish to ${title}`,
  published: 'Queued for publishing to your store.',
  publishFailed: 'This image could not be published.',
  publications: 'Published to',
  noPublications: 'Not published to your store yet.',
  publicationsLoadFailed: 'The publications could not be loaded.',
  retry: 'Retry',
  retryOf: (title: string) => `Retry publishing to ${title}`,
  retrying: 'Publishing again.',
  retryFailed: 'The publication could not be retried.',
  featuredBadge: 'Featured',
  publicationStatus: {
    queued: 'Queued',
    publishing: 'Publishing',
    published: 'Published',
    failed: 'Failed',
  } satisfies Record<PublicationStatus, string>,
} as const;
