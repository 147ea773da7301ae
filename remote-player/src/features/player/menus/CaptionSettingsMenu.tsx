/** Settings router `/captions/settings(Overlay)`: delay and caption style. */
import { useTranslation } from 'react-i18next';
import { useHostWith } from 'shared-contracts';
import styled from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { clamp } from '../../../core/player/format-time';
import { usePlayer } from '../player.store';
import { Choice, Field, MenuCard, Toggle } from './parts';

const Swatches = styled.div`
  display: flex;
  gap: 0.5rem;
  padding: 0.4rem 0.6rem;
  align-items: center;
  button { width: 1.75rem; height: 1.75rem; border-radius: 50%; border: 2px solid transparent; cursor: pointer; }
  button[aria-pressed='true'] { border-color: ${(p) => p.theme.colors.text}; }
  input[type='color'] { width: 2rem; height: 2rem; border: 0; background: transparent; }
  flex-wrap: wrap;
  @media (pointer: coarse) { button, input[type='color'] { width: 2.75rem; height: 2.75rem; } }
`;

export const CAPTION_COLORS = ['#ffffff', '#80b1fa', '#e2e535', '#10B239FF'];

export function CaptionSettingsMenu({ overlay }: { overlay: boolean }) {
  const { t } = useTranslation('player');
  const host = useHostWith('subtitles');
  const s = host.state.subtitles;
  const set = host.actions.setSubtitleSettings;
  const { ui } = usePlayer();
  const hide = useSnapshot(ui).menuFromQuery === 'settings/captions/settings';
  const number = (value: string, decimals: number) => {
    const n = Number(value);
    if (!Number.isFinite(n)) return null; // spec §5: non-numbers ignored
    const f = 10 ** decimals;
    return Math.round(n * f) / f;
  };
  return (
    <MenuCard title={t('menus.captions.settings')} back={overlay ? '/captionsOverlay' : '/captions'}>
      {hide && <Toggle label={t('menus.captions.hide')} checked={!s.enabled} onChange={(v) => set({ enabled: !v })} />}
      <Field>
        <span className="line">
          {t('menus.captions.delay')} <span data-testid="delay-value">{s.delay.toFixed(1)} s</span>
        </span>
        <input type="range" min={-20} max={20} step={0.1} value={s.delay} onChange={(e) => { const v = number(e.target.value, 1); if (v !== null) set({ delay: clamp(v, -20, 20) }); }} aria-label={t('menus.captions.delay')} data-testid="delay-slider" />
      </Field>
      <Toggle label={t('menus.captions.fixCapitals')} checked={s.overrideCasing} onChange={(v) => set({ overrideCasing: v })} />
      <Swatches role="group" aria-label={t('menus.captions.color')}>
        {CAPTION_COLORS.map((c) => (
          <button key={c} type="button" style={{ background: c }} aria-label={c} aria-pressed={s.styling.color === c.toLowerCase()} onClick={() => set({ styling: { color: c.toLowerCase() } })} data-testid={`caption-color-${c}`} />
        ))}
        <input type="color" aria-label={t('menus.captions.customColor')} value={s.styling.color.slice(0, 7)} onChange={(e) => set({ styling: { color: e.target.value.toLowerCase() } })} />
      </Swatches>
      <Field>
        <span className="line">
          {t('menus.captions.size')} <span>{Math.round(s.styling.size * 100)}%</span>
        </span>
        <input type="range" min={1} max={200} step={1} value={Math.round(s.styling.size * 100)} onChange={(e) => { const v = number(e.target.value, 0); if (v !== null) set({ styling: { size: clamp(v, 1, 200) / 100 } }); }} aria-label={t('menus.captions.size')} data-testid="size-slider" />
      </Field>
      <Field>
        <span className="line">
          {t('menus.captions.background')} <span>{Math.round(s.styling.backgroundOpacity * 100)}%</span>
        </span>
        <input type="range" min={0} max={100} step={1} value={Math.round(s.styling.backgroundOpacity * 100)} onChange={(e) => { const v = number(e.target.value, 0); if (v !== null) set({ styling: { backgroundOpacity: clamp(v, 0, 100) / 100 } }); }} aria-label={t('menus.captions.background')} />
      </Field>
      <Field>
        <span className="line">
          {t('menus.captions.blur')} <span>{Math.round(s.styling.backgroundBlur * 100)}%</span>
        </span>
        <input type="range" min={0} max={100} step={1} value={Math.round(s.styling.backgroundBlur * 100)} onChange={(e) => { const v = number(e.target.value, 0); if (v !== null) set({ styling: { backgroundBlur: clamp(v, 0, 100) / 100 } }); }} aria-label={t('menus.captions.blur')} />
      </Field>
      <Toggle label={t('menus.captions.bold')} checked={s.styling.bold} onChange={(v) => set({ styling: { bold: v } })} />
      <Choice label={t('menus.captions.reset')} onClick={() => set({ delay: 0, styling: { color: '#ffffff', size: 1, backgroundOpacity: 0.5, backgroundBlur: 0.5, bold: false } })} />
    </MenuCard>
  );
}
