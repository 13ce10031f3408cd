import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT';
import './notfound.css';

export const NotFound = () => {
  const t = useT();
  return (
    <main className="rpa-notfound">
      <p className="rpa-notfound__code" aria-hidden="true">
        404
      </p>
      <h1>{t('rpa.notFound.title')}</h1>
      <p>{t('rpa.notFound.text')}</p>
      <Link to="/">{t('rpa.notFound.home')}</Link>
    </main>
  );
};
