/** A grid of title cards for home's sections and search results. */
import { encodeMediaId, isReleased, mediaPath, type MediaCard as Card } from 'shared-contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'shared-contracts/router';
import styled from 'styled-components';

export const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
  gap: 1.25rem 1rem;
  @media (max-width: 480px) {
    grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr));
  }
`;

const CardLink = styled(Link)`
  display: block;
  color: ${(p) => p.theme.colors.text};
  text-decoration: none;
  border-radius: 10px;
  .poster {
    position: relative;
    aspect-ratio: 2 / 3;
    border-radius: 10px;
    overflow: hidden;
    background: ${(p) => p.theme.colors.surfaceRaised};
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
  .noposter {
    display: grid;
    place-items: center;
    height: 100%;
    padding: 0.5rem;
    text-align: center;
    color: ${(p) => p.theme.colors.textDim};
  }
  h3 {
    font-size: 0.95rem;
    margin: 0.5rem 0 0.1rem;
    line-height: 1.3;
    /* The title runs in its own direction but lines up with the page. */
    text-align: match-parent;
  }
  .meta {
    font-size: 0.8rem;
    color: ${(p) => p.theme.colors.textDim};
  }
  .bar {
    position: absolute;
    inset-inline: 0;
    bottom: 0;
    height: 4px;
    background: rgb(0 0 0 / 50%);
  }
  .bar span {
    display: block;
    height: 100%;
    background: ${(p) => p.theme.colors.primary};
  }
  &:hover h3 {
    color: ${(p) => p.theme.colors.primary};
  }
`;

export interface GridCardProps {
  card: Card;
  /** 0..1 watched; a bar is drawn (full above 98%, spec §5). */
  progress?: number;
  /** Where the card leads; the title's watch page by default. */
  to?: string;
  subtitle?: string;
}

export function GridCard({ card, progress, to, subtitle }: GridCardProps) {
  const { t } = useTranslation();
  const year = isReleased(card) ? (card.year ? String(card.year) : '') : t('media.unreleased');
  const percent = progress === undefined ? undefined : progress > 0.98 ? 100 : Math.round(progress * 100);
  return (
    <li>
      <CardLink to={to ?? mediaPath(card, card.title)} data-testid="media-card" data-media-id={encodeMediaId(card)}>
        <div className="poster">
          {card.poster ? (
            <img src={card.poster} alt="" loading="lazy" width={342} height={513} />
          ) : (
            <div className="noposter" dir="auto">
              {card.title}
            </div>
          )}
          {percent !== undefined && (
            <div className="bar" role="progressbar" aria-label={card.title} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
              <span style={{ width: `${percent}%` }} />
            </div>
          )}
        </div>
        <h3 dir="auto">{card.title}</h3>
        <div className="meta">{subtitle ?? [t(`media.types.${card.type}`), year].filter(Boolean).join(' · ')}</div>
      </CardLink>
    </li>
  );
}
