import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../ui/Toast';
import { usePublicConfig } from './public-config';
import { applySeo } from './seo';

/** Applies the SEO config to the document once it loads; says so when the system configuration cannot be read. */
export function SeoHead() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const { data, error } = usePublicConfig();

  useEffect(() => {
    if (data) applySeo(data.seo);
  }, [data]);

  useEffect(() => {
    if (error) showToast({ type: 'error', title: t('common.errors.configFailed') });
  }, [error, showToast, t]);

  return null;
}
