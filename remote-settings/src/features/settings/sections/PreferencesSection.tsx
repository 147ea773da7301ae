import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KNOWN_SOURCES, LANGUAGES, LANGUAGE_NAMES } from 'shared-contracts';
import styled from 'styled-components';
import { completeOrder, move } from '../../../core/source-order';
import { Button, Field, SectionBox, Toggle } from '../../ui';
import type { SettingsDraftApi } from '../use-settings-draft';

const Select = styled.select`
  padding: 0.55rem 0.75rem;
  border-radius: 8px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.surfaceRaised};
  color: ${(p) => p.theme.colors.text};
  font: inherit;
`;

const OrderList = styled.ol`
  list-style: none;
  margin: 0.5rem 0 0;
  padding: 0;
  display: grid;
  gap: 0.4rem;
  li {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.5rem 0.75rem;
    border-radius: 8px;
    background: ${(p) => p.theme.colors.surfaceRaised};
    border: 1px solid ${(p) => p.theme.colors.border};
    cursor: grab;
  }
  li[data-dragging='true'] {
    opacity: 0.5;
  }
  .name {
    flex: 1;
  }
  .grip {
    color: ${(p) => p.theme.colors.textDim};
  }
  button {
    padding: 0.25rem 0.55rem;
  }
`;

function SourceOrder({ order, onChange, disabled }: { order: string[]; onChange: (order: string[]) => void; disabled: boolean }) {
  const { t } = useTranslation('settings');
  const [dragging, setDragging] = useState<number | null>(null);
  const items = useRef<Array<HTMLLIElement | null>>([]);
  const names = new Map(KNOWN_SOURCES.map((s) => [s.id, s.name]));
  const reorder = (from: number, to: number, focus = false) => {
    if (to < 0 || to >= order.length || from === to) return;
    onChange(move(order, from, to));
    if (focus) requestAnimationFrame(() => items.current[to]?.focus());
  };
  const onKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey) return;
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (!step) return;
    event.preventDefault();
    reorder(index, index + step, true);
  };
  return (
    <OrderList aria-label={t('preferences.sourceOrder')} aria-disabled={disabled} data-testid="source-order">
      {order.map((id, index) => {
        const name = names.get(id) ?? id;
        return (
          <li
            key={id}
            ref={(el) => {
              items.current[index] = el;
            }}
            tabIndex={0}
            draggable={!disabled}
            data-source-id={id}
            data-dragging={dragging === index}
            aria-label={t('preferences.position', { name, position: index + 1, total: order.length })}
            onKeyDown={(e) => onKey(e, index)}
            onDragStart={(e) => {
              setDragging(index);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', id);
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null) reorder(dragging, index);
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
          >
            <span className="grip" aria-hidden>
              ⋮⋮
            </span>
            <span className="name">{name}</span>
            <Button
              type="button"
              aria-label={t('preferences.moveUp', { name })}
              disabled={index === 0}
              onClick={() => reorder(index, index - 1)}
            >
              ↑
            </Button>
            <Button
              type="button"
              aria-label={t('preferences.moveDown', { name })}
              disabled={index === order.length - 1}
              onClick={() => reorder(index, index + 1)}
            >
              ↓
            </Button>
          </li>
        );
      })}
    </OrderList>
  );
}

export function PreferencesSection({ draftApi }: { draftApi: SettingsDraftApi }) {
  const { t } = useTranslation('settings');
  const { draft, update } = draftApi;
  const prefs = draft.preferences;
  const set = (patch: Partial<typeof prefs>) => update('preferences', (p) => ({ ...p, ...patch }));
  return (
    <SectionBox id="settings-preferences" aria-labelledby="preferences-title">
      <h2 id="preferences-title">{t('preferences.title')}</h2>
      <Field label={t('preferences.language')} hint={t('preferences.languageHint')}>
        <Select aria-label={t('preferences.language')} value={draft.language} onChange={(e) => update('language', e.target.value)}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </Select>
      </Field>
      <Toggle
        label={t('preferences.thumbnails')}
        hint={t('preferences.thumbnailsHint')}
        checked={prefs.enableThumbnails}
        onChange={(v) => set({ enableThumbnails: v })}
      />
      <Toggle
        label={t('preferences.autoplay')}
        hint={t('preferences.autoplayHint')}
        checked={prefs.enableAutoplay}
        onChange={(v) => set({ enableAutoplay: v })}
      />
      <Toggle
        label={t('preferences.skipCredits')}
        hint={t('preferences.skipCreditsHint')}
        checked={prefs.enableSkipCredits}
        onChange={(v) => set({ enableSkipCredits: v })}
      />
      <Toggle
        label={t('preferences.sourceOrder')}
        hint={t('preferences.sourceOrderHint')}
        checked={prefs.enableSourceOrder}
        onChange={(v) => set({ enableSourceOrder: v, sourceOrder: completeOrder(prefs.sourceOrder, KNOWN_SOURCES) })}
      />
      {prefs.enableSourceOrder && (
        <SourceOrder
          order={completeOrder(prefs.sourceOrder, KNOWN_SOURCES)}
          disabled={false}
          onChange={(order) => set({ sourceOrder: order })}
        />
      )}
    </SectionBox>
  );
}
