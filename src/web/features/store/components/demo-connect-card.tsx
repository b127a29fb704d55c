import { FlaskConical } from 'lucide-react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useConnectDemoStore } from '../api/connect-demo-store.ts';
import { storeTexts } from '../texts.ts';
import { OptionHeading } from './option-heading.tsx';

/** 'Try the demo store': Klipt's built-in sandbox store, clearly a demo. */
export function DemoConnectCard({ workspaceId }: { workspaceId: string }) {
  const connect = useConnectDemoStore(workspaceId);
  return (
    <Card className="flex flex-col gap-4 border-dashed border-brand-300 bg-brand-50/40 p-5 sm:p-6" data-testid="connect-demo">
      <OptionHeading
        icon={<FlaskConical className="size-5" />}
        title={storeTexts.demoTitle}
        body={storeTexts.demoBody}
        badge={<Badge tone="brand">{storeTexts.demoBadge}</Badge>}
      />
      {connect.error && (
        <Alert tone="error" title={storeTexts.connectFailed}>
          {userMessage(connect.error)}
        </Alert>
      )}
      <Button
        className="self-start"
        loading={connect.isPending}
        onClick={() => connect.mutate(undefined, { onSuccess: () => toast(storeTexts.demoConnected, 'success') })}
      >
        {storeTexts.demoButton}
      </Button>
    </Card>
  );
}
