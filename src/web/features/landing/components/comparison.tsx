import { LOWEST_PLAN_PRICE } from '../../../../contracts/plans.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Section } from './section.tsx';

// [what, traditional photo shoot, Klipt]
const rows = [
  ['Cost', 'Thousands per shoot', `From $${LOWEST_PLAN_PRICE}/month`],
  ['Turnaround', 'Weeks', 'Minutes'],
  ['Variations', 'A handful', 'Dozens'],
  ['Reshoots', 'Book again', 'One click'],
];

const row = 'border-t border-ink-100 *:p-3 sm:*:p-5';

export function Comparison() {
  return (
    <Section title="Why AI Crushes Traditional Shoots">
      <Card className="mx-auto max-w-3xl overflow-hidden text-left">
        <table className="-mt-px w-full text-sm sm:text-base">
          <thead>
            <tr className={row}>
              <td aria-hidden="true" />
              <th className="text-ink-500">Traditional shoot</th>
              <th className="bg-brand-50 text-brand-700">Klipt</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([what, shoot, klipt]) => (
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
