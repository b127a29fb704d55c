import { Link, useNavigate, useParams } from 'react-router';
import { workspaceMessages, type InvitationPreview } from '#contracts/workspaces.ts';
import { PublicShell } from '../../components/layout/public-shell.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { userMessage } from '../../lib/api-errors.ts';
import { paths } from '../../lib/paths.ts';
import { loginPath } from '../../lib/return-to.ts';
import { useMe } from '../../lib/session/me.ts';
import { useSignOut } from '../../lib/session/sign-out.ts';
import { shellTexts, workspaceTexts } from '../../lib/texts.ts';
import { useAcceptInvitation, useInvitation } from './api/teams.ts';
import { teamTexts } from './texts.ts';

/** Why an invitation can no longer be accepted, in the server's words. */
const closedMessages: Record<Exclude<InvitationPreview['status'], 'open'>, string> = {
  expired: workspaceMessages.invitationExpired,
  accepted: workspaceMessages.invitationUsed,
  revoked: workspaceMessages.invitationRevoked,
};

/**
 * /invitations/:token, the emailed link (public): the team, who invited and as what. Signed in with
 * the invited address: Accept (the team becomes the current workspace) and on to the dashboard.
 * Signed out: sign in, or create the account, and come back here. Another account, or a link that
 * expired, was used or was withdrawn: the reason.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);

  let body;
  if (invitation.isPending) body = <PageSpinner label={teamTexts.loadingInvitation} />;
  else if (invitation.isError) body = <InvitationFailed error={invitation.error} />;
  else body = <Invitation token={token} preview={invitation.data} />;

  return (
    <PublicShell>
      <main className="mx-auto w-full max-w-lg px-4 py-10 sm:px-6">
        <title>{shellTexts.pageTitle(teamTexts.invitationPage)}</title>
        {body}
      </main>
    </PublicShell>
  );
}

/** A link that is not valid (or did not load): the reason, what to do, and a way on into Klipt. */
function InvitationFailed({ error }: { error: unknown }) {
  const signedIn = Boolean(useMe().data);
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert tone="error" title={teamTexts.invitationFailed} className="w-full">
        {userMessage(error)} {teamTexts.askForNewLink}
      </Alert>
      <Link to={signedIn ? paths.dashboard : paths.home} className={buttonStyles({ variant: 'secondary' })}>
        {signedIn ? shellTexts.backToDashboard : teamTexts.goToKlipt}
      </Link>
    </div>
  );
}

function Invitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const role = workspaceTexts.roles[preview.role];
  return (
    <Card className="flex flex-col items-center gap-4 p-6 text-center sm:p-8" data-testid="invitation-card">
      <Avatar name={preview.workspaceName} src={preview.workspaceAvatarUrl} size="lg" />
      <h1 className="text-2xl font-bold tracking-tight break-words text-ink-900">{teamTexts.joinTitle(preview.workspaceName)}</h1>
      <p className="text-ink-700">
        {preview.invitedBy ? teamTexts.invitedBy(preview.invitedBy, role) : teamTexts.invitedAnonymously(role)}
      </p>
      {preview.status === 'open' ? (
        <OpenInvitation token={token} preview={preview} />
      ) : (
        <>
          <Alert tone="info" className="w-full text-left">
            {closedMessages[preview.status]}
          </Alert>
          <Link to={paths.dashboard} className="text-sm font-semibold text-brand-700 hover:text-brand-800">
            {teamTexts.goToDashboard}
          </Link>
        </>
      )}
    </Card>
  );
}

function OpenInvitation({ token, preview }: { token: string; preview: InvitationPreview }) {
  const me = useMe();
  const accept = useAcceptInvitation(token);
  const navigate = useNavigate();
  const here = paths.invitation(token);
  const signOut = useSignOut(loginPath(paths.login, here));

  if (me.isPending) return <PageSpinner />;
  if (!me.data) {
    return (
      <div className="flex w-full flex-col gap-3">
        <p className="text-sm text-ink-600">{teamTexts.invitationFor(preview.email)}</p>
        {preview.hasAccount ? (
          <Link to={loginPath(paths.login, here)} className={buttonStyles({ size: 'lg', className: 'w-full' })}>
            {teamTexts.signInToAccept}
          </Link>
        ) : (
          <Link to={loginPath(paths.login, here, preview.email)} className={buttonStyles({ size: 'lg', className: 'w-full' })}>
            {teamTexts.createAccountToAccept}
          </Link>
        )}
      </div>
    );
  }

  const wrongAccount = me.data.user.email.toLowerCase() !== preview.email.toLowerCase();
  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: (team) => {
        toast(teamTexts.joined(team.name), 'success');
        void navigate(paths.dashboard, { replace: true });
      },
    });

  return (
    <div className="flex w-full flex-col gap-3">
      <p className="text-sm text-ink-600">{teamTexts.signedInAs(me.data.user.email)}</p>
      {wrongAccount ? (
        <Alert tone="error" className="text-left">
          {workspaceMessages.invitationWrongEmail(preview.email)}
        </Alert>
      ) : (
        <>
          {accept.error && (
            <Alert tone="error" className="text-left">
              {userMessage(accept.error)}
            </Alert>
          )}
          <Button size="lg" className="w-full" loading={accept.isPending} onClick={onAccept}>
            {accept.isPending ? teamTexts.accepting : teamTexts.accept}
          </Button>
        </>
      )}
      {wrongAccount && (
        <Button variant="secondary" loading={signOut.isPending} onClick={() => signOut.mutate()}>
          {teamTexts.switchAccount}
        </Button>
      )}
    </div>
  );
}
