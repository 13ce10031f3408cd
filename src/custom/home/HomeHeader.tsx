import { LANGUAGES, isLocale, setLanguage } from '../../../i18n/language';
import { navigateTo } from '../../app/navigation';
import { Logo } from '../brand/Logo';
import { useLanguage, useT } from '../i18n/useT';

export const HomeHeader = ({ onRequestDemo }: { onRequestDemo: () => void }) => {
  const t = useT();
  const locale = useLanguage();
  return (
    <header className="home-header">
      <div className="home-brand">
        <Logo size={36} />
        <span>{t('rpa.app.name')}</span>
      </div>
      <nav className="home-nav" aria-label={t('rpa.home.nav.mainNavigation')}>
        <select
          className="home-lang"
          aria-label={t('rpa.home.nav.language')}
          value={locale}
          onChange={(e) => {
            if (isLocale(e.target.value)) setLanguage(e.target.value);
          }}
        >
          {LANGUAGES.map((l) => (
            <option key={l.locale} value={l.locale}>
              {l.name}
            </option>
          ))}
        </select>
        <button type="button" className="home-btn home-btn--ghost" onClick={() => navigateTo('/login')}>
          {t('rpa.home.nav.login')}
        </button>
        <button type="button" className="home-btn" onClick={onRequestDemo}>
          {t('rpa.home.nav.requestDemo')}
        </button>
      </nav>
    </header>
  );
};
