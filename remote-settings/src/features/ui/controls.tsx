/** Small form controls of the settings remote. */
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

export const SectionBox = styled.section`
  padding: 1.5rem 0 2rem;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
  scroll-margin-top: 5rem;
  h2 {
    margin: 0 0 1rem;
    font-size: 1.35rem;
  }
  h3 {
    margin: 1.5rem 0 0.6rem;
    font-size: 1rem;
  }
  .hint {
    color: ${(p) => p.theme.colors.textDim};
    font-size: 0.9rem;
    margin: 0.15rem 0 0;
  }
  [role='alert'] {
    color: ${(p) => p.theme.colors.danger};
  }
`;

export const Button = styled.button<{ $variant?: 'primary' | 'secondary' | 'danger' }>`
  padding: 0.55rem 1rem;
  border-radius: 8px;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  border: 1px solid ${(p) => (p.$variant === 'primary' ? 'transparent' : p.theme.colors.border)};
  background: ${(p) => (p.$variant === 'primary' ? p.theme.colors.primary : p.theme.colors.surfaceRaised)};
  color: ${(p) => (p.$variant === 'primary' ? p.theme.colors.primaryText : p.$variant === 'danger' ? p.theme.colors.danger : p.theme.colors.text)};
  &:disabled {
    opacity: 0.6;
    cursor: default;
  }
`;

export const TextInput = styled.input`
  padding: 0.55rem 0.75rem;
  border-radius: 8px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.surfaceRaised};
  color: ${(p) => p.theme.colors.text};
  font: inherit;
  min-width: 0;
  flex: 1;
`;

const ToggleRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 1rem;
  padding: 0.75rem 0;
  .label {
    font-weight: 600;
  }
  button[role='switch'] {
    flex: none;
    width: 2.8rem;
    height: 1.6rem;
    border-radius: 999px;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surfaceRaised};
    position: relative;
    cursor: pointer;
  }
  button[role='switch']::after {
    content: '';
    position: absolute;
    top: 0.15rem;
    inset-inline-start: 0.15rem;
    width: 1.2rem;
    height: 1.2rem;
    border-radius: 50%;
    background: ${(p) => p.theme.colors.textDim};
    transition: inset-inline-start 120ms;
  }
  button[aria-checked='true'] {
    background: ${(p) => p.theme.colors.primary};
  }
  button[aria-checked='true']::after {
    inset-inline-start: 1.35rem;
    background: ${(p) => p.theme.colors.primaryText};
  }
`;

export function Toggle({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <ToggleRow>
      <div>
        <div className="label" id={`${id}-label`}>
          {label}
        </div>
        {hint && (
          <p className="hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onClick={() => onChange(!checked)}
      />
    </ToggleRow>
  );
}

const SliderRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 5rem;
  gap: 0.25rem 1rem;
  align-items: center;
  padding: 0.5rem 0;
  span.name {
    grid-column: 1 / -1;
    font-weight: 600;
  }
  /* Themed: the track's filled part and the thumb take the theme's accent. */
  input[type='range'] {
    width: 100%;
    margin: 0;
    height: 1.75rem;
    accent-color: ${(p) => p.theme.colors.primary};
    cursor: pointer;
  }
  input[type='range']:focus-visible {
    outline: 2px solid ${(p) => p.theme.colors.primary};
    outline-offset: 2px;
    border-radius: 4px;
  }
  input[type='number'] {
    width: 100%;
    box-sizing: border-box;
  }
`;

/**
 * A range slider with a typed number field (typed values rounded when the step has no decimals;
 * non-numbers ignored). Each control is named by the label alone, so its name stays the same while its
 * value changes (a wrapping label would read the number field's value into the slider's name).
 */
export function Slider({
  label,
  value,
  min,
  max,
  step = 1,
  unit = '%',
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  unit?: string;
  onChange: (value: number) => void;
}) {
  const decimals = step < 1 ? String(step).split('.')[1]!.length : 0;
  const set = (raw: string) => {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n)) return;
    const rounded = decimals === 0 ? Math.round(n) : Number(n.toFixed(decimals));
    onChange(Math.min(max, Math.max(min, rounded)));
  };
  const id = useId();
  return (
    <SliderRow>
      <span className="name" id={`${id}-name`}>
        {label}
      </span>
      <input
        type="range"
        aria-labelledby={`${id}-name`}
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-valuetext={`${value}${unit}`}
      />
      <TextInput
        as="input"
        type="number"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-label={`${label} (${unit})`}
        onChange={(e) => set(e.target.value)}
      />
    </SliderRow>
  );
}

export function Field({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div style={{ padding: '0.5rem 0' }}>
      <div style={{ fontWeight: 600 }}>{label}</div>
      {hint && <p className="hint">{hint}</p>}
      <div style={{ display: 'flex', gap: '0.5rem', marginTop: '0.5rem', flexWrap: 'wrap' }}>{children}</div>
    </div>
  );
}
