import { Link } from 'react-router';
import { entitlementFeatures } from '#contracts/entitlements.ts';
import { Logo } from '../brand/logo.tsx';
import { Avatar } from '../ui/avatar.tsx';
import { buttonStyles } from '../ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../../lib/session/me.ts';
import { useSettings } from '../../lib/settings.ts';
import { useSignOut } from '../../lib/session/sign-out.ts';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';
import { appHeaderTexts } from '../../lib/texts.ts';

function CreditBadge({ credits }: { credits: number }) {
  return (
    <Link
      to={paths.credits}
      className="inline-flex h-9 items-center gap-1.5 rounded-full bg-brand-50 px-3 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 transition-colors ring-inset hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      aria-label={appHeaderTexts.creditsAvailable(credits)}
      title={appHeaderTexts.creditHistory}
      data-testid="credit-badge"
    >
      <svg viewBox="0 0 20 20" className="size-4 text-brand-600" aria-hidden="true">
        <circle cx="10" cy="10" r="8" fill="currentColor" opacity="0.2" />
        <path
          d="M10 5v10M7 7.5h4.5a1.75 1.75 0 0 1 0 3.5H8.5a1.75 1.75 0 0 0 0 3.5H13"
          stroke="currentColor"
          strokeWidth="1.6"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      {credits}
      <span className="hidden sm:inline">{appHeaderTexts.creditsSuffix}</span>
    </Link>
  );
}

/** The signed-in header of every app page: the workspace switcher, credits, Modify Plan, and the user menu (profile, brand kits, store, API & webhooks). */
export function AppHeader() {
  const { data: me } = useMe();
  const signOut = useSignOut();
  const { data: settings } = useSettings();
  if (!me) return null;
  const name = me.profile.displayName;
  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Link to={paths.dashboard} aria-label={appHeaderTexts.dashboard} className="shrink-0 rounded-lg">
          <Logo compact />
        </Link>
        <div className="mr-auto flex min-w-0">
          <WorkspaceSwitcher />
        </div>
        <CreditBadge credits={me.credits} />
        {settings?.billingMode !== 'off' && (
          <Link to={paths.buyCredits} className={buttonStyles({ variant: 'primary', size: 'sm' })}>
            {appHeaderTexts.modifyPlan}
          </Link>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger
            className="flex items-center gap-2 rounded-full p-0.5 pr-0.5 focus-visible:outline-2 focus-visible:outline-brand-500 sm:pr-2"
            aria-label={appHeaderTexts.accountMenu(name)}
          >
            <Avatar name={name} src={me.profile.avatarUrl} />
            <span className="hidden max-w-32 truncate text-sm font-semibold text-ink-800 md:inline">{name}</span>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuLabel>
              <span className="block truncate text-sm font-semibold text-ink-900">{name}</span>
              <span className="block truncate">{me.user.email}</span>
              {me.isSuperAdmin && (
                <span className="mt-1.5 inline-flex rounded-full bg-deal-400 px-2 py-0.5 text-[11px] font-bold text-ink-950">
                  {appHeaderTexts.superAdmin}
                </span>
              )}
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {me.isSuperAdmin && (
              <DropdownMenuItem asChild>
                <Link to={paths.superAdmin}>{appHeaderTexts.godMode}</Link>
              </DropdownMenuItem>
            )}
            <DropdownMenuItem asChild>
              <Link to={paths.profile}>{appHeaderTexts.editProfile}</Link>
            </DropdownMenuItem>
            {entitlementFeatures.brandKits.available && (
              <DropdownMenuItem asChild>
                <Link to={paths.brandKits}>{appHeaderTexts.brandKits}</Link>
              </DropdownMenuItem>
            )}
            {entitlementFeatures.storeConnections.available && (
              <DropdownMenuItem asChild>
                <Link to={paths.store}>{appHeaderTexts.store}</Link>
              </DropdownMenuItem>
            )}
            {entitlementFeatures.apiAccess.available && (
              <DropdownMenuItem asChild>
                <Link to={paths.developers}>{appHeaderTexts.developers}</Link>
              </DropdownMenuItem>
            )}
            <DropdownMenuSeparator />
            <DropdownMenuItem
              onSelect={(event) => {
                event.preventDefault();
                signOut.mutate();
              }}
              disabled={signOut.isPending}
            >
              {signOut.isPending && <Spinner size="sm" />}
              {appHeaderTexts.signOut}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
