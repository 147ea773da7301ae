/** docs/behaviour.md#discover-random-movie: a random movie after a 5 s countdown (5 to 0); pressing again cancels. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaPath, type MediaCard, useHostServices } from 'shared-contracts';
import styled from 'styled-components';
import { RANDOM_COUNTDOWN_S } from '../../core/constants';
import { loadedItems } from '../carousel';

const Button = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-width: 11rem;
  justify-content: center;
  padding: 0.6rem 1.1rem;
  border-radius: 999px;
  border: 1px solid ${(p) => p.theme.colors.border};
  background: ${(p) => p.theme.colors.surfaceRaised};
  color: ${(p) => p.theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${(p) => p.theme.colors.primary};
    color: ${(p) => p.theme.colors.primaryText};
    border-color: transparent;
  }
`;

type Countdown = { movie: MediaCard; left: number } | null;

export function RandomMovie() {
  const { t } = useTranslation('discover');
  const { catalog, navigate } = useHostServices();
  const [countdown, setCountdown] = useState<Countdown>(null);
  const picking = useRef(0);

  useEffect(() => {
    if (!countdown) return;
    if (countdown.left <= 0) {
      navigate(mediaPath(countdown.movie, countdown.movie.title));
      return;
    }
    const timer = setTimeout(() => setCountdown((c) => (c ? { ...c, left: c.left - 1 } : c)), 1000);
    return () => clearTimeout(timer);
  }, [countdown, navigate]);

  const start = async () => {
    const attempt = ++picking.current;
    let movies = loadedItems().filter((c) => c.type === 'movie');
    if (movies.length === 0) {
      try {
        movies = await catalog.list({ kind: 'movie-list', list: 'popular' }, 1);
      } catch (error) {
        console.error('[discover] no movie to pick at random', error);
        return;
      }
    }
    const movie = movies[Math.floor(Math.random() * movies.length)];
    if (movie && attempt === picking.current) setCountdown({ movie, left: RANDOM_COUNTDOWN_S });
  };

  const running = countdown !== null;
  return (
    <>
      <Button
        type="button"
        aria-pressed={running}
        data-testid="random-movie"
        onClick={() => {
          if (running) {
            picking.current++;
            setCountdown(null);
          } else void start();
        }}
      >
        {running ? t('random.cancel', { count: countdown.left }) : t('random.button')}
      </Button>
      <span role="status" className="visually-hidden" data-testid="random-status">
        {running ? t('random.status', { title: countdown.movie.title, count: countdown.left }) : ''}
      </span>
    </>
  );
}
