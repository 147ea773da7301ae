/** Layout variables shared by Discover's rows and home's card sections. */
import styled from 'styled-components';

export const PageStyle = styled.section`
  --page-pad: 1.5rem;
  --card-width: 10.5rem;
  --card-gap: 1rem;
  /* Poster (2:3) + title + meta line: a row keeps this height whatever it shows (no layout shift). */
  --row-height: calc(var(--card-width) * 1.5 + 3.6rem);
  /* Full-bleed rows: undo the host's main padding, keep it as the rows' own inline padding. */
  margin-inline: -1.5rem;
  @media (max-width: 1023.98px) {
    --page-pad: 1rem;
    margin-inline: -1rem;
  }
  @media (max-width: 599.98px) {
    --card-width: 8.25rem;
    --card-gap: 0.75rem;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;

/** Home sections sit inside the host's own section: no bleed there. */
export const SectionStyle = styled.div`
  --page-pad: 0px;
  --card-width: 10rem;
  --card-gap: 1rem;
  --row-height: calc(var(--card-width) * 1.5 + 3.6rem);
  @media (max-width: 599.98px) {
    --card-width: 8rem;
    --card-gap: 0.75rem;
  }
`;
