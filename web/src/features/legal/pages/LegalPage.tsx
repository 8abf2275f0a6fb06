import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/PageTitle';

export type LegalDoc = 'about' | 'terms' | 'privacy';

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

interface LegalContent {
  title: string;
  updated?: string;
  intro?: string;
  sections: LegalSection[];
}

/** legal.json may be missing or partly written; take only what has the expected shape. */
function readContent(value: unknown): LegalContent | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<LegalContent>;
  if (typeof v.title !== 'string') return null;
  const sections = Array.isArray(v.sections)
    ? v.sections.filter((s): s is LegalSection => typeof s?.heading === 'string' && Array.isArray(s.paragraphs))
    : [];
  return {
    title: v.title,
    updated: typeof v.updated === 'string' ? v.updated : undefined,
    intro: typeof v.intro === 'string' ? v.intro : undefined,
    sections,
  };
}

const PAGE_TITLE_KEYS: Record<LegalDoc, string> = { about: 'pages.about', terms: 'pages.terms', privacy: 'pages.privacy' };

/** /about, /terms and /privacy, rendered from the `legal` namespace. */
export default function LegalPage({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation('legal');
  const { t: tc } = useTranslation();
  const content = readContent(t(doc, { returnObjects: true }));

  if (!content) {
    return (
      <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <PageTitle title={tc(PAGE_TITLE_KEYS[doc])} />
        <p className="mt-6 text-lg text-muted">{tc('legalPage.unavailable')}</p>
      </article>
    );
  }

  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <header className="border-b border-border pb-8">
        <PageTitle title={content.title} />
        {content.updated && <p className="mt-3 text-sm text-muted">{content.updated}</p>}
        {content.intro && <p className="mt-6 text-lg leading-relaxed text-fg">{content.intro}</p>}
      </header>
      <div className="mt-10 space-y-10">
        {content.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-xl font-semibold text-fg">{section.heading}</h2>
            <div className="mt-3 space-y-3">
              {section.paragraphs.map((p, i) => (
                <p key={i} className="leading-relaxed text-muted">
                  {p}
                </p>
              ))}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
