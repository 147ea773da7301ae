import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'shared-contracts/router';
import styled from 'styled-components';
import { useRuntime } from '../remotes';
import { APP_VERSION } from '../host-api';
import { Banners } from './Banners';
import { UserMenu } from './UserMenu';

/** Below 1024 px is the mobile layout (docs/behaviour.md#player-controls-and-pointer). */
export const MOBILE_QUERY = '(max-width: 1023.98px)';

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

/*
 * Its height is set, not left to its content: index.html's shell draws the header at these heights before
 * any script runs, and the page below it (the home's heading, the largest paint of the first screen) must
 * not move by a fraction of a pixel when React draws it, or the browser counts a later, larger paint.
 */
const Header = styled.header`
  display: flex;
  align-items: center;
  gap: 1.25rem;
  box-sizing: border-box;
  min-height: 65.4px;
  padding: 0.8rem 1.5rem;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.surface};
  position: sticky;
  top: 0;
  z-index: 10;
  nav {
    display: flex;
    align-items: center;
    gap: 1rem;
    margin-inline-start: auto;
  }
  nav a {
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  nav a.active {
    color: ${(p) => p.theme.colors.primary};
  }
  @media ${MOBILE_QUERY} {
    min-height: 59px;
    padding: 0.6rem 1rem;
    .wide {
      display: none;
    }
  }
`;

const Logo = styled(Link)`
  font-weight: 800;
  font-size: 1.15rem;
  letter-spacing: 0.02em;
  color: ${(p) => p.theme.colors.text};
  text-decoration: none;
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  white-space: nowrap;
  svg {
    width: 1.6rem;
    height: 1.6rem;
    flex: none;
  }
`;

const Main = styled.main`
  flex: 1;
  /* The footer starts below the fold, so pages arriving after a loading state do not push it around (CLS). */
  min-height: 100vh;
  padding: 0 1.5rem 3rem;
  @media ${MOBILE_QUERY} {
    padding: 0 1rem 2rem;
  }
`;

const Footer = styled.footer`
  padding: 1.5rem;
  border-top: 1px solid ${(p) => p.theme.colors.border};
  color: ${(p) => p.theme.colors.textDim};
  font-size: 0.875rem;
  display: grid;
  gap: 0.5rem;
  p {
    margin: 0;
    max-width: 60rem;
  }
  .links {
    display: flex;
    gap: 1rem;
    flex-wrap: wrap;
  }
  a {
    color: ${(p) => p.theme.colors.text};
  }
`;

const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: -999px;
  &:focus {
    inset-inline-start: 1rem;
    top: 1rem;
    z-index: 30;
    background: ${(p) => p.theme.colors.surfaceRaised};
    padding: 0.5rem;
  }
`;

/** The site's header: logo, Discover, the user menu. */
export function SiteHeader() {
  const { t } = useTranslation();
  const { config } = useRuntime();
  return (
    <Header>
      {/* Named by its visible text (WCAG 2.5.3 label in name); the title says where it leads. */}
      <Logo to="/" title={t('navigation.home')}>
        {/* The site's icon drawn inline (favicon.svg's shapes): no second request for it on every page. */}
        <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="7" fill="#a87fff" />
          <path d="M12 9v14l11-7z" fill="#12091f" />
        </svg>
        <span>{t('global.name')}</span>
      </Logo>
      <nav aria-label="Main">
        {config.communityChatUrl && (
          <a className="wide" href={config.communityChatUrl} target="_blank" rel="noreferrer">
            {t('navigation.communityChat')}
          </a>
        )}
        <NavLink className="wide" to="/discover">
          {t('navigation.discover')}
        </NavLink>
        <UserMenu />
      </nav>
    </Header>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Shell>
      <SkipLink href="#main">{t('navigation.skip')}</SkipLink>
      <SiteHeader />
      <Banners />
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
      <Footer>
        <p>
          <strong>{t('footer.legal.disclaimer')}: </strong>
          {t('footer.legal.disclaimerText')}
        </p>
        <p>{t('footer.tmdb')}</p>
        <div className="links">
          <Link to="/dmca">{t('footer.legal.dmca')}</Link>
          <span>{t('footer.version', { version: APP_VERSION })}</span>
        </div>
      </Footer>
    </Shell>
  );
}
