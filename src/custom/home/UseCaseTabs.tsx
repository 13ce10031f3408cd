import { useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n/useT';

const TABS = ['finance', 'hr', 'it', 'operations'] as const;

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs. */
export const UseCaseTabs = () => {
  const t = useT();
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const next = (index + TABS.length) % TABS.length;
    setActive(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      select(moves[e.key]);
    }
  };

  const key = TABS[active];
  return (
    <section className="home-section" aria-labelledby="usecases-title">
      <h2 id="usecases-title">{t('rpa.home.useCases.title')}</h2>
      <div role="tablist" aria-label={t('rpa.home.useCases.label')} className="home-tabs" onKeyDown={onKeyDown}>
        {TABS.map((tab, i) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`usecase-tab-${tab}`}
            aria-selected={i === active}
            aria-controls={`usecase-panel-${tab}`}
            tabIndex={i === active ? 0 : -1}
            className="home-tab"
            onClick={() => setActive(i)}
          >
            {t(`rpa.home.useCases.${tab}.label`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`usecase-panel-${key}`} aria-labelledby={`usecase-tab-${key}`} className="home-tabpanel">
        <h3>{t(`rpa.home.useCases.${key}.title`)}</h3>
        <p>{t(`rpa.home.useCases.${key}.text`)}</p>
      </div>
    </section>
  );
};
