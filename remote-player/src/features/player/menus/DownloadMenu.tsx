/** Settings router `/download` and its per-platform pages. */
import { useTranslation } from 'react-i18next';
import { useHostServices } from 'shared-contracts';
import { useSnapshot } from 'valtio/react';
import { usePlayer } from '../player.store';
import { Choice, LinkOption, MenuCard, Option, currentUrl, useMenu } from './parts';

export function DownloadMenu({ platform }: { platform?: 'ios' | 'android' | 'pc' }) {
  const { t } = useTranslation('player');
  const { engine } = usePlayer();
  const media = useSnapshot(engine.state);
  const { config } = useHostServices();
  const { go } = useMenu();
  const url = currentUrl(media.source, media.quality);
  if (platform) {
    return (
      <MenuCard title={t(`menus.download.${platform}`)} back="/download">
        <p>{t(`menus.download.${platform}Text`)}</p>
      </MenuCard>
    );
  }
  const href = media.source?.type === 'hls' ? `${config.downloaderUrl}${encodeURIComponent(url)}` : url;
  return (
    <MenuCard title={t('menus.download.title')} back="/">
      <p>{t('menus.download.text')}</p>
      <LinkOption href={href} target="_blank" rel="noreferrer" data-testid="download-link">
        <span className="label">{media.source?.type === 'hls' ? t('menus.download.hls') : t('menus.download.file')}</span>
      </LinkOption>
      <Option type="button" onClick={() => void navigator.clipboard?.writeText(url).catch(() => {})}>
        <span className="label">{t('menus.download.copy')}</span>
      </Option>
      <Choice label={t('menus.download.ios')} onClick={() => go('/download/ios')} chevron />
      <Choice label={t('menus.download.android')} onClick={() => go('/download/android')} chevron />
      <Choice label={t('menus.download.pc')} onClick={() => go('/download/pc')} chevron />
    </MenuCard>
  );
}
