import {
  Check,
  ChevronDown,
  Download,
  FileOutput,
  Link2,
  Maximize2,
  Megaphone,
  PencilLine,
  Play,
  SlidersHorizontal,
  Tag,
  UploadCloud,
} from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { KlipCard as KlipCardData } from '#contracts/klips.ts';
import { cn } from '../../lib/cn.ts';
import { downloadFileName, downloadUrl } from '../../lib/klips/download-name.ts';
import { useKlipVote } from '../../lib/klips/use-klip-vote.ts';
import { useSetKlipVisibility } from '../../lib/klips/use-klip-edits.ts';
import { useCopyLink } from '../../lib/klips/use-copy-link.ts';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../../lib/session/me.ts';
import { currentWorkspace, workspacesQueryOptions } from '../../lib/workspaces/workspaces.ts';
import { Avatar } from '../ui/avatar.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Switch } from '../ui/switch.tsx';
import { toast } from '../ui/toast.tsx';
import { Tooltip } from '../ui/tooltip.tsx';
import { storeComponentTexts } from '#web/lib/texts.ts';
import { useConnectedStore } from '../stores/use-connected-store.ts';
import { KlipAttributes } from './klip-attributes.tsx';
import { KlipFullSizeDialog } from './klip-full-size-dialog.tsx';
import { KlipMedia } from './klip-media.tsx';
import { KlipPrompt } from './klip-prompt.tsx';
import { LocalPreviewBadge } from './local-preview-badge.tsx';
import { SignInInvite } from './sign-in-invite.tsx';
import { klipTexts, uiTexts } from '../../lib/texts.ts';
import { VoteButtons } from './vote-buttons.tsx';
import { adTexts, exportTexts } from '../../lib/texts.ts';

// What only a klip's owner or workspace can do loads when such a card is shown, never for a
// visitor of the collections, whose page then downloads none of it.
const KlipExportDialog = lazy(() => import('./klip-export-dialog.tsx').then((m) => ({ default: m.KlipExportDialog })));
const KlipAdDialog = lazy(() => import('./klip-ad-dialog.tsx').then((m) => ({ default: m.KlipAdDialog })));
const PublishDialog = lazy(() => import('../stores/publish-dialog.tsx').then((m) => ({ default: m.PublishDialog })));
// The tag editor checks a tag with the API's own schema, which loads zod: only once the tags are opened.
const KlipTags = lazy(() => import('./klip-tags.tsx').then((m) => ({ default: m.KlipTags })));

/** Router state /create/image reads to reopen a saved klip (src/web/features/image-studio/lib/location-state.ts). */
export interface SavedKlipState {
  savedKlip: { prompt: string; imageUrl: string; modelName: string; modelAttributes: KlipCardData['attributes']; klipId: string };
}

const actionStyles =
  'grid size-9 place-items-center rounded-full bg-white/95 text-ink-800 shadow-sm ring-1 ring-ink-900/10 transition-colors hover:bg-white hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

function Toggle({
  open,
  onToggle,
  controls,
  icon,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        open ? 'bg-brand-50 text-brand-800' : 'text-ink-600 hover:bg-ink-100 hover:text-ink-900',
      )}
    >
      {icon}
      {children}
      <ChevronDown className={cn('size-3.5 transition-transform', open && 'rotate-180')} aria-hidden="true" />
    </button>
  );
}

/**
 * One klip, the same on the dashboard, in the collection and in God Mode: the picture with its
 * actions on hover or keyboard focus (full size, download, share link, open in editor), the
 * prompt, the votes, tags, attributes and, for its owner, the public/private switch.
 */
export function KlipCard({
  klip,
  showCreator = false,
  creatorEmail,
  extraVotes,
  actions,
  eager = false,
}: {
  klip: KlipCardData;
  /** The grid's first card: its picture loads at once and first instead of lazily. */
  eager?: boolean;
  /** The collection names who made each klip. */
  showCreator?: boolean;
  /** God Mode shows whose klip it is by email, under the creator's name (implies showCreator). */
  creatorEmail?: string;
  /** Slot beside the four votes (God Mode's superlike). */
  extraVotes?: ReactNode;
  /** Slot at the end of the card's toolbar (God Mode's delete). */
  actions?: ReactNode;
}) {
  const promptId = useId();
  const tagsId = useId();
  const attributesId = useId();
  const visibilityId = useId();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const votes = useKlipVote(klip);
  const visibility = useSetKlipVisibility(klip);
  const link = useCopyLink(klip.id);
  const videoRef = useRef<HTMLVideoElement>(null);
  const articleRef = useRef<HTMLElement>(null);
  const [fullSize, setFullSize] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [adOpen, setAdOpen] = useState(false);
  const adButtonRef = useRef<HTMLButtonElement>(null);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [panel, setPanel] = useState<'tags' | 'attributes' | null>(null);
  const isVideo = klip.klipType === 'video';
  const creatorShown = showCreator || creatorEmail !== undefined;
  // Make ad: the owner's image klips, only where the current workspace's plan includes brand kits.
  // Asked only for such klips: visitors and other members never see the action (and the query needs a session).
  const mayMakeAds = klip.isOwner && !isVideo;
  const workspace = currentWorkspace(useQuery({ ...workspacesQueryOptions, enabled: mayMakeAds }).data);
  const adWorkspaceId = mayMakeAds && workspace?.entitlements.brandKits === true ? workspace.id : null;
  // Publish to store: the owner's image klips, only where the workspace's plan has store sync and a store is connected.
  const store = useConnectedStore(mayMakeAds);
  const [publishOpen, setPublishOpen] = useState(false);
  const publishButtonRef = useRef<HTMLButtonElement>(null);
  // The team library names the member who made each klip (the collection names the creator instead).
  const madeBy = creatorShown ? null : klip.madeBy;

  // A video plays while the pointer is over the card or the keyboard focus is inside it.
  useEffect(() => {
    const article = articleRef.current!;
    const play = () => {
      videoRef.current?.play().catch(() => {
        // A browser that refuses to autoplay keeps showing the poster.
      });
    };
    const pause = () => videoRef.current?.pause();
    const focusOut = (e: FocusEvent) => {
      if (!article.contains(e.relatedTarget as Node | null)) pause();
    };
    article.addEventListener('mouseenter', play);
    article.addEventListener('mouseleave', pause);
    article.addEventListener('focusin', play);
    article.addEventListener('focusout', focusOut);
    return () => {
      article.removeEventListener('mouseenter', play);
      article.removeEventListener('mouseleave', pause);
      article.removeEventListener('focusin', play);
      article.removeEventListener('focusout', focusOut);
    };
  }, []);

  function vote(type: Parameters<typeof votes.vote>[0]) {
    if (me === null) setInviteOpen(true);
    else if (me) void votes.vote(type);
  }

  async function copyLink() {
    if (!(await link.copy())) toast(klipTexts.copyFailed, 'error');
  }

  function openInEditor() {
    const state: SavedKlipState = {
      savedKlip: {
        prompt: klip.prompt,
        imageUrl: klip.imageUrl,
        modelName: klip.modelName,
        modelAttributes: klip.attributes,
        klipId: klip.id,
      },
    };
    void navigate(paths.createImage, { state });
  }

  return (
    <article
      ref={articleRef}
      aria-labelledby={promptId}
      className="group/card flex min-w-0 [contain-intrinsic-size:auto_32rem] [content-visibility:auto] flex-col overflow-hidden rounded-[var(--radius-card)] border border-ink-200/80 bg-white shadow-[var(--shadow-card)]"
    >
      <div className="relative aspect-square overflow-hidden bg-ink-100">
        <KlipMedia klip={klip} videoRef={videoRef} eager={eager} />
        <div className="pointer-events-none absolute top-2.5 left-2.5 flex gap-1.5">
          {isVideo && (
            <span className="inline-flex items-center gap-1 rounded-full bg-ink-950/75 px-2.5 py-1 text-xs font-semibold text-white">
              <Play className="size-3" fill="currentColor" aria-hidden="true" />
              {klipTexts.video}
            </span>
          )}
          {klip.source === 'local' && (
            <span className="pointer-events-auto">
              <LocalPreviewBadge />
            </span>
          )}
        </div>
        <div
          className={cn(
            'absolute top-2.5 right-2.5 flex flex-col gap-2 transition-opacity',
            'opacity-0 group-focus-within/card:opacity-100 group-hover/card:opacity-100 [@media(hover:none)]:opacity-100',
          )}
        >
          <Tooltip side="left" content={klipTexts.viewFullSize}>
            <button type="button" aria-label={klipTexts.viewFullSize} onClick={() => setFullSize(true)} className={actionStyles}>
              <Maximize2 className="size-4" aria-hidden="true" />
            </button>
          </Tooltip>
          <Tooltip side="left" content={klipTexts.download}>
            <a href={downloadUrl(klip)} download={downloadFileName(klip)} aria-label={klipTexts.download} className={actionStyles}>
              <Download className="size-4" aria-hidden="true" />
            </a>
          </Tooltip>
          <Tooltip side="left" content={klipTexts.copyLink}>
            <button type="button" aria-label={klipTexts.copyLink} onClick={() => void copyLink()} className={actionStyles}>
              {link.copied ? (
                <Check className="size-4 text-green-700" aria-hidden="true" />
              ) : (
                <Link2 className="size-4" aria-hidden="true" />
              )}
            </button>
          </Tooltip>
          {klip.isOwner && !isVideo && (
            <Tooltip side="left" content={klipTexts.openInEditor}>
              <button type="button" aria-label={klipTexts.openInEditor} onClick={openInEditor} className={actionStyles}>
                <PencilLine className="size-4" aria-hidden="true" />
              </button>
            </Tooltip>
          )}
          {klip.isOwner && !isVideo && (
            <Tooltip side="left" content={exportTexts.open}>
              <button type="button" aria-label={exportTexts.open} onClick={() => setExportOpen(true)} className={actionStyles}>
                <FileOutput className="size-4" aria-hidden="true" />
              </button>
            </Tooltip>
          )}
          {adWorkspaceId && (
            <Tooltip side="left" content={adTexts.open}>
              <button ref={adButtonRef} type="button" aria-label={adTexts.open} onClick={() => setAdOpen(true)} className={actionStyles}>
                <Megaphone className="size-4" aria-hidden="true" />
              </button>
            </Tooltip>
          )}
          {store && (
            <Tooltip side="left" content={storeComponentTexts.publishToStore}>
              <button
                ref={publishButtonRef}
                type="button"
                aria-label={storeComponentTexts.publishToStore}
                onClick={() => setPublishOpen(true)}
                className={actionStyles}
              >
                <UploadCloud className="size-4" aria-hidden="true" />
              </button>
            </Tooltip>
          )}
        </div>
        <p role="status" className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
          {link.copied && (
            <span className="rounded-full bg-ink-900/90 px-3 py-1 text-xs font-semibold text-white shadow">{klipTexts.linkCopied}</span>
          )}
        </p>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        {(creatorShown || madeBy || klip.canEdit) && (
          <div className="flex min-h-8 items-center gap-2">
            {madeBy && (
              <span className="min-w-0 truncate text-sm text-ink-600" data-testid="made-by">
                {klipTexts.madeBy(madeBy.displayName)}
              </span>
            )}
            {creatorShown && (
              <span className="flex min-w-0 items-center gap-2">
                <Avatar name={klip.creator.displayName} src={klip.creator.avatarUrl} size="sm" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-semibold text-ink-800">{klip.creator.displayName}</span>
                  {creatorEmail !== undefined && (
                    <span title={creatorEmail} className="truncate text-xs text-ink-500">
                      {creatorEmail}
                    </span>
                  )}
                </span>
              </span>
            )}
            {klip.canEdit && (
              <span className="ml-auto flex shrink-0 items-center gap-2">
                <label htmlFor={visibilityId} className="cursor-pointer text-sm font-medium text-ink-700 select-none">
                  {klipTexts.visibilityState(klip.isPublic)}
                </label>
                <Switch
                  id={visibilityId}
                  aria-label={klipTexts.visibilityName(klip.isPublic)}
                  checked={klip.isPublic}
                  disabled={visibility.isPending}
                  onCheckedChange={(isPublic) =>
                    visibility.mutate(isPublic, {
                      onSuccess: () => toast(isPublic ? klipTexts.nowPublic : klipTexts.nowPrivate, 'success'),
                      onError: () => toast(klipTexts.visibilityFailed, 'error'),
                    })
                  }
                />
              </span>
            )}
          </div>
        )}

        <KlipPrompt prompt={klip.prompt} id={promptId} />

        <div className="mt-auto flex flex-col gap-3">
          <VoteButtons counts={votes.counts} viewerVote={votes.viewerVote} onVote={vote} extra={extraVotes} />
          <div className="flex flex-wrap gap-1 border-t border-ink-100 pt-2">
            <Toggle
              open={panel === 'tags'}
              onToggle={() => setPanel(panel === 'tags' ? null : 'tags')}
              controls={tagsId}
              icon={<Tag className="size-4" aria-hidden="true" />}
            >
              {klipTexts.tags}
              {klip.tags.length > 0 && <span className="text-ink-500 tabular-nums">({klip.tags.length})</span>}
            </Toggle>
            <Toggle
              open={panel === 'attributes'}
              onToggle={() => setPanel(panel === 'attributes' ? null : 'attributes')}
              controls={attributesId}
              icon={<SlidersHorizontal className="size-4" aria-hidden="true" />}
            >
              {klipTexts.attributes}
            </Toggle>
            {actions && <div className="ml-auto flex items-center gap-1">{actions}</div>}
          </div>
          <div id={tagsId} hidden={panel !== 'tags'}>
            {panel === 'tags' && (
              <Suspense fallback={<Spinner size="sm" label={uiTexts.loading} />}>
                <KlipTags klip={klip} />
              </Suspense>
            )}
          </div>
          <div id={attributesId} hidden={panel !== 'attributes'}>
            {panel === 'attributes' && <KlipAttributes attributes={klip.attributes} />}
          </div>
        </div>
      </div>

      <KlipFullSizeDialog klip={klip} open={fullSize} onOpenChange={setFullSize} />
      <Suspense fallback={null}>
        {klip.isOwner && !isVideo && <KlipExportDialog klip={klip} open={exportOpen} onOpenChange={setExportOpen} />}
        {adWorkspaceId && (
          <KlipAdDialog klip={klip} workspaceId={adWorkspaceId} open={adOpen} onOpenChange={setAdOpen} returnFocusTo={adButtonRef} />
        )}
        {store && (
          <PublishDialog
            workspaceId={store.workspaceId}
            klipId={klip.id}
            open={publishOpen}
            onOpenChange={setPublishOpen}
            returnFocusTo={publishButtonRef}
          />
        )}
      </Suspense>
      <SignInInvite open={inviteOpen} onOpenChange={setInviteOpen} />
    </article>
  );
}
