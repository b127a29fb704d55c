import type { KlipAttribute } from '#contracts/klips.ts';
import type { z } from 'zod';
import { attributeLabel } from './attribute-label.ts';
import { klipTexts } from '../../lib/texts.ts';

/** The settings the klip was made with (model settings, aspect ratio, seed…). */
export function KlipAttributes({ attributes }: { attributes: Array<z.infer<typeof KlipAttribute>> }) {
  if (attributes.length === 0) return <p className="text-sm text-ink-500">{klipTexts.noAttributes}</p>;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
      {attributes.map((a) => (
        <div key={a.name} className="contents">
          <dt className="font-medium text-ink-500">{attributeLabel(a.name)}</dt>
          <dd className="break-words text-ink-800">{a.value}</dd>
        </div>
      ))}
    </dl>
  );
}
