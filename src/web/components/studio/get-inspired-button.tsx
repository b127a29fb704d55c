import { Lightbulb } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { inspirationTexts } from '../../lib/texts.ts';

/** Opens an inspiration gallery: beside the prompt heading of the image editor and the batch page. */
export function GetInspiredButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} className="-mr-2 text-brand-700">
      <Lightbulb className="size-4" aria-hidden="true" />
      {inspirationTexts.getInspired}
    </Button>
  );
}
