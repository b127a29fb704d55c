// Written by scripts/contract-routes.ts: do not edit (npm run contract-routes).
//
// Each contract as the browser needs it: its method and path (and what it produces), typed as the
// contract itself so the web helpers take either, without the schemas. The server validates; the
// browser only calls, so the public pages do not build every schema of the API before they can
// answer a tap (docs/decisions/0032). Reading a schema from one of these compiles but throws, naming
// it: a web form that checks with the API's own rule imports that schema from its contract module.

import type * as activity from './activity.ts';
import type * as adminKlips from './admin-klips.ts';
import type * as adminModels from './admin-models.ts';
import type * as adminStats from './admin-stats.ts';
import type * as adminUsers from './admin-users.ts';
import type * as adminWaitlist from './admin-waitlist.ts';
import type * as adminWorkspaces from './admin-workspaces.ts';
import type * as admin from './admin.ts';
import type * as ads from './ads.ts';
import type * as apiKeys from './api-keys.ts';
import type * as auth from './auth.ts';
import type * as batches from './batches.ts';
import type * as billing from './billing.ts';
import type * as brandKits from './brand-kits.ts';
import type * as creditsApi from './credits-api.ts';
import type * as exports from './exports.ts';
import type * as generation from './generation.ts';
import type * as health from './health.ts';
import type * as inspirations from './inspirations.ts';
import type * as klips from './klips.ts';
import type * as knownIssues from './known-issues.ts';
import type * as looks from './looks.ts';
import type * as models from './models.ts';
import type * as profile from './profile.ts';
import type * as prompts from './prompts.ts';
import type * as settings from './settings.ts';
import type * as stores from './stores.ts';
import type * as uploads from './uploads.ts';
import type * as waitlist from './waitlist.ts';
import type * as webhooks from './webhooks.ts';
import type * as workspaces from './workspaces.ts';

/** A schema read from a route fails at once, by name, instead of reading undefined. */
const schemas = ['params', 'query', 'body', 'response'] as const;

// oxlint-disable-next-line typescript/no-unnecessary-type-parameters -- the caller names the contract the value stands for
function route<C>(method: string, path: string, produces?: string): C {
  const value = produces === undefined ? { method, path } : { method, path, produces };
  for (const schema of schemas)
    Object.defineProperty(value, schema, {
      get() {
        throw new Error(`${method} ${path}: contracts/routes.ts holds no ${schema} schema; import the schema from its contract module`);
      },
    });
  return value as unknown as C;
}

export const listActivity = /* @__PURE__ */ route<typeof activity.listActivity>('GET', '/api/admin/activity');
export const deleteKlipAsAdmin = /* @__PURE__ */ route<typeof adminKlips.deleteKlipAsAdmin>('DELETE', '/api/admin/klips/:id');
export const listAllKlips = /* @__PURE__ */ route<typeof adminKlips.listAllKlips>('GET', '/api/admin/klips');
export const listAllKlipTags = /* @__PURE__ */ route<typeof adminKlips.listAllKlipTags>('GET', '/api/admin/klips/tags');
export const superlikeKlip = /* @__PURE__ */ route<typeof adminKlips.superlikeKlip>('PUT', '/api/admin/klips/:id/superlike');
export const listAllStandardModels = /* @__PURE__ */ route<typeof adminModels.listAllStandardModels>('GET', '/api/admin/models');
export const setStandardModelActive = /* @__PURE__ */ route<typeof adminModels.setStandardModelActive>(
  'PUT',
  '/api/admin/models/:id/active',
);
export const getAdminStats = /* @__PURE__ */ route<typeof adminStats.getAdminStats>('GET', '/api/admin/stats');
export const getCreditStatistics = /* @__PURE__ */ route<typeof adminStats.getCreditStatistics>('GET', '/api/admin/credit-stats');
export const getDailyActivity = /* @__PURE__ */ route<typeof adminStats.getDailyActivity>('GET', '/api/admin/daily-activity');
export const adjustUserCredits = /* @__PURE__ */ route<typeof adminUsers.adjustUserCredits>('POST', '/api/admin/users/:id/credits');
export const listUsers = /* @__PURE__ */ route<typeof adminUsers.listUsers>('GET', '/api/admin/users');
export const setUserRole = /* @__PURE__ */ route<typeof adminUsers.setUserRole>('PUT', '/api/admin/users/:id/role');
export const approveWaitlistEntries = /* @__PURE__ */ route<typeof adminWaitlist.approveWaitlistEntries>(
  'POST',
  '/api/admin/waitlist/approve',
);
export const listWaitlist = /* @__PURE__ */ route<typeof adminWaitlist.listWaitlist>('GET', '/api/admin/waitlist');
export const adjustWorkspaceCredits = /* @__PURE__ */ route<typeof adminWorkspaces.adjustWorkspaceCredits>(
  'POST',
  '/api/admin/workspaces/:id/credits',
);
export const listAdminWorkspaces = /* @__PURE__ */ route<typeof adminWorkspaces.listAdminWorkspaces>('GET', '/api/admin/workspaces');
export const createSuperAdmin = /* @__PURE__ */ route<typeof admin.createSuperAdmin>('POST', '/api/admin/super-admins');
export const downloadAdSet = /* @__PURE__ */ route<typeof ads.downloadAdSet>('GET', '/api/ad-sets/:id/zip', 'application/zip');
export const makeAds = /* @__PURE__ */ route<typeof ads.makeAds>('POST', '/api/klips/:id/ads');
export const previewAd = /* @__PURE__ */ route<typeof ads.previewAd>('POST', '/api/klips/:id/ads/preview', 'application/octet-stream');
export const createApiKey = /* @__PURE__ */ route<typeof apiKeys.createApiKey>('POST', '/api/workspaces/:workspaceId/api-keys');
export const listApiKeys = /* @__PURE__ */ route<typeof apiKeys.listApiKeys>('GET', '/api/workspaces/:workspaceId/api-keys');
export const revokeApiKey = /* @__PURE__ */ route<typeof apiKeys.revokeApiKey>('DELETE', '/api/workspaces/:workspaceId/api-keys/:keyId');
export const requestPasswordReset = /* @__PURE__ */ route<typeof auth.requestPasswordReset>('POST', '/api/auth/request-password-reset');
export const requestSignInLink = /* @__PURE__ */ route<typeof auth.requestSignInLink>('POST', '/api/auth/sign-in-link');
export const resendVerification = /* @__PURE__ */ route<typeof auth.resendVerification>('POST', '/api/account/resend-verification');
export const resendVerificationByEmail = /* @__PURE__ */ route<typeof auth.resendVerificationByEmail>(
  'POST',
  '/api/auth/resend-verification',
);
export const resetPassword = /* @__PURE__ */ route<typeof auth.resetPassword>('POST', '/api/auth/reset-password');
export const signIn = /* @__PURE__ */ route<typeof auth.signIn>('POST', '/api/auth/sign-in/email');
export const signInWithLink = /* @__PURE__ */ route<typeof auth.signInWithLink>('POST', '/api/auth/sign-in-link/verify');
export const signOut = /* @__PURE__ */ route<typeof auth.signOut>('POST', '/api/auth/sign-out');
export const signUp = /* @__PURE__ */ route<typeof auth.signUp>('POST', '/api/auth/sign-up/email');
export const verifyEmailWithPassword = /* @__PURE__ */ route<typeof auth.verifyEmailWithPassword>(
  'POST',
  '/api/auth/verify-email/password',
);
export const cancelBatch = /* @__PURE__ */ route<typeof batches.cancelBatch>('POST', '/api/batches/:id/cancel');
export const createBatch = /* @__PURE__ */ route<typeof batches.createBatch>('POST', '/api/batches');
export const downloadBatch = /* @__PURE__ */ route<typeof batches.downloadBatch>('GET', '/api/batches/:id/download', 'application/zip');
export const getBatch = /* @__PURE__ */ route<typeof batches.getBatch>('GET', '/api/batches/:id');
export const listBatches = /* @__PURE__ */ route<typeof batches.listBatches>('GET', '/api/batches');
export const listBatchItems = /* @__PURE__ */ route<typeof batches.listBatchItems>('GET', '/api/batches/:id/items');
export const retryBatch = /* @__PURE__ */ route<typeof batches.retryBatch>('POST', '/api/batches/:id/retry');
export const cancelSandboxCheckout = /* @__PURE__ */ route<typeof billing.cancelSandboxCheckout>(
  'POST',
  '/api/billing/sandbox/checkouts/:sessionId/cancel',
);
export const createCheckout = /* @__PURE__ */ route<typeof billing.createCheckout>('POST', '/api/billing/checkout');
export const createPortal = /* @__PURE__ */ route<typeof billing.createPortal>('POST', '/api/billing/portal');
export const getBillingOverview = /* @__PURE__ */ route<typeof billing.getBillingOverview>('GET', '/api/billing');
export const getCheckout = /* @__PURE__ */ route<typeof billing.getCheckout>('GET', '/api/billing/checkouts/:sessionId');
export const getSandboxCheckout = /* @__PURE__ */ route<typeof billing.getSandboxCheckout>(
  'GET',
  '/api/billing/sandbox/checkouts/:sessionId',
);
export const moveSubscription = /* @__PURE__ */ route<typeof billing.moveSubscription>('POST', '/api/billing/subscription/move');
export const paySandboxCheckout = /* @__PURE__ */ route<typeof billing.paySandboxCheckout>(
  'POST',
  '/api/billing/sandbox/checkouts/:sessionId/pay',
);
export const receiveStripeWebhook = /* @__PURE__ */ route<typeof billing.receiveStripeWebhook>('POST', '/api/billing/webhook');
export const updateSandboxSubscription = /* @__PURE__ */ route<typeof billing.updateSandboxSubscription>(
  'POST',
  '/api/billing/sandbox/subscription',
);
export const createBrandKit = /* @__PURE__ */ route<typeof brandKits.createBrandKit>('POST', '/api/workspaces/:workspaceId/brand-kits');
export const deleteBrandFont = /* @__PURE__ */ route<typeof brandKits.deleteBrandFont>(
  'DELETE',
  '/api/workspaces/:workspaceId/brand-fonts/:fontId',
);
export const deleteBrandKit = /* @__PURE__ */ route<typeof brandKits.deleteBrandKit>(
  'DELETE',
  '/api/workspaces/:workspaceId/brand-kits/:kitId',
);
export const listBrandKits = /* @__PURE__ */ route<typeof brandKits.listBrandKits>('GET', '/api/workspaces/:workspaceId/brand-kits');
export const makeDefaultBrandKit = /* @__PURE__ */ route<typeof brandKits.makeDefaultBrandKit>(
  'PUT',
  '/api/workspaces/:workspaceId/brand-kits/:kitId/default',
);
export const removeBrandLogo = /* @__PURE__ */ route<typeof brandKits.removeBrandLogo>(
  'DELETE',
  '/api/workspaces/:workspaceId/brand-kits/:kitId/logos/:variant',
);
export const updateBrandKit = /* @__PURE__ */ route<typeof brandKits.updateBrandKit>(
  'PATCH',
  '/api/workspaces/:workspaceId/brand-kits/:kitId',
);
export const uploadBrandFont = /* @__PURE__ */ route<typeof brandKits.uploadBrandFont>('POST', '/api/workspaces/:workspaceId/brand-fonts');
export const uploadBrandLogo = /* @__PURE__ */ route<typeof brandKits.uploadBrandLogo>(
  'POST',
  '/api/workspaces/:workspaceId/brand-kits/:kitId/logos/:variant',
);
export const getCreditBalance = /* @__PURE__ */ route<typeof creditsApi.getCreditBalance>('GET', '/api/credits/balance');
export const getCreditHistory = /* @__PURE__ */ route<typeof creditsApi.getCreditHistory>('GET', '/api/credits/history');
export const exportKlip = /* @__PURE__ */ route<typeof exports.exportKlip>(
  'GET',
  '/api/klips/:id/exports/:preset',
  'application/octet-stream',
);
export const createImageGeneration = /* @__PURE__ */ route<typeof generation.createImageGeneration>('POST', '/api/generations');
export const createImageVariations = /* @__PURE__ */ route<typeof generation.createImageVariations>('POST', '/api/generations/variations');
export const createVideoGeneration = /* @__PURE__ */ route<typeof generation.createVideoGeneration>('POST', '/api/generations/video');
export const followGeneration = /* @__PURE__ */ route<typeof generation.followGeneration>(
  'GET',
  '/api/generations/:id/events',
  'text/event-stream',
);
export const getGeneration = /* @__PURE__ */ route<typeof generation.getGeneration>('GET', '/api/generations/:id');
export const getLatestGeneration = /* @__PURE__ */ route<typeof generation.getLatestGeneration>('GET', '/api/generations/latest');
export const getHealth = /* @__PURE__ */ route<typeof health.getHealth>('GET', '/api/health');
export const getReady = /* @__PURE__ */ route<typeof health.getReady>('GET', '/api/ready');
export const listImageInspirationCategories = /* @__PURE__ */ route<typeof inspirations.listImageInspirationCategories>(
  'GET',
  '/api/inspirations/images/categories',
);
export const listImageInspirations = /* @__PURE__ */ route<typeof inspirations.listImageInspirations>('GET', '/api/inspirations/images');
export const listVideoInspirationCategories = /* @__PURE__ */ route<typeof inspirations.listVideoInspirationCategories>(
  'GET',
  '/api/inspirations/videos/categories',
);
export const listVideoInspirations = /* @__PURE__ */ route<typeof inspirations.listVideoInspirations>('GET', '/api/inspirations/videos');
export const addKlipTags = /* @__PURE__ */ route<typeof klips.addKlipTags>('POST', '/api/klips/:id/tags');
export const downloadKlip = /* @__PURE__ */ route<typeof klips.downloadKlip>('GET', '/api/klips/:id/download', 'application/octet-stream');
export const getKlip = /* @__PURE__ */ route<typeof klips.getKlip>('GET', '/api/klips/:id');
export const getKlipRendition = /* @__PURE__ */ route<typeof klips.getKlipRendition>(
  'GET',
  '/api/klips/:id/renditions/:width',
  'application/octet-stream',
);
export const getKlipSocialImage = /* @__PURE__ */ route<typeof klips.getKlipSocialImage>(
  'GET',
  '/api/klips/:id/social.jpg',
  'application/octet-stream',
);
export const getMyKlipStats = /* @__PURE__ */ route<typeof klips.getMyKlipStats>('GET', '/api/klips/mine/stats');
export const listCollection = /* @__PURE__ */ route<typeof klips.listCollection>('GET', '/api/collections');
export const listMyKlips = /* @__PURE__ */ route<typeof klips.listMyKlips>('GET', '/api/klips/mine');
export const listMyTags = /* @__PURE__ */ route<typeof klips.listMyTags>('GET', '/api/klips/mine/tags');
export const listPopularTags = /* @__PURE__ */ route<typeof klips.listPopularTags>('GET', '/api/collections/tags');
export const removeKlipTag = /* @__PURE__ */ route<typeof klips.removeKlipTag>('DELETE', '/api/klips/:id/tags/:tag');
export const setKlipVisibility = /* @__PURE__ */ route<typeof klips.setKlipVisibility>('PUT', '/api/klips/:id/visibility');
export const voteOnKlip = /* @__PURE__ */ route<typeof klips.voteOnKlip>('PUT', '/api/klips/:id/vote');
export const addKnownIssue = /* @__PURE__ */ route<typeof knownIssues.addKnownIssue>('POST', '/api/admin/known-issues');
export const deleteKnownIssue = /* @__PURE__ */ route<typeof knownIssues.deleteKnownIssue>('DELETE', '/api/admin/known-issues/:id');
export const editKnownIssue = /* @__PURE__ */ route<typeof knownIssues.editKnownIssue>('PATCH', '/api/admin/known-issues/:id');
export const listKnownIssues = /* @__PURE__ */ route<typeof knownIssues.listKnownIssues>('GET', '/api/admin/known-issues');
export const createLook = /* @__PURE__ */ route<typeof looks.createLook>('POST', '/api/workspaces/:workspaceId/looks');
export const deleteLook = /* @__PURE__ */ route<typeof looks.deleteLook>('DELETE', '/api/workspaces/:workspaceId/looks/:lookId');
export const listLooks = /* @__PURE__ */ route<typeof looks.listLooks>('GET', '/api/workspaces/:workspaceId/looks');
export const updateLook = /* @__PURE__ */ route<typeof looks.updateLook>('PUT', '/api/workspaces/:workspaceId/looks/:lookId');
export const listStandardModels = /* @__PURE__ */ route<typeof models.listStandardModels>('GET', '/api/models/standard');
export const listTrainedModels = /* @__PURE__ */ route<typeof models.listTrainedModels>('GET', '/api/models/trained');
export const setTrainedModelVisibility = /* @__PURE__ */ route<typeof models.setTrainedModelVisibility>(
  'PATCH',
  '/api/models/trained/:id/visibility',
);
export const completeProfile = /* @__PURE__ */ route<typeof profile.completeProfile>('POST', '/api/profile/complete');
export const deleteAvatar = /* @__PURE__ */ route<typeof profile.deleteAvatar>('DELETE', '/api/profile/avatar');
export const getMe = /* @__PURE__ */ route<typeof profile.getMe>('GET', '/api/me');
export const getProfile = /* @__PURE__ */ route<typeof profile.getProfile>('GET', '/api/profile');
export const getSession = /* @__PURE__ */ route<typeof profile.getSession>('GET', '/api/session');
export const updateProfile = /* @__PURE__ */ route<typeof profile.updateProfile>('PUT', '/api/profile');
export const uploadAvatar = /* @__PURE__ */ route<typeof profile.uploadAvatar>('POST', '/api/profile/avatar');
export const enhancePrompt = /* @__PURE__ */ route<typeof prompts.enhancePrompt>('POST', '/api/prompts/enhance');
export const rewritePrompt = /* @__PURE__ */ route<typeof prompts.rewritePrompt>('POST', '/api/prompts/rewrite');
export const getSettings = /* @__PURE__ */ route<typeof settings.getSettings>('GET', '/api/settings');
export const connectDemoStore = /* @__PURE__ */ route<typeof stores.connectDemoStore>('POST', '/api/workspaces/:workspaceId/store/demo');
export const connectShopifyToken = /* @__PURE__ */ route<typeof stores.connectShopifyToken>(
  'POST',
  '/api/workspaces/:workspaceId/store/shopify/token',
);
export const disconnectStore = /* @__PURE__ */ route<typeof stores.disconnectStore>('DELETE', '/api/workspaces/:workspaceId/store');
export const getDemoStorefrontProduct = /* @__PURE__ */ route<typeof stores.getDemoStorefrontProduct>(
  'GET',
  '/api/workspaces/:workspaceId/store/demo/products/:handle',
);
export const getStoreStatus = /* @__PURE__ */ route<typeof stores.getStoreStatus>('GET', '/api/workspaces/:workspaceId/store');
export const listPublications = /* @__PURE__ */ route<typeof stores.listPublications>(
  'GET',
  '/api/workspaces/:workspaceId/store/publications',
);
export const listStoreProducts = /* @__PURE__ */ route<typeof stores.listStoreProducts>(
  'GET',
  '/api/workspaces/:workspaceId/store/products',
);
export const publishBatchToStore = /* @__PURE__ */ route<typeof stores.publishBatchToStore>(
  'POST',
  '/api/workspaces/:workspaceId/store/batches/:batchId/publish',
);
export const publishToStore = /* @__PURE__ */ route<typeof stores.publishToStore>(
  'POST',
  '/api/workspaces/:workspaceId/store/publications',
);
export const receiveShopifyWebhook = /* @__PURE__ */ route<typeof stores.receiveShopifyWebhook>('POST', '/api/webhooks/shopify');
export const resetDemoStore = /* @__PURE__ */ route<typeof stores.resetDemoStore>('POST', '/api/workspaces/:workspaceId/store/demo/reset');
export const retryPublication = /* @__PURE__ */ route<typeof stores.retryPublication>(
  'POST',
  '/api/workspaces/:workspaceId/store/publications/:publicationId/retry',
);
export const startShopifyOAuth = /* @__PURE__ */ route<typeof stores.startShopifyOAuth>(
  'POST',
  '/api/workspaces/:workspaceId/store/shopify/oauth',
);
export const syncStore = /* @__PURE__ */ route<typeof stores.syncStore>('POST', '/api/workspaces/:workspaceId/store/sync');
export const createUpload = /* @__PURE__ */ route<typeof uploads.createUpload>('POST', '/api/uploads');
export const joinWaitlist = /* @__PURE__ */ route<typeof waitlist.joinWaitlist>('POST', '/api/waitlist');
export const createWebhookEndpoint = /* @__PURE__ */ route<typeof webhooks.createWebhookEndpoint>(
  'POST',
  '/api/workspaces/:workspaceId/webhooks',
);
export const deleteWebhookEndpoint = /* @__PURE__ */ route<typeof webhooks.deleteWebhookEndpoint>(
  'DELETE',
  '/api/workspaces/:workspaceId/webhooks/:endpointId',
);
export const listWebhookDeliveries = /* @__PURE__ */ route<typeof webhooks.listWebhookDeliveries>(
  'GET',
  '/api/workspaces/:workspaceId/webhooks/:endpointId/deliveries',
);
export const listWebhookEndpoints = /* @__PURE__ */ route<typeof webhooks.listWebhookEndpoints>(
  'GET',
  '/api/workspaces/:workspaceId/webhooks',
);
export const resendWebhookDelivery = /* @__PURE__ */ route<typeof webhooks.resendWebhookDelivery>(
  'POST',
  '/api/workspaces/:workspaceId/webhooks/:endpointId/deliveries/:deliveryId/resend',
);
export const rotateWebhookSecret = /* @__PURE__ */ route<typeof webhooks.rotateWebhookSecret>(
  'POST',
  '/api/workspaces/:workspaceId/webhooks/:endpointId/rotate-secret',
);
export const sendTestWebhook = /* @__PURE__ */ route<typeof webhooks.sendTestWebhook>(
  'POST',
  '/api/workspaces/:workspaceId/webhooks/:endpointId/test',
);
export const updateWebhookEndpoint = /* @__PURE__ */ route<typeof webhooks.updateWebhookEndpoint>(
  'PATCH',
  '/api/workspaces/:workspaceId/webhooks/:endpointId',
);
export const acceptInvitation = /* @__PURE__ */ route<typeof workspaces.acceptInvitation>('POST', '/api/invitations/:token/accept');
export const changeMemberRole = /* @__PURE__ */ route<typeof workspaces.changeMemberRole>(
  'PATCH',
  '/api/workspaces/:workspaceId/members/:userId',
);
export const createTeam = /* @__PURE__ */ route<typeof workspaces.createTeam>('POST', '/api/workspaces');
export const deleteTeam = /* @__PURE__ */ route<typeof workspaces.deleteTeam>('DELETE', '/api/workspaces/:workspaceId');
export const getWorkspace = /* @__PURE__ */ route<typeof workspaces.getWorkspace>('GET', '/api/workspaces/:workspaceId');
export const inviteMember = /* @__PURE__ */ route<typeof workspaces.inviteMember>('POST', '/api/workspaces/:workspaceId/invitations');
export const listWorkspaces = /* @__PURE__ */ route<typeof workspaces.listWorkspaces>('GET', '/api/workspaces');
export const previewInvitation = /* @__PURE__ */ route<typeof workspaces.previewInvitation>('GET', '/api/invitations/:token');
export const removeMember = /* @__PURE__ */ route<typeof workspaces.removeMember>('DELETE', '/api/workspaces/:workspaceId/members/:userId');
export const renameTeam = /* @__PURE__ */ route<typeof workspaces.renameTeam>('PATCH', '/api/workspaces/:workspaceId');
export const resendInvitation = /* @__PURE__ */ route<typeof workspaces.resendInvitation>(
  'POST',
  '/api/workspaces/:workspaceId/invitations/:invitationId/resend',
);
export const revokeInvitation = /* @__PURE__ */ route<typeof workspaces.revokeInvitation>(
  'DELETE',
  '/api/workspaces/:workspaceId/invitations/:invitationId',
);
export const selectWorkspace = /* @__PURE__ */ route<typeof workspaces.selectWorkspace>('PUT', '/api/workspaces/current');
export const transferOwnership = /* @__PURE__ */ route<typeof workspaces.transferOwnership>(
  'POST',
  '/api/workspaces/:workspaceId/transfer',
);
export const uploadTeamAvatar = /* @__PURE__ */ route<typeof workspaces.uploadTeamAvatar>('POST', '/api/workspaces/:workspaceId/avatar');
