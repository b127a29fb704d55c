import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { Button, buttonStyles } from '../ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../ui/dialog.tsx';
import { klipTexts } from '../../lib/texts.ts';

/** What a visitor sees on clicking a vote: an invitation to sign in. */
export function SignInInvite({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={klipTexts.signInToVote} description={klipTexts.signInToVoteHint} size="sm">
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{klipTexts.notNow}</Button>
          </DialogClose>
          <Link to={paths.login} className={buttonStyles({ variant: 'primary' })}>
            {klipTexts.signIn}
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}
