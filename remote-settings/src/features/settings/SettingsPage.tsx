import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from 'shared-contracts';
import styled from 'styled-components';
import { Button, useConfirm } from '../ui';
import { AccountSections } from './sections/AccountSections';
import { AppearanceSection } from './sections/AppearanceSection';
import { ConnectionsSection } from './sections/ConnectionsSection';
import { PreferencesSection } from './sections/PreferencesSection';
import { SubtitlesSection } from './sections/SubtitlesSection';
import { useSettingsDraft } from './use-settings-draft';

const Layout = styled.div`
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.5rem 0 6rem;
  display: grid;
  grid-template-columns: 14rem 1fr;
  gap: 2.5rem;
  @media (max-width: 1023.98px) {
    /* minmax(0, …): the column is the page's width, however wide its content would like to be. */
    grid-template-columns: minmax(0, 1fr);
    gap: 1rem;
  }
  h1 {
    margin: 0 0 0.5rem;
  }
`;

const Sidebar = styled.aside`
  position: sticky;
  top: 5rem;
  align-self: start;
  nav ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.2rem;
  }
  nav a {
    display: block;
    padding: 0.45rem 0.75rem;
    border-radius: 8px;
    color: ${(p) => p.theme.colors.text};
    text-decoration: none;
  }
  nav a[aria-current='true'] {
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.primary};
  }
  .stats {
    margin-top: 1.5rem;
    font-size: 0.85rem;
    color: ${(p) => p.theme.colors.textDim};
  }
  .stats h2 {
    font-size: 0.9rem;
    margin: 0 0 0.4rem;
    color: ${(p) => p.theme.colors.text};
  }
  .stats p {
    margin: 0.15rem 0;
  }
  @media (max-width: 1023.98px) {
    position: static;
    nav ul {
      display: flex;
      flex-wrap: wrap;
    }
    .stats {
      display: none;
    }
  }
`;

const SaveBar = styled.div`
  position: fixed;
  inset-inline: 1rem;
  bottom: 1rem;
  max-width: 44rem;
  margin: 0 auto;
  padding: 0.75rem 1rem;
  display: flex;
  align-items: center;
  gap: 0.75rem;
  border-radius: 12px;
  background: ${(p) => p.theme.colors.surfaceRaised};
  border: 1px solid ${(p) => p.theme.colors.border};
  box-shadow: 0 10px 30px rgb(0 0 0 / 45%);
  z-index: 20;
  span {
    flex: 1;
  }
`;

const VisuallyHidden = styled.div`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

/** The height of an element that comes and goes (the save bar wraps onto two lines on a phone). */
function useHeight() {
  const [barHeight, setHeight] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const barRef = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    setHeight(element.getBoundingClientRect().height);
    observer.current = new ResizeObserver(() => setHeight(element.getBoundingClientRect().height));
    observer.current.observe(element);
  }, []);
  return { barRef, barHeight };
}

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const host = useHost();
  const draftApi = useSettingsDraft(host);
  const loggedIn = Boolean(host.state.account);
  const service = host.accountService ?? null;
  const sections = [
    ...(loggedIn && service ? (['account', 'devices'] as const) : []),
    'appearance',
    'connections',
    'preferences',
    'subtitles',
  ] as const;
  const [active, setActive] = useState<string>(sections[0]);

  // The sidebar follows the section in view.
  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((e) => e.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
        if (visible) setActive(visible.target.id.replace('settings-', ''));
      },
      { rootMargin: '-20% 0px -60% 0px' },
    );
    for (const id of sections) {
      const element = document.getElementById(`settings-${id}`);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [sections.join()]); // eslint-disable-line react-hooks/exhaustive-deps

  const { barRef, barHeight } = useHeight();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const save = async () => {
    if (draftApi.draft.backendUrl !== draftApi.saved.backendUrl && loggedIn) {
      const sure = await confirm({
        title: t('connections.changeServerTitle'),
        message: t('connections.changeServerConfirm'),
        confirmLabel: t('connections.changeServerButton'),
      });
      if (!sure) return;
    }
    void draftApi.save();
  };

  return (
    <Layout data-testid="settings-page">
      <Sidebar>
        <h1>{t('title')}</h1>
        <nav aria-label={t('nav.label')}>
          <ul>
            {sections.map((id) => (
              <li key={id}>
                <a
                  href={`#settings-${id}`}
                  aria-current={active === id}
                  onClick={(e) => {
                    e.preventDefault();
                    document.getElementById(`settings-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                    setActive(id);
                  }}
                >
                  {t(`nav.${id}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="stats" data-testid="app-stats">
          <h2>{t('stats.title')}</h2>
          <p>{t('stats.version', { version: host.appVersion })}</p>
          <p>{t('stats.bookmarks', { count: Object.keys(host.state.bookmarks).length })}</p>
          <p>{t('stats.progress', { count: Object.keys(host.state.progress).length })}</p>
        </div>
      </Sidebar>
      <div>
        {loggedIn && service && <AccountSections service={service} />}
        <AppearanceSection draftApi={draftApi} />
        <ConnectionsSection draftApi={draftApi} />
        <PreferencesSection draftApi={draftApi} />
        <SubtitlesSection draftApi={draftApi} />
        {__BUILD_MARKER__ && <p data-testid="build-marker">Build {__BUILD_MARKER__}</p>}
        {/* While the bar is up, the page ends below it: the last controls can be scrolled clear of it. */}
        {draftApi.dirty && <div aria-hidden data-testid="save-bar-space" style={{ height: `calc(${barHeight}px + 2rem)` }} />}
      </div>
      {/* Always in the page, so screen readers announce the text that appears in it (a live region that
          mounts together with its text is often not read). */}
      <VisuallyHidden role="status" data-testid="save-status">
        {draftApi.dirty ? t('saveBar.unsaved') : ''}
      </VisuallyHidden>
      {draftApi.dirty && (
        <SaveBar ref={barRef} role="region" aria-label={t('saveBar.unsaved')} data-testid="save-bar">
          <span>{t('saveBar.unsaved')}</span>
          <Button type="button" onClick={draftApi.reset}>
            {t('saveBar.reset')}
          </Button>
          <Button type="button" $variant="primary" onClick={() => void save()}>
            {t('saveBar.save')}
          </Button>
        </SaveBar>
      )}
      {confirmDialog}
    </Layout>
  );
}
