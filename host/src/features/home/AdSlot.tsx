import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

/**
 * The ad slot (the `showAd` config flag, off by default: docs/behaviour.md#product-configuration): a labelled, reserved box
 * with a stable id that a deploy's own ad script fills. Nothing is loaded from here.
 */
const AdBox = styled.aside`
  max-width: 80rem;
  min-height: 90px;
  margin: 1.5rem auto 0;
  border: 1px dashed ${(p) => p.theme.colors.border};
  border-radius: 0.5rem;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  small {
    color: ${(p) => p.theme.colors.textDim};
    font-size: 0.75rem;
  }
`;

export default function AdSlot() {
  const { t } = useTranslation();
  return (
    <AdBox id="mw-ad-slot" data-testid="ad-slot" aria-label={t('home.ad')}>
      <small>{t('home.ad')}</small>
    </AdBox>
  );
}
