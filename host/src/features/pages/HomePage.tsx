import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Hero = styled.section`
  max-width: 48rem;
  margin: 4rem auto 2rem;
  text-align: center;
  h1 { font-size: clamp(1.6rem, 4vw, 2.6rem); margin: 0 0 0.75rem; }
  p { color: ${(p) => p.theme.colors.textDim}; }
`;

export function HomePage() {
  const { t } = useTranslation();
  return (
    <Hero>
      <h1>{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
    </Hero>
  );
}
