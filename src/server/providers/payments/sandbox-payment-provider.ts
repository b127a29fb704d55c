import { randomUUID } from 'node:crypto';
import { paths } from '#contracts/paths.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider, SubscriptionSnapshot } from './payment-provider.ts';
import { findSandboxSubscription, updateSandboxSubscription, type SandboxSubscriptionRow } from './sandbox-repo.ts';

export const sandboxIds = {
  customer: (userId: string) => `sbx_cus_${userId}`,
  session: () => `sbx_cs_${randomUUID().replaceAll('-', '')}`,
  subscription: () => `sbx_sub_${randomUUID().replaceAll('-', '')}`,
  invoice: () => `sbx_in_${randomUUID().replaceAll('-', '')}`,
  event: () => `sbx_evt_${randomUUID().replaceAll('-', '')}`,
};

export function sandboxSnapshot(row: SandboxSubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.id,
    customerId: row.customerId,
    userId: row.userId,
    workspaceId: row.workspaceId,
    planId: row.planId,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    endedAt: row.endedAt,
  };
}

/**
 * The built-in sandbox as a payment provider: what Stripe holds (customers, checkout sessions,
 * subscriptions) Klipt holds itself, and its checkout and portal are Klipt pages. Billing reads it
 * through the same interface as Stripe, so a sandbox payment is fulfilled by the same code.
 */
export function createSandboxPaymentProvider(deps: { db: Db; appUrl: string }): PaymentProvider {
  return {
    mode: 'sandbox',
    async findOrCreateCustomer(user) {
      return sandboxIds.customer(user.id);
    },
    async createCheckout() {
      const sessionId = sandboxIds.session();
      return { sessionId, url: new URL(paths.sandboxCheckout(sessionId), deps.appUrl).toString() };
    },
    // The checkout row Klipt keeps is the sandbox's session: closing it there is all expiring takes.
    async expireCheckout() {},
    async retrieveSubscription(id) {
      const row = await findSandboxSubscription(deps.db, id);
      return row ? sandboxSnapshot(row) : null;
    },
    async moveSubscription(id, workspaceId) {
      await updateSandboxSubscription(deps.db, id, { workspaceId });
    },
    async createPortal() {
      return { url: new URL(paths.sandboxPortal, deps.appUrl).toString() };
    },
  };
}
