/**
 * The parts every player menu is made of (docs/behaviour.md#player-menus): the card sized per route, its head with back
 * and close, choices, switches, fields; and the menu route helpers.
 */
import { useEffect, useRef, type AnchorHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useSnapshot } from 'valtio/react';
import { Icon } from '../icons';
import { closeMenu, goToMenuRoute } from '../player.actions';
import { usePlayer } from '../player.store';

/** Card sizes (width x height, px) per route of the `settings` router. */
export const MENU_SIZES: Record<string, [number, number]> = {
  '/': [343, 470],
  '/quality': [343, 470],
  '/audio': [343, 431],
  '/captions': [343, 431],
  '/captionsOverlay': [343, 431],
  '/captions/source': [343, 431],
  '/captions/sourceOverlay': [343, 431],
  '/captions/opensubtitles': [343, 431],
  '/captions/opensubtitlesOverlay': [343, 431],
  '/captions/settings': [343, 450],
  '/captions/settingsOverlay': [343, 450],
  '/source': [343, 431],
  '/source/embeds': [343, 431],
  '/playback': [343, 215],
  '/theme': [343, 431],
  '/language': [343, 431],
  '/download': [343, 490],
  '/download/ios': [343, 440],
  '/download/android': [343, 440],
  '/download/pc': [343, 440],
};

export const Card = styled.div<{ $w: number; $h: number }>`
  position: absolute;
  right: 1rem;
  bottom: 5.5rem;
  z-index: 4;
  width: min(${(p) => p.$w}px, calc(100% - 2rem));
  height: min(${(p) => p.$h}px, calc(100% - 7rem));
  display: flex;
  flex-direction: column;
  border-radius: 0.75rem;
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  box-shadow: 0 1rem 3rem rgba(0, 0, 0, 0.6);
  overflow: hidden;
  @media (max-width: 1023px) {
    left: 0.5rem;
    right: 0.5rem;
    bottom: 0.5rem;
    width: auto;
  }
`;

export const Wide = styled(Card)`
  left: 1rem;
  width: auto;
  height: 360px;
`;

export const Head = styled.div`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.75rem 0.75rem 0.5rem;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  h2 {
    margin: 0;
    font-size: 1rem;
    flex: 1;
  }
  button {
    background: transparent;
    border: 0;
    color: inherit;
    cursor: pointer;
    display: inline-flex;
    border-radius: 0.4rem;
    padding: 0.2rem;
  }
  button:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
  }
  @media (pointer: coarse) {
    button {
      min-width: 2.75rem;
      min-height: 2.75rem;
      align-items: center;
      justify-content: center;
    }
  }
`;

export const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: 0.5rem;
  display: flex;
  flex-direction: column;
  gap: 0.15rem;
  h3 {
    margin: 0.6rem 0.5rem 0.25rem;
    font-size: 0.75rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: ${(p) => p.theme.colors.textDim};
  }
  p {
    margin: 0.25rem 0.5rem;
    color: ${(p) => p.theme.colors.textDim};
    font-size: 0.9rem;
  }
  [role='alert'] {
    color: ${(p) => p.theme.colors.danger};
  }
`;

export const Option = styled.button<{ $selected?: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  width: 100%;
  min-height: 2.5rem;
  padding: 0.4rem 0.6rem;
  border: 0;
  border-radius: 0.5rem;
  background: ${(p) => (p.$selected ? p.theme.colors.surfaceRaised : 'transparent')};
  color: inherit;
  font: inherit;
  text-align: start; /* right-aligned in Arabic and Hebrew */
  text-decoration: none;
  cursor: pointer;
  .label {
    flex: 1;
  }
  .value {
    color: ${(p) => p.theme.colors.textDim};
    font-size: 0.9rem;
  }
  .mark {
    color: ${(p) => p.theme.colors.primary};
    display: inline-flex;
  }
  &:hover {
    background: ${(p) => p.theme.colors.surfaceRaised};
  }
  &:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.focus};
    outline-offset: -2px;
  }
  &:disabled {
    opacity: 0.5;
    cursor: default;
  }
  @media (pointer: coarse) {
    min-height: 2.75rem;
  }
`;

export function LinkOption(props: AnchorHTMLAttributes<HTMLAnchorElement> & { 'data-testid'?: string }) {
  return <Option as="a" {...props} />;
}

export const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  padding: 0.4rem 0.6rem;
  font-size: 0.9rem;
  .line {
    display: flex;
    justify-content: space-between;
  }
  input[type='range'] {
    width: 100%;
    accent-color: ${(p) => p.theme.colors.primary};
  }
`;

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]):not([hidden]), select, [tabindex="0"]';

/** The items of a menu a person can reach with Tab, in order (a radio group counts once: its tab stop). */
function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && !el.closest('[hidden]'));
}

/**
 * Keys inside an open menu, as in a dialog: Tab and Shift+Tab go round its items and never leave it; the
 * up and down arrows move between its items (a slider or a radio group keeps its own arrows).
 */
export function onMenuKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const container = event.currentTarget;
  const items = focusables(container);
  if (items.length === 0) return;
  const target = event.target as HTMLElement;
  const index = items.indexOf(target);
  if (event.key === 'Tab') {
    const last = items.length - 1;
    if (event.shiftKey && index <= 0) items[last]!.focus();
    else if (!event.shiftKey && (index === last || index === -1)) items[0]!.focus();
    else return;
    event.preventDefault();
    return;
  }
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  if (target.matches('input[type="range"], [role="radio"], [role="slider"], select, textarea, input:not([type])')) return;
  const step = event.key === 'ArrowDown' ? 1 : -1;
  items[(Math.max(index, step === 1 ? -1 : 0) + step + items.length) % items.length]!.focus();
  event.preventDefault();
}

export function useMenu() {
  const player = usePlayer();
  const go = (route: string) => goToMenuRoute(player, route);
  const close = () => closeMenu(player);
  return { go, close };
}

export function MenuCard({ title, back, children, testId }: { title: string; back?: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation('player');
  const { ui } = usePlayer();
  const view = useSnapshot(ui);
  const { go, close } = useMenu();
  const [w, h] = MENU_SIZES[view.menu.route] ?? [343, 431];
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('button, a, input')?.focus();
  }, [view.menu.route]);
  return (
    <Card
      ref={ref}
      $w={w}
      $h={h}
      role="dialog"
      aria-label={title}
      data-testid={testId ?? 'settings-menu'}
      data-route={view.menu.route}
      data-router="settings"
      onKeyDown={onMenuKeyDown}
    >
      <Head>
        {back !== undefined && (
          <button type="button" aria-label={t('menus.back')} onClick={() => go(back)}>
            <Icon name="arrowLeft" />
          </button>
        )}
        <h2>{title}</h2>
        <button type="button" aria-label={t('menus.close')} onClick={close}>
          ✕
        </button>
      </Head>
      <Body>{children}</Body>
    </Card>
  );
}

export function Choice({
  label,
  value,
  selected,
  onClick,
  chevron,
  disabled,
  testId,
}: {
  label: ReactNode;
  value?: ReactNode;
  selected?: boolean;
  onClick: () => void;
  chevron?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Option type="button" $selected={selected} aria-pressed={selected} onClick={onClick} disabled={disabled} data-testid={testId}>
      <span className="label">{label}</span>
      {value !== undefined && <span className="value">{value}</span>}
      {selected && (
        <span className="mark">
          <Icon name="check" size={18} />
        </span>
      )}
      {chevron && <Icon name="chevron" size={18} />}
    </Option>
  );
}

/** A drawn switch: its state is the thumb's side and the track's colour on screen, `aria-checked` for assistive technology. */
const Track = styled.span`
  flex: none;
  position: relative;
  width: 2.25rem;
  height: 1.25rem;
  border-radius: 1rem;
  /* Off: a neutral track (the white thumb carries the contrast); on: the theme's accent. */
  background: rgba(255, 255, 255, 0.22);
  transition: background-color 150ms;
  &::after {
    content: '';
    position: absolute;
    top: 0.15rem;
    inset-inline-start: 0.15rem;
    width: 0.95rem;
    height: 0.95rem;
    border-radius: 50%;
    background: #fff;
    box-shadow: 0 1px 2px rgba(0, 0, 0, 0.4);
    transition: transform 150ms;
  }
  [aria-checked='true'] > & {
    background: ${(p) => p.theme.colors.primary};
  }
  [aria-checked='true'] > &::after {
    transform: translateX(1rem);
  }
  html[dir='rtl'] [aria-checked='true'] > &::after {
    transform: translateX(-1rem);
  }
  @media (prefers-reduced-motion: reduce) {
    &,
    &::after {
      transition: none;
    }
  }
`;

export function Toggle({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  testId?: string;
}) {
  return (
    <Option type="button" role="switch" aria-checked={checked} onClick={() => onChange(!checked)} data-testid={testId}>
      <span className="label">{label}</span>
      <Track aria-hidden="true" data-testid="switch-track" />
    </Option>
  );
}

export function currentUrl(
  source: { type: 'hls'; url: string } | { type: 'file'; qualities: Partial<Record<string, string>> } | null,
  quality: string | null,
): string {
  if (!source) return '';
  if (source.type === 'hls') return source.url;
  return (quality && source.qualities[quality]) || Object.values(source.qualities)[0] || '';
}
