import { useParams } from 'react-router';
import { workspaceMessages } from '#contracts/workspaces.ts';
import { BackLink } from '../../components/layout/back-link.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useMe } from '../../lib/session/me.ts';
import { shellTexts } from '../../lib/texts.ts';
import { useTeam } from './api/teams.ts';
import { ApiAccessLink } from './components/api-access-link.tsx';
import { InviteArea, PendingInvitations } from './components/invitations.tsx';
import { MembersList } from './components/members-list.tsx';
import { MovePlan } from './components/move-plan.tsx';
import { OwnerActions } from './components/owner-actions.tsx';
import { TeamProfile } from './components/team-profile.tsx';
import { teamTexts } from './texts.ts';

/** /teams/:workspaceId: a team's name, avatar, plan and seats, members, invitations, and the owner's actions. */
export default function TeamSettingsPage() {
  const { workspaceId = '' } = useParams();
  const team = useTeam(workspaceId);
  const { data: me } = useMe();

  let body;
  if (team.isPending || !me) {
    body = <PageSpinner label={teamTexts.loading} />;
  } else if (team.isError) {
    body = <LoadError title={teamTexts.loadFailed} query={team} />;
  } else if (team.data.kind === 'personal') {
    body = (
      <Alert tone="info" title={teamTexts.personalTitle}>
        {workspaceMessages.personalWorkspace}
      </Alert>
    );
  } else {
    const t = team.data;
    const canManage = t.role === 'owner' || t.role === 'admin';
    body = (
      <div className="flex flex-col gap-6">
        <Card className="flex flex-col gap-6 p-5 sm:p-6">
          <TeamProfile team={t} canManage={canManage} />
          <MovePlan team={t} />
        </Card>
        <Card className="flex flex-col gap-8 p-5 sm:p-6">
          <MembersList team={t} meId={me.user.id} canManage={canManage} />
          <PendingInvitations team={t} canManage={canManage} />
          <InviteArea team={t} canManage={canManage} />
        </Card>
        <ApiAccessLink team={t} isSuperAdmin={me.isSuperAdmin} />
        {t.role === 'owner' && <OwnerActions team={t} meId={me.user.id} />}
      </div>
    );
  }

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{shellTexts.pageTitle(team.data?.name ?? teamTexts.settingsPage)}</title>
      <BackLink />
      <h1 className="mt-4 text-2xl font-bold tracking-tight break-words text-ink-900 sm:text-3xl">
        {team.data && team.data.kind === 'team' ? team.data.name : teamTexts.settingsPage}
      </h1>
      <div className="mt-6">{body}</div>
    </main>
  );
}
