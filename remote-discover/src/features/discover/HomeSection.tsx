import { useEffect, useState } from 'react';
import { isReleased, mediaPath, useHost, type MediaCard } from 'shared-contracts';
import { Link } from 'react-router';
import styled from 'styled-components';

const Row = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 0 0.5rem;
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(9rem, 10rem);
  gap: 1rem;
  overflow-x: auto;
  a { color: ${(p) => p.theme.colors.text}; text-decoration: none; display: block; }
  img, .ph { width: 100%; aspect-ratio: 2 / 3; object-fit: cover; border-radius: 10px; background: ${(p) => p.theme.colors.surfaceRaised}; display: block; }
  h3 { font-size: 0.9rem; margin: 0.4rem 0 0; }
  span { font-size: 0.8rem; color: ${(p) => p.theme.colors.textDim}; }
`;

/** Home's Discover section: a row of popular titles, linking to Discover for more. */
export default function HomeSection() {
  const { catalog } = useHost();
  const [items, setItems] = useState<MediaCard[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    catalog.list({ kind: 'movie-list', list: 'popular' }, 1, { signal: controller.signal }).then(
      (list) => setItems(list.slice(0, 12)),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[discover] popular list failed', error); // spec §8: logged, list stays empty
        setFailed(true);
      },
    );
    return () => controller.abort();
  }, [catalog]);
  if (failed) return null;
  return (
    <div data-testid="discover-home-section" aria-busy={items === null}>
      <Row>
        {(items ?? Array.from({ length: 6 }, () => null)).map((card, i) =>
          card ? (
            <li key={card.tmdbId}>
              <Link to={mediaPath(card, card.title)}>
                {card.poster ? <img src={card.poster} alt="" loading="lazy" /> : <div className="ph" />}
                <h3>{card.title}</h3>
                <span>{isReleased(card) ? card.year : 'Unreleased'}</span>
              </Link>
            </li>
          ) : (
            <li key={i} aria-hidden>
              <div className="ph" />
            </li>
          ),
        )}
      </Row>
      <Link to="/discover">Discover more</Link>
    </div>
  );
}
