import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TrainedModel } from '#contracts/models.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { paths } from '#web/lib/paths.ts';
import { useSetModelVisibility } from '../api/set-model-visibility.ts';
import { formatDate } from '#web/lib/format-date.ts';
import { typeLabels } from '../lib/model-types.ts';
import { modelsTexts } from '../texts.ts';
import { ModelTypeIcon } from './model-type-icon.tsx';
import { TestPrompt } from './test-prompt.tsx';
import { TriggerWord } from './trigger-word.tsx';

/** Router state /create/image reads to switch to Trained mode with this model selected. */
export interface EditorModelState {
  modelId: string;
}

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

const none = <span className="text-ink-400">{modelsTexts.none}</span>;

function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  return (
    <Badge tone={isPublic ? 'success' : 'neutral'} className="shrink-0">
      <svg viewBox="0 0 16 16" className="size-3" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
        {isPublic ? (
          <>
            <circle cx="8" cy="8" r="6" />
            <path d="M2 8h12M8 2c1.8 1.7 2.6 3.7 2.6 6S9.8 12.3 8 14C6.2 12.3 5.4 10.3 5.4 8S6.2 3.7 8 2Z" />
          </>
        ) : (
          <>
            <rect x="3" y="7" width="10" height="7" rx="1.5" />
            <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
          </>
        )}
      </svg>
      {isPublic ? modelsTexts.public : modelsTexts.private}
    </Badge>
  );
}

function VisibilityButton({ model, describedBy }: { model: TrainedModel; describedBy: string }) {
  const visibility = useSetModelVisibility();
  return (
    <Button
      variant="secondary"
      size="sm"
      className="flex-1"
      loading={visibility.isPending}
      aria-describedby={describedBy}
      onClick={() => visibility.mutate({ id: model.id, isPublic: !model.isPublic })}
    >
      {model.isPublic ? modelsTexts.makePrivate : modelsTexts.makePublic}
    </Button>
  );
}

/** One trained model: what it is, how to call it, and what you can do with it. */
export function ModelCard({ model }: { model: TrainedModel }) {
  const titleId = useId();
  const editorState: EditorModelState = { modelId: model.id };
  return (
    <article aria-labelledby={titleId} className="min-w-0">
      <Card className="flex h-full flex-col p-5">
        <div className="flex items-center gap-3">
          <ModelTypeIcon type={model.type} />
          <h2 id={titleId} className="min-w-0 flex-1 text-base leading-snug font-semibold break-words text-ink-900">
            {model.name}
          </h2>
          <VisibilityBadge isPublic={model.isPublic} />
        </div>

        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3.5 text-sm">
          <Fact label={modelsTexts.type}>
            <span className="font-medium text-ink-800">{typeLabels[model.type]}</span>
          </Fact>
          <Fact label={modelsTexts.created}>
            <time dateTime={model.createdAt} className="font-medium text-ink-800">
              {formatDate(model.createdAt)}
            </time>
          </Fact>
          <Fact label={modelsTexts.triggerWord} className="col-span-2">
            {model.triggerWord ? <TriggerWord word={model.triggerWord} /> : none}
          </Fact>
          <Fact label={modelsTexts.testPrompt} className="col-span-2">
            {model.testPrompt ? <TestPrompt text={model.testPrompt} /> : none}
          </Fact>
        </dl>

        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          {model.canEdit && <VisibilityButton model={model} describedBy={titleId} />}
          {/* Every model the list shows may be used in the editor (docs/product-rules.md#screens-and-access). */}
          <Link
            to={paths.createImage}
            state={editorState}
            aria-describedby={titleId}
            className={buttonStyles({ size: 'sm', className: 'flex-1' })}
          >
            {modelsTexts.openInEditor}
          </Link>
        </div>
      </Card>
    </article>
  );
}
