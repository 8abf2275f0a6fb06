import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/Button';

interface Props {
  /** Zero-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
  text: { page: string; previous: string; next: string };
}

/** Previous / next over server pages, with "page x of y" announced. */
export function Pager({ page, pages, onPage, label, text }: Props) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        {text.previous}
      </Button>
      <span aria-live="polite" className="text-sm text-muted">
        {text.page}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        {text.next}
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
