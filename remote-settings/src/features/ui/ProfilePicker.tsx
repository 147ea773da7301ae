/**
 * The profile's two colours and icon ({colorA, colorB, icon}, docs/behaviour.md#account-local-account): radio groups of named
 * swatches (the shared palette, plus a custom colour) and of the shared icons, with a live preview of
 * the avatar the header draws. Arrow keys move the choice, as in any radio group (mirrored right to left).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_COLORS, PROFILE_ICON_PATHS, profileIconPath, type AccountProfile } from 'shared-contracts';
import styled from 'styled-components';
import { onRadioKeys, radioTabIndex } from './radio-keys';

const ICON_KEYS = Object.keys(PROFILE_ICON_PATHS);

const Group = styled.div`
  margin: 0 0 1rem;
  .legend {
    font-weight: 600;
    margin: 0 0 0.4rem;
  }
`;

const Options = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  [role='radio'] {
    display: grid;
    place-items: center;
    width: 2.75rem;
    height: 2.75rem;
    padding: 0;
    border-radius: 50%;
    border: 2px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
    cursor: pointer;
  }
  [role='radio'][aria-checked='true'] {
    border-color: ${(p) => p.theme.colors.text};
    box-shadow: 0 0 0 2px ${(p) => p.theme.colors.primary};
  }
  [role='radio']:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.primary};
    outline-offset: 3px;
  }
  .custom {
    position: relative;
    display: grid;
    place-items: center;
    width: 2.75rem;
    height: 2.75rem;
    border-radius: 50%;
    border: 2px dashed ${(p) => p.theme.colors.border};
    cursor: pointer;
  }
  .custom.chosen {
    border-style: solid;
    border-color: ${(p) => p.theme.colors.text};
    box-shadow: 0 0 0 2px ${(p) => p.theme.colors.primary};
  }
  .custom:focus-within {
    outline: 2px solid ${(p) => p.theme.colors.primary};
    outline-offset: 3px;
  }
  .custom input {
    position: absolute;
    inset: 0;
    opacity: 0;
    cursor: pointer;
    width: 100%;
    height: 100%;
    border: 0;
    padding: 0;
  }
`;

const Swatch = styled.span`
  width: 1.6rem;
  height: 1.6rem;
  border-radius: 50%;
  /* The colour comes from the style attribute: one rule for every swatch. */
  background: var(--swatch);
`;

const Preview = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin: 0 0 1rem;
`;

export const Avatar = styled.span`
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: 50%;
  background: linear-gradient(135deg, var(--avatar-a), var(--avatar-b));
  color: #fff;
`;

function Icon({ icon, size = 22 }: { icon: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={profileIconPath(icon)} />
    </svg>
  );
}

/** Arrow keys move the checked radio and the focus (roving tabindex), mirrored in right-to-left pages. */
function RadioGroup({
  label,
  testId,
  count,
  index,
  choose,
  children,
}: {
  label: string;
  testId: string;
  count: number;
  index: number;
  choose: (next: number) => void;
  children: ReactNode;
}) {
  return (
    <Group>
      <p className="legend" id={`${testId}-label`}>
        {label}
      </p>
      <Options
        role="radiogroup"
        aria-labelledby={`${testId}-label`}
        data-testid={testId}
        onKeyDown={(e) => onRadioKeys(e, count, index, choose)}
      >
        {children}
      </Options>
    </Group>
  );
}

function ColorChoice({
  label,
  testId,
  value,
  onChange,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (color: string) => void;
}) {
  const { t } = useTranslation('settings');
  const index = PROFILE_COLORS.findIndex((color) => color.value.toLowerCase() === value.toLowerCase());
  return (
    <Group>
      <p className="legend" id={`${testId}-label`}>
        {label}
      </p>
      <Options>
        {/* Its swatches and the custom one wrap as one row (display: contents keeps the group's role). */}
        <div
          role="radiogroup"
          style={{ display: 'contents' }}
          aria-labelledby={`${testId}-label`}
          data-testid={testId}
          onKeyDown={(e) => onRadioKeys(e, PROFILE_COLORS.length, index, (next) => onChange(PROFILE_COLORS[next]!.value))}
        >
          {PROFILE_COLORS.map((color, i) => (
            <button
              key={color.key}
              type="button"
              role="radio"
              aria-checked={i === index}
              aria-label={t(`account.colors.${color.key}`)}
              tabIndex={radioTabIndex(i, index)}
              onClick={() => onChange(color.value)}
            >
              <Swatch style={{ '--swatch': color.value }} />
            </button>
          ))}
        </div>
        {/* Any other colour: the browser's colour picker, checked-looking when the colour is not in the palette. */}
        <label className={index < 0 ? 'custom chosen' : 'custom'} title={t('account.colors.custom')}>
          <Swatch
            style={{
              '--swatch': index < 0 ? value : 'conic-gradient(#e04f5f, #d6a23a, #4fa36b, #3aafb9, #2e65cf, #8d44d6, #e04f5f)',
            }}
          />
          <input
            type="color"
            aria-label={`${label}: ${t('account.colors.custom')}`}
            data-testid={`${testId}-custom`}
            value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
            onChange={(e) => onChange(e.target.value)}
          />
        </label>
      </Options>
    </Group>
  );
}

export function ProfilePicker({ profile, onChange }: { profile: AccountProfile; onChange: (profile: AccountProfile) => void }) {
  const { t } = useTranslation('settings');
  const iconIndex = ICON_KEYS.indexOf(profile.icon);
  return (
    <div data-testid="profile-picker">
      <Preview>
        <Avatar
          data-testid="profile-preview"
          style={{ '--avatar-a': profile.colorA, '--avatar-b': profile.colorB }}
          role="img"
          aria-label={t('account.preview')}
        >
          <Icon icon={profile.icon} size={26} />
        </Avatar>
      </Preview>
      <ColorChoice
        label={t('account.colorA')}
        testId="profile-color-a"
        value={profile.colorA}
        onChange={(colorA) => onChange({ ...profile, colorA })}
      />
      <ColorChoice
        label={t('account.colorB')}
        testId="profile-color-b"
        value={profile.colorB}
        onChange={(colorB) => onChange({ ...profile, colorB })}
      />
      <RadioGroup
        label={t('account.icon')}
        testId="profile-icon"
        count={ICON_KEYS.length}
        index={iconIndex}
        choose={(next) => onChange({ ...profile, icon: ICON_KEYS[next]! })}
      >
        {ICON_KEYS.map((key, i) => (
          <button
            key={key}
            type="button"
            role="radio"
            aria-checked={i === iconIndex}
            aria-label={t(`account.icons.${key}`)}
            tabIndex={radioTabIndex(i, iconIndex)}
            onClick={() => onChange({ ...profile, icon: key })}
          >
            <Icon icon={key} />
          </button>
        ))}
      </RadioGroup>
    </div>
  );
}
