import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'shared-contracts/router';
import styled from 'styled-components';
import { isPreviousEntry } from '../navigation';

const Form = styled.form`
  position: relative;
  max-width: 40rem;
  margin: 0 auto;
  input {
    width: 100%;
    box-sizing: border-box;
    padding: 0.95rem 3rem 0.95rem 1.2rem;
    border-radius: 999px;
    border: 1px solid ${(p) => p.theme.colors.border};
    background: ${(p) => p.theme.colors.surfaceRaised};
    color: ${(p) => p.theme.colors.text};
    font: inherit;
    font-size: 1.05rem;
  }
  input::placeholder {
    color: ${(p) => p.theme.colors.textDim};
  }
  /* One clear button: ours (labelled, themed), not also the browser's own for type=search. */
  input::-webkit-search-cancel-button {
    -webkit-appearance: none;
    appearance: none;
    display: none;
  }
  button {
    position: absolute;
    inset-inline-end: 0.5rem;
    top: 50%;
    transform: translateY(-50%);
    border: 0;
    background: none;
    color: ${(p) => p.theme.colors.textDim};
    font-size: 1.2rem;
    padding: 0.4rem 0.6rem;
    cursor: pointer;
  }
`;

const DEBOUNCE_MS = 300;

/**
 * Typing updates /browse/<query> (debounced); clearing it returns home: an empty search is no search.
 * The first search adds one history entry and later keystrokes replace it, so Back from the results
 * returns to the page the search started on instead of leaving the site.
 */
export function SearchBox({ query, placeholder }: { query: string; placeholder: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(query);
  const inputId = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the box follows the URL's query when it changes (Back, a link)
    setValue(query);
  }, [query]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Whether this page shows results: the first search pushes, later ones replace.
  const showingResults = useRef(query !== '');
  useEffect(() => {
    showingResults.current = query !== '';
  }, [query]);

  const go = (text: string) => {
    const trimmed = text.trim();
    if (trimmed) {
      void navigate(`/browse/${encodeURIComponent(trimmed)}`, { replace: showingResults.current });
      showingResults.current = true;
      return;
    }
    if (!showingResults.current) return;
    showingResults.current = false;
    // Cleared: back to the home the search started on, as it was, when it is the previous entry.
    if (isPreviousEntry('/')) void navigate(-1);
    else void navigate('/', { replace: true });
  };

  return (
    <Form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        go(value);
      }}
    >
      <label htmlFor={inputId} style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('home.search.label')}
      </label>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => go(next), DEBOUNCE_MS);
        }}
      />
      {value && (
        <button
          type="button"
          aria-label={t('home.search.clear')}
          onClick={() => {
            clearTimeout(timer.current);
            setValue('');
            go('');
          }}
        >
          ×
        </button>
      )}
    </Form>
  );
}
