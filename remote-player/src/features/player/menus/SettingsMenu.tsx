/** Router `settings`: the page of the current route (kept in the player's UI state). */
import { useSnapshot } from 'valtio/react';
import { usePlayer } from '../player.store';
import { AudioMenu } from './AudioMenu';
import { CaptionSettingsMenu } from './CaptionSettingsMenu';
import { CaptionsMenu, OpenSubtitlesMenu } from './CaptionsMenu';
import { DownloadMenu } from './DownloadMenu';
import { LanguageMenu } from './LanguageMenu';
import { MainMenu } from './MainMenu';
import { PlaybackMenu } from './PlaybackMenu';
import { QualityMenu } from './QualityMenu';
import { EmbedsMenu, SourceMenu } from './SourceMenu';
import { ThemeMenu } from './ThemeMenu';

export function SettingsMenu() {
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  switch (view.menu.route) {
    case '/quality':
      return <QualityMenu />;
    case '/audio':
      return <AudioMenu />;
    case '/captions':
    case '/captions/source':
      return <CaptionsMenu overlay={false} />;
    case '/captionsOverlay':
    case '/captions/sourceOverlay':
      return <CaptionsMenu overlay />;
    case '/captions/opensubtitles':
      return <OpenSubtitlesMenu overlay={false} />;
    case '/captions/opensubtitlesOverlay':
      return <OpenSubtitlesMenu overlay />;
    case '/captions/settings':
      return <CaptionSettingsMenu overlay={false} />;
    case '/captions/settingsOverlay':
      return <CaptionSettingsMenu overlay />;
    case '/source':
      return <SourceMenu />;
    case '/source/embeds':
      return <EmbedsMenu />;
    case '/playback':
      return <PlaybackMenu />;
    case '/theme':
      return <ThemeMenu />;
    case '/language':
      return <LanguageMenu />;
    case '/download':
      return <DownloadMenu />;
    case '/download/ios':
      return <DownloadMenu platform="ios" />;
    case '/download/android':
      return <DownloadMenu platform="android" />;
    case '/download/pc':
      return <DownloadMenu platform="pc" />;
    default:
      return <MainMenu />;
  }
}
