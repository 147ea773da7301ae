import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styled from 'styled-components';

const Box = styled.section`
  max-width: 36rem;
  margin: 4rem auto;
  text-align: center;
  p { color: ${(p) => p.theme.colors.textDim}; }
  a { color: ${(p) => p.theme.colors.primary}; }
`;

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/">{t('notFound.home')}</Link>
    </Box>
  );
}
