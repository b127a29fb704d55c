import { shellTexts } from '../../lib/texts.ts';
import { Link } from 'react-router';
import type { CreditHistoryEntry } from '#contracts/credits-api.ts';
import type { CreditTransactionType } from '#contracts/credits.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { userMessage } from '../../lib/api-errors.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate } from '../../lib/format-date.ts';
import { BackLink } from '../../components/layout/back-link.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { paths } from '../../lib/paths.ts';
import { useCreditHistory } from './api/billing.ts';
import { billingTexts } from './texts.ts';

const kindTones: Record<CreditTransactionType, BadgeTone> = {
  grant: 'brand',
  purchase: 'success',
  usage: 'neutral',
  refund: 'warning',
  adjustment: 'neutral',
};

const signed = (n: number) => (n > 0 ? `+${n.toLocaleString('en-US')}` : `−${Math.abs(n).toLocaleString('en-US')}`);

function Entry({ entry }: { entry: CreditHistoryEntry }) {
  return (
    <li
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-3.5 sm:grid-cols-[9rem_7rem_1fr_6rem_6rem] sm:items-center sm:px-6"
      data-testid="credit-entry"
    >
      <span className="order-3 text-xs text-ink-500 sm:order-none sm:text-sm sm:text-ink-600">
        <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, 'dateTime')}</time>
      </span>
      <span className="order-1 flex flex-wrap items-center gap-1.5 sm:order-none">
        <Badge tone={kindTones[entry.type]}>{billingTexts.transactionLabels[entry.type]}</Badge>
        {entry.refunded && (
          <Badge tone="warning" className="sm:hidden">
            {billingTexts.refunded}
          </Badge>
        )}
      </span>
      <span className="order-4 col-span-2 min-w-0 text-sm text-ink-800 sm:order-none sm:col-span-1">
        <span className={cn(entry.refunded && 'text-ink-500 line-through decoration-ink-300')}>{entry.description ?? '—'}</span>
        {entry.member !== null && (
          <span className="block text-xs text-ink-500" data-testid="credit-member">
            {billingTexts.byMember(entry.member)}
          </span>
        )}
        {entry.refunded && (
          <Badge tone="warning" className="ml-2 hidden sm:inline-flex">
            {billingTexts.refunded}
          </Badge>
        )}
      </span>
      <span
        className={cn(
          'order-2 text-right text-sm font-semibold tabular-nums sm:order-none',
          entry.amount > 0 ? 'text-green-700' : 'text-ink-900',
        )}
      >
        <span className="sr-only">{billingTexts.columns.amount} </span>
        {signed(entry.amount)}
      </span>
      <span className="order-5 text-right text-xs text-ink-500 tabular-nums sm:order-none sm:text-sm sm:text-ink-700">
        <span className="sm:sr-only">{billingTexts.columns.balance} </span>
        {entry.balanceAfter.toLocaleString('en-US')}
      </span>
    </li>
  );
}

/** /credits: every credit that came and went, newest first, with the balance after each. */
export default function CreditHistoryPage() {
  const history = useCreditHistory();
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  const balance = history.data?.pages[0]?.balance;

  let body;
  if (history.isPending) {
    body = (
      <ul aria-hidden="true" className="divide-y divide-ink-100">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="flex gap-4 px-6 py-4">
            <div className="h-4 w-28 animate-pulse rounded bg-ink-100" />
            <div className="h-4 flex-1 animate-pulse rounded bg-ink-100" />
          </li>
        ))}
      </ul>
    );
  } else if (history.isError && entries.length === 0) {
    body = <LoadError title={billingTexts.historyLoadFailed} query={history} className="p-6" />;
  } else if (entries.length === 0) {
    body = <p className="p-8 text-center text-ink-600">{billingTexts.historyEmpty}</p>;
  } else {
    body = (
      <>
        <div
          aria-hidden="true"
          className="hidden grid-cols-[9rem_7rem_1fr_6rem_6rem] gap-x-4 border-b border-ink-100 px-6 py-3 text-xs font-semibold tracking-wide text-ink-500 uppercase sm:grid"
        >
          <span>{billingTexts.columns.date}</span>
          <span>{billingTexts.columns.kind}</span>
          <span>{billingTexts.columns.description}</span>
          <span className="text-right">{billingTexts.columns.amount}</span>
          <span className="text-right">{billingTexts.columns.balance}</span>
        </div>
        <ul aria-label={billingTexts.historyTitle} className="divide-y divide-ink-100">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
        {history.hasNextPage && (
          <div className="border-t border-ink-100 p-4 text-center">
            <Button variant="secondary" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              {billingTexts.loadMore}
            </Button>
          </div>
        )}
        {history.isFetchNextPageError && (
          <Alert tone="error" className="m-4">
            {userMessage(history.error)}
          </Alert>
        )}
      </>
    );
  }

  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{shellTexts.pageTitle(billingTexts.historyTitle)}</title>
      <BackLink />
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{billingTexts.historyTitle}</h1>
          <p className="mt-1 text-ink-600">{balance === undefined ? billingTexts.historyIntro : billingTexts.youHave(balance)}</p>
        </div>
        <Link to={paths.buyCredits} className={buttonStyles({ variant: 'primary' })}>
          {billingTexts.buyCredits}
        </Link>
      </div>
      <Card className="mt-6 overflow-hidden">{body}</Card>
    </main>
  );
}
