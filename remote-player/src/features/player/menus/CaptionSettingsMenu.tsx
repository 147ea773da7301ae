/** Settings router `/captions/settings(Overlay)`: delay and caption style. */
import { useRef, type KeyboardEvent } from 'react';
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
  button {
    width: 1.75rem;
    height: 1.75rem;
    border-radius: 50%;
    border: 2px solid ${(p) => p.theme.colors.border};
    cursor: pointer;
  }
  button[aria-checked='true'] {
    border-color: ${(p) => p.theme.colors.text};
    box-shadow:
      0 0 0 2px ${(p) => p.theme.colors.surface},
      0 0 0 4px ${(p) => p.theme.colors.primary};
  }
  button:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: 3px;
  }
  input[type='color'] {
    width: 2rem;
    height: 2rem;
    border: 0;
    background: transparent;
  }
  flex-wrap: wrap;
  @media (pointer: coarse) {
    button,
    input[type='color'] {
      width: 2.75rem;
      height: 2.75rem;
    }
  }
`;

/** The caption colours offered (docs/behaviour.md#captions-styling), with the name each is announced and titled by. */
export const CAPTION_COLORS = [
  { value: '#ffffff', name: 'white' },
  { value: '#80b1fa', name: 'blue' },
  { value: '#e2e535', name: 'yellow' },
  { value: '#10B239FF', name: 'green' },
] as const;

/**
 * The named colours as one radio group (WAI-ARIA radio pattern): one tab stop, arrow keys move and choose
 * (mirrored in right-to-left languages, as the row is), Home and End go to the ends.
 */
function ColorSwatches({ color, onChange }: { color: string; onChange: (color: string) => void }) {
  const { t } = useTranslation('player');
  const checked = CAPTION_COLORS.findIndex((c) => c.value.toLowerCase() === color);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const choose = (index: number) => {
    const next = CAPTION_COLORS[(index + CAPTION_COLORS.length) % CAPTION_COLORS.length]!;
    onChange(next.value.toLowerCase());
    refs.current[CAPTION_COLORS.indexOf(next)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) choose(index + step);
    else if (event.key === 'Home') choose(0);
    else if (event.key === 'End') choose(CAPTION_COLORS.length - 1);
    else return;
    event.preventDefault();
    event.stopPropagation(); // arrows are the player's shortcuts elsewhere
  };
  return (
    <>
      {CAPTION_COLORS.map((c, i) => (
        <button
          key={c.value}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="radio"
          aria-checked={i === checked}
          tabIndex={i === (checked === -1 ? 0 : checked) ? 0 : -1}
          style={{ background: c.value }}
          aria-label={t(`menus.captions.colors.${c.name}`)}
          title={t(`menus.captions.colors.${c.name}`)}
          onClick={() => onChange(c.value.toLowerCase())}
          onKeyDown={(e) => onKeyDown(e, i)}
          data-testid={`caption-color-${c.value}`}
        />
      ))}
    </>
  );
}

export function CaptionSettingsMenu({ overlay }: { overlay: boolean }) {
  const { t } = useTranslation('player');
  const host = useHostWith('subtitles');
  const s = host.state.subtitles;
  const set = host.actions.setSubtitleSettings;
  const { ui } = usePlayer();
  const hide = useSnapshot(ui).menuFromQuery === 'settings/captions/settings';
  const delayText = t('menus.captions.delayValue', { delay: s.delay.toFixed(1) });
  const number = (value: string, decimals: number) => {
    const n = Number(value);
    if (!Number.isFinite(n)) return null; // non-numbers ignored
    const f = 10 ** decimals;
    return Math.round(n * f) / f;
  };
  return (
    <MenuCard title={t('menus.captions.settings')} back={overlay ? '/captionsOverlay' : '/captions'}>
      {hide && <Toggle label={t('menus.captions.hide')} checked={!s.enabled} onChange={(v) => set({ enabled: !v })} />}
      <Field>
        <span className="line">
          {t('menus.captions.delay')} <span data-testid="delay-value">{delayText}</span>
        </span>
        <input
          type="range"
          min={-20}
          max={20}
          step={0.1}
          value={s.delay}
          onChange={(e) => {
            const v = number(e.target.value, 1);
            if (v !== null) set({ delay: clamp(v, -20, 20) });
          }}
          aria-label={t('menus.captions.delay')}
          aria-valuetext={delayText}
          data-testid="delay-slider"
        />
      </Field>
      <Toggle label={t('menus.captions.fixCapitals')} checked={s.overrideCasing} onChange={(v) => set({ overrideCasing: v })} />
      <Swatches>
        <span role="radiogroup" aria-label={t('menus.captions.color')} style={{ display: 'contents' }}>
          <ColorSwatches color={s.styling.color} onChange={(color) => set({ styling: { color } })} />
        </span>
        <input
          type="color"
          aria-label={t('menus.captions.customColor')}
          value={s.styling.color.slice(0, 7)}
          onChange={(e) => set({ styling: { color: e.target.value.toLowerCase() } })}
        />
      </Swatches>
      <Field>
        <span className="line">
          {t('menus.captions.size')} <span>{Math.round(s.styling.size * 100)}%</span>
        </span>
        <input
          type="range"
          min={1}
          max={200}
          step={1}
          value={Math.round(s.styling.size * 100)}
          onChange={(e) => {
            const v = number(e.target.value, 0);
            if (v !== null) set({ styling: { size: clamp(v, 1, 200) / 100 } });
          }}
          aria-label={t('menus.captions.size')}
          aria-valuetext={`${Math.round(s.styling.size * 100)}%`}
          data-testid="size-slider"
        />
      </Field>
      <Field>
        <span className="line">
          {t('menus.captions.background')} <span>{Math.round(s.styling.backgroundOpacity * 100)}%</span>
        </span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={Math.round(s.styling.backgroundOpacity * 100)}
          onChange={(e) => {
            const v = number(e.target.value, 0);
            if (v !== null) set({ styling: { backgroundOpacity: clamp(v, 0, 100) / 100 } });
          }}
          aria-label={t('menus.captions.background')}
          aria-valuetext={`${Math.round(s.styling.backgroundOpacity * 100)}%`}
        />
      </Field>
      <Field>
        <span className="line">
          {t('menus.captions.blur')} <span>{Math.round(s.styling.backgroundBlur * 100)}%</span>
        </span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={Math.round(s.styling.backgroundBlur * 100)}
          onChange={(e) => {
            const v = number(e.target.value, 0);
            if (v !== null) set({ styling: { backgroundBlur: clamp(v, 0, 100) / 100 } });
          }}
          aria-label={t('menus.captions.blur')}
          aria-valuetext={`${Math.round(s.styling.backgroundBlur * 100)}%`}
        />
      </Field>
      <Toggle label={t('menus.captions.bold')} checked={s.styling.bold} onChange={(v) => set({ styling: { bold: v } })} />
      <Choice
        label={t('menus.captions.reset')}
        onClick={() => set({ delay: 0, styling: { color: '#ffffff', size: 1, backgroundOpacity: 0.5, backgroundBlur: 0.5, bold: false } })}
      />
    </MenuCard>
  );
}
