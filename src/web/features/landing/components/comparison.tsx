import { Card } from '#web/components/ui/card.tsx';
import { Section } from './section.tsx';
import { landingTexts } from '../texts.ts';

const row = 'border-t border-ink-100 *:p-3 sm:*:p-5';

export function Comparison() {
  return (
    <Section title={landingTexts.comparison.title}>
      <Card className="mx-auto max-w-3xl overflow-hidden text-left">
        <table className="-mt-px w-full text-sm sm:text-base">
          <thead>
            <tr className={row}>
              <td aria-hidden="true" />
              <th className="text-ink-500">{landingTexts.comparison.traditional}</th>
              <th className="bg-brand-50 text-brand-700">{landingTexts.comparison.klipt}</th>
            </tr>
          </thead>
          <tbody>
            {landingTexts.comparison.rows.map(([what, shoot, klipt]) => (
              <tr key={what} className={row}>
                <th scope="row">{what}</th>
                <td className="text-ink-500">{shoot}</td>
                <td className="bg-brand-50 font-semibold">{klipt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </Section>
  );
}
