import { ConnectShopifyTokenRequest } from '#contracts/stores.ts';

export interface TokenFormValues {
  shopDomain: string;
  accessToken: string;
  apiSecretKey: string;
}

export type TokenFormErrors = Partial<Record<keyof TokenFormValues, string>>;

/** The request the form sends, or each field's first error in the contract's own words. */
export function checkTokenForm(values: TokenFormValues): { body: ConnectShopifyTokenRequest } | { errors: TokenFormErrors } {
  const body: ConnectShopifyTokenRequest = {
    shopDomain: values.shopDomain,
    accessToken: values.accessToken,
    ...(values.apiSecretKey.trim() ? { apiSecretKey: values.apiSecretKey } : {}),
  };
  const parsed = ConnectShopifyTokenRequest.safeParse(body);
  if (parsed.success) return { body };
  const errors: TokenFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TokenFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
