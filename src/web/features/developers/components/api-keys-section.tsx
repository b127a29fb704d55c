import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { apiKeyScopeInfo, type ApiKey } from '#contracts/api-keys.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { LoadError } from '#web/components/ui/load-error.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { cn } from '#web/lib/cn.ts';
import { useApiKeys } from '../api/list-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import { isPast, when } from '../lib/dates.ts';
import { developerTexts } from '../texts.ts';
import { CreateKeyDialog } from './create-key-dialog.tsx';
import { SectionSpinner } from './developers-gate.tsx';
import { DocsLinks } from './docs-links.tsx';

/** The secret's start as lists show it: `klipt_sk_Ab3x…`. */
export function shownPrefix(prefix: string): string {
  return `${prefix}…`;
}

/** The workspace's API keys: create (the secret shown once), the list, revoke. */
export function ApiKeysSection({ workspaceId }: { workspaceId: string }) {
  const keys = useApiKeys(workspaceId);
  const revoke = useRevokeApiKey(workspaceId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  let body;
  if (keys.isError) body = <LoadError title={developerTexts.keysLoadFailed} query={keys} />;
  else if (!keys.data) body = <SectionSpinner label={developerTexts.loading} />;
  else if (keys.data.keys.length === 0)
    body = (
      <Card className="flex flex-col items-center gap-3 px-5 py-10 text-center sm:px-6" data-testid="api-keys-empty">
        <h3 className="text-lg font-semibold text-ink-900">{developerTexts.keysEmptyTitle}</h3>
        <p className="max-w-md text-sm text-ink-600">{developerTexts.keysEmptyText}</p>
        <DocsLinks className="mt-1" landmark={false} />
      </Card>
    );
  else
    body = (
      <ul className="flex flex-col gap-3" aria-label={developerTexts.keysOf} data-testid="api-keys">
        {keys.data.keys.map((key) => (
          <KeyRow
            key={key.id}
            apiKey={key}
            onRevoke={(opener) => {
              revoke.reset();
              returnFocus.current = opener;
              setRevoking(key);
            }}
          />
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="api-keys-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="api-keys-heading" className="text-xl font-semibold text-ink-900">
            {developerTexts.keysHeading}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-ink-600">{developerTexts.keysIntro}</p>
        </div>
        <Button ref={createButton} onClick={() => setCreating(true)} className="self-start sm:self-auto">
          <Plus className="size-4" aria-hidden="true" />
          {developerTexts.createKey}
        </Button>
      </div>
      {body}
      <CreateKeyDialog workspaceId={workspaceId} open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={developerTexts.revokeTitle(revoking?.name ?? '')}
        description={developerTexts.revokeIntro}
        confirmLabel={developerTexts.revokeConfirm}
        tone="danger"
        pending={revoke.isPending}
        error={revoke.error}
        errorTitle={developerTexts.actionFailed}
        returnFocusTo={returnFocus}
        onConfirm={() => {
          if (!revoking) return;
          const { id, name } = revoking;
          revoke.mutate(id, {
            onSuccess: () => {
              // The key stays listed (revoked), without its Revoke button: focus goes to Create.
              returnFocus.current = createButton.current;
              setRevoking(null);
              toast(developerTexts.revoked(name), 'success');
            },
          });
        }}
      />
    </section>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (opener: HTMLElement) => void }) {
  const revoked = apiKey.revokedAt !== null;
  const expired = !revoked && isPast(apiKey.expiresAt);
  const inactive = revoked || expired;
  const titleId = `api-key-${apiKey.id}`;
  return (
    <li>
      <Card
        role="group"
        aria-labelledby={titleId}
        data-testid="api-key"
        className={cn('flex flex-col gap-3 p-4 sm:p-5 md:flex-row md:items-start md:justify-between', inactive && 'bg-ink-50 shadow-none')}
      >
        <div className={cn('flex min-w-0 flex-col gap-2', inactive && 'opacity-70')}>
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="min-w-0 font-semibold break-words text-ink-900">
              {apiKey.name}
            </h3>
            {revoked && <Badge tone="neutral">{developerTexts.revokedBadge}</Badge>}
            {expired && <Badge tone="warning">{developerTexts.expiredBadge}</Badge>}
          </div>
          <code className="w-fit rounded-md bg-ink-100 px-2 py-0.5 font-mono text-[13px] break-all text-ink-800">
            {shownPrefix(apiKey.prefix)}
          </code>
          <ul className="flex flex-wrap gap-1.5" aria-label={developerTexts.scopesOf(apiKey.name)}>
            {apiKey.scopes.map((scope) => (
              <li key={scope}>
                <Badge tone="brand" title={apiKeyScopeInfo[scope].description}>
                  {apiKeyScopeInfo[scope].label}
                </Badge>
              </li>
            ))}
          </ul>
          <ul className="flex flex-col gap-0.5 text-xs text-ink-600">
            <li>{developerTexts.created(when(apiKey.createdAt), apiKey.createdBy?.name ?? null)}</li>
            <li>
              {apiKey.lastUsedAt
                ? developerTexts.lastUsed(when(apiKey.lastUsedAt, 'dateTime'), apiKey.lastUsedIp)
                : developerTexts.neverUsed}
            </li>
            <li>
              {revoked
                ? developerTexts.revokedOn(when(apiKey.revokedAt!))
                : apiKey.expiresAt === null
                  ? developerTexts.neverExpires
                  : expired
                    ? developerTexts.expired(when(apiKey.expiresAt))
                    : developerTexts.expires(when(apiKey.expiresAt))}
            </li>
          </ul>
        </div>
        {!revoked && (
          <Button
            variant="ghost"
            size="sm"
            className="self-start text-danger-700 hover:bg-danger-50"
            aria-label={developerTexts.revokeKey(apiKey.name)}
            onClick={(event) => onRevoke(event.currentTarget)}
          >
            {developerTexts.revoke}
          </Button>
        )}
      </Card>
    </li>
  );
}
