import type { MouseEvent } from 'react';
import { navigateTo } from '../../app/navigation';
import { useT } from '../i18n/useT';

const BENEFITS = ['speed', 'accuracy', 'scale', 'control'] as const;
const TESTIMONIALS = ['first', 'second', 'third'] as const;

/** A real link (it can be opened in a new tab) that stays in the app when simply clicked. */
const toLogin = (event: MouseEvent<HTMLAnchorElement>) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigateTo('/login');
};

/** The first screen says what the product does and what to do next: ask for a demo, or sign in. */
export const Hero = ({ onRequestDemo }: { onRequestDemo: () => void }) => {
  const t = useT();
  return (
    <section className="home-hero">
      <h1>{t('rpa.home.hero.title')}</h1>
      <p>{t('rpa.home.hero.subtitle')}</p>
      <div className="home-hero-actions">
        <button type="button" className="home-btn home-btn--hero" onClick={onRequestDemo}>
          {t('rpa.home.hero.requestDemo')}
        </button>
        <a className="home-hero-login" href="/login" onClick={toLogin}>
          {t('rpa.home.hero.signIn')}
        </a>
      </div>
    </section>
  );
};

export const Benefits = () => {
  const t = useT();
  return (
    <section className="home-section" aria-labelledby="benefits-title">
      <h2 id="benefits-title">{t('rpa.home.benefits.title')}</h2>
      <ul className="home-cards">
        {BENEFITS.map((b) => (
          <li key={b} className="home-card">
            <h3>{t(`rpa.home.benefits.${b}.title`)}</h3>
            <p>{t(`rpa.home.benefits.${b}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
};

export const Testimonials = () => {
  const t = useT();
  return (
    <section className="home-section" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">{t('rpa.home.testimonials.title')}</h2>
      <ul className="home-cards">
        {TESTIMONIALS.map((q) => (
          <li key={q} className="home-card">
            <figure>
              <blockquote>“{t(`rpa.home.testimonials.${q}.quote`)}”</blockquote>
              <figcaption>
                <strong>{t(`rpa.home.testimonials.${q}.author`)}</strong>, {t(`rpa.home.testimonials.${q}.role`)}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
};
