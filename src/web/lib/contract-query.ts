import { partialMatchKey, queryOptions, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { Contract, ContractResponse, HttpMethod } from '#contracts/contract.ts';
import { callApi, type CallOptions } from './api-client.ts';

/** What a call sends besides its signal: path params, query string and body. */
export type ContractInput<C extends Contract> = Pick<CallOptions<C>, 'params' | 'query' | 'body'>;

/** `['api', method, path]`, then the input when there is one. */
export type ContractKey = readonly ['api', HttpMethod, string] | readonly ['api', HttpMethod, string, ContractInput<Contract>];

/**
 * The query key of a contract: `['api', method, path, input]` (no input: `['api', method, path]`).
 * The key without input is a prefix of every key of the contract, so it matches them all.
 */
export function contractKey<C extends Contract>(contract: C, input?: ContractInput<C>): ContractKey {
  return input === undefined ? ['api', contract.method, contract.path] : ['api', contract.method, contract.path, input];
}

/** Whether a query key belongs to the contract (any input). */
export function isContractKey(queryKey: QueryKey, contract: Contract): boolean {
  return partialMatchKey(queryKey, contractKey(contract));
}

export type ContractQueryExtra<C extends Contract, TCached, TData> = Omit<
  UseQueryOptions<NoInfer<TCached>, Error, TData, ContractKey>,
  'queryKey' | 'queryFn'
> & {
  /** Keeps only part of the answer in the cache (e.g. the session's `me`); default: the whole answer. */
  unwrap?: (response: ContractResponse<C>) => TCached;
};

/**
 * Query options for a GET contract: keyed by `contractKey(contract, input)`, fetched with `callApi`.
 * `extra` holds the rest (select, staleTime, gcTime, retry, placeholderData, …).
 */
export function contractQuery<C extends Contract, TCached = ContractResponse<C>, TData = TCached>(
  contract: C,
  input?: ContractInput<C>,
  extra: ContractQueryExtra<C, TCached, TData> = {},
) {
  const { unwrap, ...options } = extra;
  return queryOptions({
    ...options,
    queryKey: contractKey(contract, input),
    queryFn: async ({ signal }): Promise<TCached> => {
      const response = await callApi(contract, { ...input, signal });
      return unwrap ? unwrap(response) : (response as TCached);
    },
  });
}

/** Marks every cached query of the contract stale (whatever its input) and refetches the ones on screen. */
export function invalidateContract(queryClient: QueryClient, contract: Contract): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: contractKey(contract) });
}
