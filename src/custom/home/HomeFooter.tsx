import type { PublicConfig } from '../../domain';
import { useT } from '../i18n/useT';

export const HomeFooter = ({ config }: { config: PublicConfig }) => {
  const t = useT();
  return (
    <footer className="home-footer">
      <div>
        <h2>{t('rpa.home.footer.contact')}</h2>
        {config.chatHandle && (
          <p>
            {t('rpa.home.footer.chat')}: <span>{config.chatHandle}</span>
          </p>
        )}
        {config.contactEmail && (
          <p>
            {t('rpa.home.footer.email')}: <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
          </p>
        )}
      </div>
      {config.socialLinks.length > 0 && (
        <div>
          <h2>{t('rpa.home.footer.follow')}</h2>
          <ul className="home-social">
            {config.socialLinks.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="home-copyright">
        {t('rpa.home.footer.copyright', { year: new Date().getFullYear(), companyName: config.companyName })}
      </p>
    </footer>
  );
};
