import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import styled from 'styled-components';
import { Banners } from './Banners';

const Shell = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: 1.5rem;
  padding: 0.9rem 1.5rem;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.surface};
  nav { display: flex; gap: 1rem; margin-inline-start: auto; }
  a { color: ${(p) => p.theme.colors.text}; text-decoration: none; }
  a.active { color: ${(p) => p.theme.colors.primary}; }
`;

const Logo = styled(Link)`
  font-weight: 800;
  font-size: 1.15rem;
  letter-spacing: 0.02em;
`;

const Main = styled.main`
  flex: 1;
  padding: 1rem 1.5rem 3rem;
`;

const Footer = styled.footer`
  padding: 1.25rem 1.5rem;
  border-top: 1px solid ${(p) => p.theme.colors.border};
  color: ${(p) => p.theme.colors.textDim};
  font-size: 0.875rem;
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  justify-content: space-between;
  a { color: ${(p) => p.theme.colors.text}; }
`;

const SkipLink = styled.a`
  position: absolute;
  inset-inline-start: -999px;
  &:focus { inset-inline-start: 1rem; top: 1rem; z-index: 10; background: ${(p) => p.theme.colors.surfaceRaised}; padding: 0.5rem; }
`;

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Shell>
      <SkipLink href="#main">{t('nav.skip')}</SkipLink>
      <Header>
        <Logo to="/">movie-web</Logo>
        <nav aria-label="Main">
          <NavLink to="/discover">{t('nav.discover')}</NavLink>
          <NavLink to="/settings">{t('nav.settings')}</NavLink>
        </nav>
      </Header>
      <Banners />
      <Main id="main">{children}</Main>
      <Footer>
        <span>{t('footer.disclaimer')}</span>
        <Link to="/dmca">{t('footer.dmca')}</Link>
      </Footer>
    </Shell>
  );
}
