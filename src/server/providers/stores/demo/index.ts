/** The built-in demo store: what the store module and the publish jobs use of it. */
export { DEMO_CATALOGUE_UPDATED_AT, demoCatalogue, demoProductByHandle, demoProductExternalId, type DemoProduct } from './catalogue.ts';
export { createDemoStoreClient, type DemoStoreDeps } from './demo-client.ts';
export { demoStorefrontProduct, resetDemoStore } from './storefront.ts';
