import { Link } from 'react-router';
import { entitlementMessages } from '#contracts/entitlements.ts';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { paths } from '#web/lib/paths.ts';
import { brandKitTexts } from '../texts.ts';

/** Shown instead of the kits when the workspace's plan has no brand kits: which plan has them, and the way there. */
export function UpgradePanel() {
  return (
    <Card className="flex flex-col items-start gap-3 p-5 sm:p-6" data-testid="brand-kits-upgrade">
      <h2 className="text-lg font-semibold text-ink-900">{brandKitTexts.upgradeTitle}</h2>
      <p className="text-sm text-ink-700">{entitlementMessages.planRequired('brandKits')}</p>
      <Link to={paths.buyCredits} className={buttonStyles({ variant: 'primary', size: 'md', className: 'mt-1' })}>
        {brandKitTexts.upgradeLink}
      </Link>
    </Card>
  );
}
