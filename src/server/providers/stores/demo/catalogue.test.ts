import { describe, expect, it } from 'vitest';
import { demoCatalogue, demoPhotoExternalId, demoProductByExternalId, demoProductByHandle, demoProductExternalId } from './catalogue.ts';
import { productDrawings } from './product-drawings.ts';

describe('demo catalogue', () => {
  it('has at least 12 products with unique handles, ids and media ids', () => {
    expect(demoCatalogue.length).toBeGreaterThanOrEqual(12);
    expect(new Set(demoCatalogue.map((p) => p.handle)).size).toBe(demoCatalogue.length);
    expect(new Set(demoCatalogue.map((p) => p.number)).size).toBe(demoCatalogue.length);
    const mediaIds = demoCatalogue.flatMap((p) => p.photos.map((_, i) => demoPhotoExternalId(p, i + 1)));
    expect(new Set(mediaIds).size).toBe(mediaIds.length);
    for (const id of mediaIds) expect(id).toMatch(/^gid:\/\/shopify\/MediaImage\/\d+$/);
  });

  it('gives every product a storefront-ready handle, a price, one or two photos with alt texts, and a drawing', () => {
    for (const product of demoCatalogue) {
      expect(product.handle).toMatch(/^[a-z0-9-]{1,100}$/);
      expect(product.price).toMatch(/^\$\d+\.\d{2}$/);
      expect(product.photos.length).toBeGreaterThanOrEqual(1);
      expect(product.photos.length).toBeLessThanOrEqual(2);
      for (const alt of product.photos) expect(alt.length).toBeGreaterThan(5);
      expect(productDrawings[product.handle]).toBeDefined();
    }
  });

  it('is mostly active, with a draft among them', () => {
    const statuses = demoCatalogue.map((p) => p.status);
    expect(statuses.filter((s) => s === 'draft')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'active').length).toBe(demoCatalogue.length - 1);
  });

  it('finds products by handle and by Shopify-shaped id, and nothing for unknown ones', () => {
    const mug = demoProductByHandle('stoneware-mug')!;
    expect(demoProductExternalId(mug)).toBe('gid://shopify/Product/9104710000101');
    expect(demoProductByExternalId(demoProductExternalId(mug))).toBe(mug);
    expect(demoProductByHandle('no-such-thing')).toBeNull();
    expect(demoProductByExternalId('gid://shopify/Product/1')).toBeNull();
    expect(demoProductByExternalId('gid://shopify/Collection/9104710000101')).toBeNull();
  });
});
