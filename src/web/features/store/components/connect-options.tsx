import type { StoreStatus } from '#contracts/stores.ts';
import { Card } from '#web/components/ui/card.tsx';
import { storeTexts } from '../texts.ts';
import { DemoConnectCard } from './demo-connect-card.tsx';
import { OAuthConnectCard } from './oauth-connect-card.tsx';
import { TokenConnectCard } from './token-connect-card.tsx';

/** No store yet: the ways to connect this server offers, or, for members who cannot, who can. */
export function ConnectOptions({ workspaceId, status }: { workspaceId: string; status: StoreStatus }) {
  if (!status.canManage)
    return (
      <Card className="flex flex-col gap-2 p-5 sm:p-6" data-testid="store-read-only">
        <h2 className="text-lg font-semibold text-ink-900">{storeTexts.readOnlyTitle}</h2>
        <p className="text-sm text-ink-700">{storeTexts.readOnlyBody}</p>
      </Card>
    );
  return (
    <section aria-labelledby="store-connect-title" className="flex flex-col gap-4">
      <div>
        <h2 id="store-connect-title" className="text-lg font-semibold text-ink-900">
          {storeTexts.connectTitle}
        </h2>
        <p className="mt-0.5 text-sm text-ink-600">{storeTexts.connectIntro}</p>
      </div>
      {status.demoAvailable && <DemoConnectCard workspaceId={workspaceId} />}
      <div className="grid gap-4 lg:grid-cols-2">
        {status.oauthAvailable && <OAuthConnectCard workspaceId={workspaceId} />}
        <TokenConnectCard workspaceId={workspaceId} />
      </div>
    </section>
  );
}
