/** Settings router `/captions(Overlay)` and `/captions/opensubtitles(Overlay)`: choose, upload or drop a caption. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { groupCaptions } from '../../../core/captions/choice';
import { usePlayer } from '../player.store';
import { useCaptionActions, useOpenSubtitlesSearch } from '../use-captions';
import { Choice, MenuCard, useMenu } from './parts';

const Detail = styled.bdi`
  display: block;
  font-size: 0.75rem;
  color: ${(p) => p.theme.colors.textDim};
  overflow-wrap: anywhere;
`;

/** The OpenSubtitles texts per error code (opensubtitles/<reason>). */
const OPENSUBTITLES_REASONS = ['unavailable', 'unauthorized', 'invalid', 'quota', 'not-found'] as const;
const opensubtitlesReason = (code: string | null): (typeof OPENSUBTITLES_REASONS)[number] | null => {
  const reason = code?.startsWith('opensubtitles/') ? code.slice('opensubtitles/'.length) : null;
  return OPENSUBTITLES_REASONS.find((r) => r === reason) ?? null;
};

/** Why the chosen caption could not be shown: the fixed message, or OpenSubtitles' reason in the page's language. */
function CaptionError() {
  const { t } = useTranslation('player');
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  if (!view.captions.error) return null;
  const reason = opensubtitlesReason(view.captions.errorCode);
  return <p role="alert">{reason ? t(`menus.captions.opensubtitlesErrors.${reason}`) : view.captions.error}</p>;
}

const Drop = styled.div<{ $over: boolean }>`
  outline: ${(p) => (p.$over ? `2px dashed ${p.theme.colors.primary}` : 'none')};
  border-radius: 0.5rem;
`;

export function CaptionsMenu({ overlay }: { overlay: boolean }) {
  const { t } = useTranslation('player');
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const { go } = useMenu();
  const captions = useCaptionActions();
  const file = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const suffix = overlay ? 'Overlay' : '';
  const groups = groupCaptions(captions.options);
  const chosenOpenSubtitles = groups.opensubtitles.find((o) => o.id === view.captions.selectedId);
  const search = useOpenSubtitlesSearch();
  const found = groups.opensubtitles.length ? String(groups.opensubtitles.length) : undefined;
  return (
    <MenuCard title={t('menus.captions.title')} back={overlay ? undefined : '/'}>
      <Drop
        $over={over}
        data-testid="captions-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          const dropped = e.dataTransfer.files[0];
          if (dropped) void captions.upload(dropped);
        }}
      >
        {/* First, not after a list of any length: never below the fold of the card. */}
        <Choice label={t('menus.captions.settings')} onClick={() => go(`/captions/settings${suffix}`)} chevron testId="caption-settings" />
        <Choice
          label={t('menus.captions.off')}
          selected={!view.captions.selectedId}
          onClick={() => void captions.select(null)}
          testId="caption-off"
        />
        <CaptionChoices options={groups.source} />
        {groups.source.length === 0 && <p>{t('menus.captions.none')}</p>}
        <Choice
          label={t('menus.captions.opensubtitles')}
          value={chosenOpenSubtitles?.label ?? (search.status === 'loading' ? t('loading') : found)}
          onClick={() => go(`/captions/opensubtitles${suffix}`)}
          chevron
          testId="caption-opensubtitles"
        />
        <Choice label={t('menus.captions.upload')} onClick={() => file.current?.click()} />
        <input
          ref={file}
          type="file"
          hidden
          accept=".srt,.vtt,.ass,.ssa"
          aria-label={t('menus.captions.upload')}
          data-testid="caption-upload"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) void captions.upload(chosen);
            e.target.value = '';
          }}
        />
        <p>{t('menus.captions.dropHint')}</p>
        <CaptionError />
      </Drop>
    </MenuCard>
  );
}

/** One button per caption: selected, loading while it is fetched and parsed. */
export function CaptionChoices({ options }: { options: ReturnType<typeof useCaptionActions>['options'] }) {
  const { t } = useTranslation('player');
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const captions = useCaptionActions();
  return (
    <>
      {options.map((option) => (
        <Choice
          key={option.id}
          label={
            option.detail ? (
              <>
                {option.label}
                <Detail>{option.detail}</Detail>
              </>
            ) : (
              option.label
            )
          }
          value={view.captions.loadingId === option.id ? t('loading') : undefined}
          selected={view.captions.selectedId === option.id}
          onClick={() => void captions.select(option)}
          testId={`caption-${option.id}`}
        />
      ))}
    </>
  );
}

/**
 * /captions/opensubtitles(Overlay) (docs/behaviour.md#captions-sources): the captions a source flags OpenSubtitles and those the
 * OpenSubtitles search found, by language name and release; the search's state (searching,
 * failed with its reason and a retry); back to the captions page it came from.
 */
export function OpenSubtitlesMenu({ overlay }: { overlay: boolean }) {
  const { t } = useTranslation('player');
  const captions = useCaptionActions();
  const search = useOpenSubtitlesSearch();
  const { opensubtitles } = groupCaptions(captions.options);
  const reason = search.status === 'failed' ? (opensubtitlesReason(search.errorCode) ?? 'invalid') : null;
  return (
    <MenuCard title={t('menus.captions.opensubtitles')} back={overlay ? '/captionsOverlay' : '/captions'}>
      <CaptionChoices options={opensubtitles} />
      {search.status === 'loading' && (
        <p role="status" data-testid="opensubtitles-searching">
          {t('menus.captions.opensubtitlesSearching')}
        </p>
      )}
      {reason && (
        <>
          <p role="alert" data-testid="opensubtitles-error">
            {t(`menus.captions.opensubtitlesErrors.${reason}`)}
          </p>
          <Choice label={t('menus.captions.opensubtitlesRetry')} onClick={search.retry} testId="opensubtitles-retry" />
        </>
      )}
      {opensubtitles.length === 0 && search.status !== 'loading' && !reason && (
        <p data-testid="opensubtitles-none">{t('menus.captions.opensubtitlesNone')}</p>
      )}
      <CaptionError />
    </MenuCard>
  );
}
