/** Settings router `/`: the main page (video, experience). */
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, useHostServices, useHostWith } from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import { usePlayer } from '../player.store';
import { useCaptionActions } from '../use-captions';
import { Choice, LinkOption, MenuCard, Toggle, currentUrl, useMenu } from './parts';

export function MainMenu() {
  const { t } = useTranslation('player');
  const { engine, ui } = usePlayer();
  const media = useSnapshot(engine.state);
  const view = useSnapshot(ui);
  const { state } = useHostWith('subtitles', 'theme', 'language');
  const { go } = useMenu();
  const captions = useCaptionActions();
  const query = new URLSearchParams(window.location.search);
  const quality = media.automaticQuality ? t('menus.quality.auto', { quality: media.quality ?? '' }) : (media.quality ?? '');
  const audio = media.audioTracks.find((a) => a.id === media.audioTrack);
  return (
    <MenuCard title={t('menus.settings')}>
      <h3>{t('menus.video')}</h3>
      <Choice label={t('menus.quality.title')} value={quality} onClick={() => go('/quality')} chevron testId="menu-quality" />
      {media.audioTracks.length > 0 && (
        <Choice label={t('menus.audio.title')} value={audio?.label ?? ''} onClick={() => go('/audio')} chevron testId="menu-audio" />
      )}
      <Choice
        label={t('menus.source.title')}
        value={view.progress.sources[view.sourceId ?? '']?.name ?? view.sourceId ?? ''}
        onClick={() => go('/source')}
        chevron
        testId="menu-source"
      />
      {query.get('downloads') !== 'false' && (
        <Choice label={t('menus.download.title')} onClick={() => go('/download')} chevron testId="menu-download" />
      )}
      {query.get('watchparty') !== 'false' && <WatchPartyLink />}
      <h3>{t('menus.experience')}</h3>
      <Toggle
        label={t('menus.captions.enable')}
        checked={!!view.captions.selectedId && state.subtitles.enabled}
        onChange={() => void captions.toggle()}
      />
      <Choice
        label={t('menus.captions.title')}
        value={
          view.captions.selectedId
            ? (captions.options.find((o) => o.id === view.captions.selectedId)?.label ?? '')
            : t('menus.captions.off')
        }
        onClick={() => go('/captions')}
        chevron
        testId="menu-captions"
      />
      <Choice label={t('menus.playback.title')} value={`${media.rate}x`} onClick={() => go('/playback')} chevron />
      <Choice label={t('menus.theme.title')} value={t(`themes.${state.theme}`)} onClick={() => go('/theme')} chevron />
      <Choice
        label={t('menus.language.title')}
        value={LANGUAGE_NAMES[state.language as keyof typeof LANGUAGE_NAMES] ?? state.language}
        onClick={() => go('/language')}
        chevron
      />
    </MenuCard>
  );
}

function WatchPartyLink() {
  const { t } = useTranslation('player');
  const { engine } = usePlayer();
  const media = useSnapshot(engine.state);
  const { config } = useHostServices();
  const url = currentUrl(media.source, media.quality);
  return (
    <LinkOption href={`${config.watchPartyUrl}${encodeURIComponent(url)}`} target="_blank" rel="noreferrer" data-testid="menu-watchparty">
      <span className="label">{t('menus.watchParty')}</span>
    </LinkOption>
  );
}
